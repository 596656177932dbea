import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setLocale, type RemoteEntry } from '@uc/shared';
import { registerShellMessages } from '../../locales';
import { usePwa } from '../../pwa/pwa-store';
import { RemoteLoadError } from './remote-load-error';
import { RemoteOutlet } from './remote-outlet';
import { loadRemoteRoutes } from './remote-runtime';

jest.mock('./remote-runtime', () => ({ loadRemoteRoutes: jest.fn(), prefetchPageData: jest.fn(), readyRoutes: () => undefined }));
const load = loadRemoteRoutes as jest.MockedFunction<typeof loadRemoteRoutes>;

const org: RemoteEntry = {
  name: 'org',
  entry: '/user/web/remotes/org/0.1.0-abcdef12/mf-manifest.json',
  version: '0.1.0-abcdef12',
  routes: ['/org'],
  title: {},
  icon: '',
  pages: [],
};
const orgRoutes = [{ path: '/org', children: [{ path: 'user', element: <p>user list</p> }] }];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RemoteOutlet remote={org} moduleName="组织管理" notFound={<p>not found</p>} />
    </MemoryRouter>,
  );
}

beforeAll(() => registerShellMessages());
beforeEach(() => {
  usePwa.setState({ offline: false });
  load.mockReset();
  setLocale('zh-CN');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteOutlet', () => {
  it('shows a translated message and a retry that really loads again', async () => {
    load.mockRejectedValueOnce(new RemoteLoadError('org', new Error('404'))).mockResolvedValueOnce(orgRoutes);
    renderAt('/org/user');

    expect(await screen.findByText('组织管理模块加载失败')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith(org, false);

    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('user list')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(org, true);
  });

  it('speaks English when the console does', async () => {
    setLocale('en-US');
    load.mockRejectedValue(new RemoteLoadError('org'));
    renderAt('/org/user');
    expect(await screen.findByText('The 组织管理 module could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('contains a remote page that crashes while rendering', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    load.mockResolvedValue([{ path: '/org', children: [{ path: 'user', element: <Broken /> }] }]);
    renderAt('/org/user');
    expect(await screen.findByText('组织管理模块加载失败')).toBeInTheDocument();
  });

  it('shows the 404 page for a path the remote does not serve', async () => {
    load.mockResolvedValue(orgRoutes);
    renderAt('/org/nowhere');
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });

  it('says the network is down when the remote fails offline, and loads it on a retry once back online', async () => {
    usePwa.setState({ offline: true });
    load.mockRejectedValueOnce(new RemoteLoadError('org', new TypeError('Failed to fetch'))).mockResolvedValueOnce(orgRoutes);
    renderAt('/org/user');
    expect(await screen.findByText('网络已断开')).toBeInTheDocument();
    expect(screen.getByTestId('offline-result')).toHaveTextContent('当前处于离线状态，组织管理模块需要网络才能打开');
    expect(screen.queryByText('组织管理模块加载失败')).not.toBeInTheDocument();
    usePwa.setState({ offline: false });
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('user list')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith(org, true);
  });
});
