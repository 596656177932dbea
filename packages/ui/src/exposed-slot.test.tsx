import { act, fireEvent, render, screen } from '@testing-library/react';
import { type RemoteEntry } from '@uc/contracts';
import { provideRemoteModuleLoader, refreshRegistryAndMenus, setLocale, useSession } from '@uc/client';
import { defineExposedModule } from '@uc/client/exposed';
import { ExposedSlot } from './exposed-slot';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), refreshRegistryAndMenus: jest.fn() }));
const mockRefresh = refreshRegistryAndMenus as jest.MockedFunction<typeof refreshRegistryAndMenus>;

type Screens = { version: string; Users: (props: { tenantId: number }) => React.ReactNode };
const SPEC = defineExposedModule<Screens>('org', './tenant-screens', '1.0');
const org = (version: string): RemoteEntry => ({
  name: 'org',
  entry: `/user/web/remotes/org/${version}/mf-manifest.json`,
  version,
  routes: ['/org'],
  title: { 'zh-CN': '组织管理', 'en-US': 'Organisation' },
  icon: '',
  pages: [],
  refused: [],
});
/** A build of org's screens that says which it is. */
const build = (name: string, version = '1.0'): Screens => ({ version, Users: ({ tenantId }) => <p>{`${name}: tenant ${tenantId}`}</p> });

const slot = () => <ExposedSlot module={SPEC} render={(m) => <m.Users tenantId={7} />} testId="users" />;

beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ remotes: [org('A')] });
  mockRefresh.mockReset();
  mockRefresh.mockImplementation(async () => useSession.getState().remotes);
});
afterEach(() => provideRemoteModuleLoader(null));

describe('ExposedSlot', () => {
  it('renders what the remote exposes, with the props given, and keeps that version while it is on screen', async () => {
    const loader = jest.fn(async () => build('A'));
    provideRemoteModuleLoader(loader);
    const { unmount } = render(slot());
    expect(await screen.findByText('A: tenant 7')).toBeInTheDocument();

    // A deploy: the registry names B; the slot on screen keeps A, the next one shows B.
    loader.mockImplementation(async () => build('B'));
    act(() => useSession.setState({ remotes: [org('B')] }));
    expect(screen.getByText('A: tenant 7')).toBeInTheDocument();
    unmount();
    render(slot());
    expect(await screen.findByText('B: tenant 7')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('follows the registry to a new version when the one it was told of fails', async () => {
    provideRemoteModuleLoader(async () => {
      if (useSession.getState().remotes[0]!.version === 'A') throw new Error('404');
      return build('B');
    });
    mockRefresh.mockImplementation(async () => {
      useSession.setState({ remotes: [org('B')] });
      return useSession.getState().remotes;
    });
    render(slot());
    expect(await screen.findByText('B: tenant 7')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('says the module failed, with the remote’s title, and loads it afresh on retry', async () => {
    const loader = jest.fn(async (_remote: string, _expose: string, _options: { fresh: boolean }): Promise<unknown> => Promise.reject(new Error('down')));
    provideRemoteModuleLoader(loader);
    render(slot());
    expect(await screen.findByTestId('users-failed')).toHaveTextContent('组织管理模块加载失败');
    expect(screen.getByText(/组织管理模块暂时无法加载/)).toBeInTheDocument();

    loader.mockImplementation(async () => build('A'));
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('A: tenant 7')).toBeInTheDocument();
    expect(loader.mock.calls.at(-1)).toEqual(['org', './tenant-screens', { fresh: true }]);
  });

  it('refuses a provider built against another interface version, saying what to do', async () => {
    provideRemoteModuleLoader(async () => build('A', '2.0'));
    render(slot());
    expect(await screen.findByTestId('users-failed')).toHaveTextContent('组织管理模块提供的接口版本 2.0 与本页面需要的版本 1.0 不兼容，请部署相互匹配的版本。');
    expect(screen.queryByText(/tenant 7/)).toBeNull();
  });

  it('says outside the console (a remote run standalone) that it shows only there', async () => {
    setLocale('en-US');
    render(slot());
    expect(await screen.findByTestId('users-failed')).toHaveTextContent('Organisation is shown inside the console only: open this page in the console.');
  });
});
