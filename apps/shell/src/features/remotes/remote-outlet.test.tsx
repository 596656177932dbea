import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { setLocale, useSession } from '@uc/client';
import { registerShellMessages } from '../../locales';
import { usePwa } from '../../pwa/pwa-store';
import { RemoteLoadError } from './remote-load-error';
import { RemoteOutlet } from './remote-outlet';
import { loadRemoteRoutes } from './remote-runtime';
import { registryMovedOn } from './registry-refresh';

jest.mock('./remote-runtime', () => ({ loadRemoteRoutes: jest.fn(), prefetchPageData: jest.fn(), readyRoutes: () => undefined }));
jest.mock('./registry-refresh', () => ({ registryMovedOn: jest.fn() }));
const load = loadRemoteRoutes as jest.MockedFunction<typeof loadRemoteRoutes>;
const movedOn = registryMovedOn as jest.MockedFunction<typeof registryMovedOn>;

const org: RemoteEntry = {
  name: 'org',
  entry: '/user/web/remotes/org/0.1.0-abcdef12/mf-manifest.json',
  version: '0.1.0-abcdef12',
  routes: ['/org'],
  title: {},
  icon: '',
  pages: [],
  refused: [],
};
const orgRoutes = [{ path: '/org', children: [{ path: 'user', element: <p>user list</p> }] }];
// The same remote redeployed: another version at another entry (the old one's files are gone).
const org2: RemoteEntry = { ...org, entry: '/user/web/remotes/org/0.1.0-99887766/mf-manifest.json', version: '0.1.0-99887766' };
const org2Routes = [{ path: '/org', children: [{ path: 'user', element: <p>user list v2</p> }] }];

/** The outlet as the switch renders it: with the org entry the registry in the store names. */
function Routed() {
  const remote = useSession((s) => s.remotes.find((r) => r.name === 'org'))!;
  return <RemoteOutlet remote={remote} moduleName="组织管理" notFound={<p>not found</p>} />;
}
/** The registry, asked again, names version 2 (what a redeploy leaves). */
const registryNamesVersion2 = async () => {
  useSession.setState({ remotes: [org2] });
  return true;
};

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
  useSession.setState({ remotes: [org] });
  load.mockReset();
  movedOn.mockReset();
  movedOn.mockResolvedValue(false);
  setLocale('zh-CN');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteOutlet', () => {
  it('shows a translated message and a retry that really loads again', async () => {
    load.mockRejectedValueOnce(new RemoteLoadError('org', new Error('404'))).mockResolvedValueOnce(orgRoutes);
    renderAt('/org/user');

    expect(await screen.findByText('组织管理模块加载失败')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith(org, false);
    // The registry was asked first whether the version was replaced; it was not.
    expect(movedOn).toHaveBeenCalledWith(org);

    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('user list')).toBeInTheDocument();
    expect(movedOn).toHaveBeenLastCalledWith(org, { force: true });
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(org, true);
  });

  it('follows a version removed by a redeploy to the one the registry names now, without an error', async () => {
    load.mockImplementation(async (remote) => {
      if (remote.entry === org.entry) throw new RemoteLoadError('org', new Error('404'), 'gone');
      return org2Routes;
    });
    movedOn.mockImplementation(registryNamesVersion2);
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <Routed />
      </MemoryRouter>,
    );
    expect(await screen.findByText('user list v2')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith(org2, false);
    expect(screen.queryByText('组织管理模块加载失败')).not.toBeInTheDocument();
  });

  it('the retry button also asks the registry, and loads the new version it names', async () => {
    load.mockImplementation(async (remote) => {
      if (remote.entry === org.entry) throw new RemoteLoadError('org', new Error('Failed to fetch'));
      return org2Routes;
    });
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <Routed />
      </MemoryRouter>,
    );
    // Not redeployed yet: the failure is shown.
    expect(await screen.findByText('组织管理模块加载失败')).toBeInTheDocument();
    // Now it is: the retry finds the new version.
    movedOn.mockImplementation(registryNamesVersion2);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /重\s*试/ })));
    expect(await screen.findByText('user list v2')).toBeInTheDocument();
    expect(movedOn).toHaveBeenLastCalledWith(org, { force: true });
  });

  it('moves a page that works to a new version the registry names (a navigation found it)', async () => {
    load.mockImplementation(async (remote) => (remote.entry === org.entry ? orgRoutes : org2Routes));
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <Routed />
      </MemoryRouter>,
    );
    expect(await screen.findByText('user list')).toBeInTheDocument();
    act(() => useSession.setState({ remotes: [org2] }));
    expect(await screen.findByText('user list v2')).toBeInTheDocument();
    expect(movedOn).not.toHaveBeenCalled();
  });

  it('says so when the manifest hangs, in both languages', async () => {
    load.mockRejectedValue(new RemoteLoadError('org', new Error('RUNTIME_003'), 'timeout'));
    const zh = renderAt('/org/user');
    expect(await screen.findByText(/组织管理模块在 15 秒内没有响应/)).toBeInTheDocument();
    zh.unmount();
    setLocale('en-US');
    renderAt('/org/user');
    expect(await screen.findByText(/The 组织管理 module did not answer within 15 seconds/)).toBeInTheDocument();
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
