import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { refreshRegistryAndMenus, setLocale, useSession } from '@uc/client';
import { registerShellMessages } from '../../locales';
import { usePwa } from '../../pwa/pwa-store';
import { manifestRefusals, runtimeRefusal, SharedVersionRefusal } from './remote-refusal';
import { RemoteOutlet } from './remote-outlet';
import { loadRemoteRoutes } from './remote-runtime';
import RemoteSwitch from './remote-switch';
import { resetRegistryRefreshForTests } from './registry-refresh';

/*
 * Issue 27, point 4: a remote built against a strict shared library (react, antd, @uc/client ...) in a
 * version the console does not run is refused, and its pages say which library, which version the
 * console has, which the remote needs, and what to do, in the reader's language. Whether the registry
 * said so or the federation runtime found it out, the page is the same.
 */
jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), refreshRegistryAndMenus: jest.fn(), useAccess: () => ({}) }));
jest.mock('../../lib/route-access', () => ({ pathAllowed: () => true, routeTable: () => [] }));
jest.mock('./remote-runtime', () => ({
  ...jest.requireActual('./remote-runtime'),
  loadRemoteRoutes: jest.fn(),
  prefetchPageData: jest.fn(),
  readyRoutes: () => undefined,
}));
jest.mock('../../lib/console-stream', () => ({ consoleStreamOpen: () => true }));
const load = loadRemoteRoutes as jest.MockedFunction<typeof loadRemoteRoutes>;
const refresh = refreshRegistryAndMenus as jest.MockedFunction<typeof refreshRegistryAndMenus>;

const org: RemoteEntry = {
  name: 'org',
  entry: '/user/web/remotes/org/2.0.0-abcdef12/mf-manifest.json',
  version: '2.0.0-abcdef12',
  routes: ['/org'],
  title: { 'zh-CN': '组织管理', 'en-US': 'Organisation' },
  icon: '',
  pages: [],
  refused: [
    { library: '@uc/client', required: '^2.0.0', console: '1.0.0', message: 'org 2.0.0-abcdef12 was built against @uc/client ^2.0.0 …' },
    { library: 'antd', required: '^7.0.0', console: '6.6.8', message: 'org 2.0.0-abcdef12 was built against antd ^7.0.0 …' },
  ],
};

const renderSwitch = () =>
  render(
    <MemoryRouter initialEntries={['/org/user']}>
      <RemoteSwitch notFound={<p>not found</p>} forbidden={<p>forbidden</p>} />
    </MemoryRouter>,
  );

beforeAll(() => registerShellMessages());
beforeEach(() => {
  load.mockReset();
  refresh.mockReset();
  refresh.mockImplementation(async () => useSession.getState().remotes);
  resetRegistryRefreshForTests();
  usePwa.setState({ offline: false });
  useSession.setState({ remotes: [org], remotesLoaded: true, remotesAt: Date.now(), adminMenu: [] });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a remote the registry refuses', () => {
  it('is not loaded; its page says, in Chinese, which libraries, which versions the console has and the module needs, and what to do', () => {
    setLocale('zh-CN');
    renderSwitch();
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('组织管理模块与当前控制台的版本不兼容，无法打开')).toBeInTheDocument();
    expect(screen.getByText('@uc/client：控制台提供的是 1.0.0，该模块需要 ^2.0.0')).toBeInTheDocument();
    expect(screen.getByText('antd：控制台提供的是 6.6.8，该模块需要 ^7.0.0')).toBeInTheDocument();
    expect(
      screen.getByText(
        '请联系管理员：按控制台的版本（@uc/client 1.0.0, antd 6.6.8）重新构建并部署组织管理模块（插件则在应用市场安装与控制台兼容的版本，或回滚到之前的版本），或者把控制台升级到该模块需要的版本。控制台的其他功能不受影响。',
      ),
    ).toBeInTheDocument();
  });

  it('says the same in English', () => {
    setLocale('en-US');
    renderSwitch();
    expect(screen.getByText('The Organisation module cannot run in this version of the console')).toBeInTheDocument();
    expect(screen.getByText('@uc/client: the console has 1.0.0, the module needs ^2.0.0')).toBeInTheDocument();
    expect(screen.getByText('antd: the console has 6.6.8, the module needs ^7.0.0')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Ask the administrator to rebuild and deploy the Organisation module against the console's versions (@uc/client 1.0.0, antd 6.6.8) (an addon: install a version that suits the console in the market, or roll it back), or to upgrade the console to the versions the module needs. The rest of the console keeps working.",
      ),
    ).toBeInTheDocument();
  });

  it('opens the version the registry names once it is no longer refused (a rebuild deployed), on retry', async () => {
    setLocale('en-US');
    load.mockResolvedValue([{ path: '/org', children: [{ path: 'user', element: <p>user list</p> }] }]);
    const fixed = { ...org, entry: '/user/web/remotes/org/1.0.1-99887766/mf-manifest.json', version: '1.0.1-99887766', refused: [] };
    refresh.mockImplementation(async () => {
      useSession.setState({ remotes: [fixed] });
      return [fixed];
    });
    renderSwitch();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Retry/ })));
    expect(await screen.findByText('user list')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(fixed, false);
  });
});

describe('a refusal found by the shell or the federation runtime', () => {
  it('shows the same page when loading the remote is refused (its manifest, or strictVersion in the runtime)', async () => {
    setLocale('zh-CN');
    load.mockRejectedValue(new SharedVersionRefusal('org', [{ library: 'react', required: '^20.0.0', console: '19.3.1' }]));
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <RemoteOutlet remote={{ ...org, refused: [] }} moduleName="组织管理" notFound={<p>not found</p>} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('react：控制台提供的是 19.3.1，该模块需要 ^20.0.0')).toBeInTheDocument();
    expect(screen.getByText('组织管理模块与当前控制台的版本不兼容，无法打开')).toBeInTheDocument();
    expect(screen.queryByText('组织管理模块加载失败')).toBeNull();
  });

  it("reads the federation runtime's strict-version error into the library and both versions", () => {
    const error = new Error(
      '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @uc/client does not satisfy the requirement of uc_org_0123456789a which needs ^2.0.0)',
    );
    expect(runtimeRefusal('org', error)?.refused).toEqual([{ library: '@uc/client', required: '^2.0.0', console: '1.0.0' }]);
    expect(runtimeRefusal('org', new Error('Failed to fetch'))).toBeUndefined();
  });

  it("checks a version's manifest: strict singletons only, deep entries as their package", () => {
    const console = { react: '19.3.1', 'react-dom': '19.3.1', antd: '6.6.8', '@uc/client': '1.0.0', '@uc/contracts': '1.0.0', '@uc/ui': '1.0.0' };
    const manifest = {
      shared: [
        { name: 'react', requiredVersion: '^19.3.1' },
        { name: 'react-dom/client', requiredVersion: '^20.0.0' },
        { name: 'antd', requiredVersion: '^6.0.0' },
        { name: '@uc/client', requiredVersion: '^1.1.0' },
        // Shared by version: a newer one is the remote's own copy, never a refusal.
        { name: '@uc/contracts', requiredVersion: '^1.1.0' },
        { name: '@uc/ui', requiredVersion: '^2.0.0' },
      ],
    };
    expect(manifestRefusals(manifest, console)).toEqual([
      { library: 'react-dom', required: '^20.0.0', console: '19.3.1' },
      { library: '@uc/client', required: '^1.1.0', console: '1.0.0' },
    ]);
    expect(manifestRefusals({}, console)).toEqual([]);
  });
});
