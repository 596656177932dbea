import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type HeaderMenuItem, type RemoteEntry } from '@uc/contracts';
import { call, setLocale, setNavigator, useSession } from '@uc/client';
import { answersInTurn, testUser } from '@uc/testing';
import { ConsoleConfigProvider } from '@uc/ui';
import { registerShellMessages } from '../../locales';
import { loadRemoteExpose } from '../../features/remotes/remote-runtime';
import { registryMovedOn } from '../../features/remotes/registry-refresh';
import { AppDrawer, drawerPlacement } from './app-drawer';
import { createThrottledRefresh } from './focus-refresh';
import { activeHeaderKey, headerTarget } from './header-nav';
import { HeaderLanguage } from './header-language';
import { UnreadBadge } from './unread-badge';
import { UserMenu, userMenuItems } from './user-menu';
import { useLockScreen } from '../../features/lock-screen/lock-store';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
jest.mock('../../features/remotes/remote-runtime', () => ({ ...jest.requireActual('../../features/remotes/remote-runtime'), loadRemoteExpose: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;
const mockExpose = loadRemoteExpose as jest.MockedFunction<typeof loadRemoteExpose>;
jest.mock('../../features/remotes/registry-refresh', () => ({ registryMovedOn: jest.fn() }));
const mockMovedOn = registryMovedOn as jest.MockedFunction<typeof registryMovedOn>;

const user = testUser({ realName: 'Admin' });
const header: HeaderMenuItem[] = [
  { addon: 'ml.svc.user', title: '组织管理', icon: '', remark: '', path: '/org', affix: false },
  { addon: 'ml.svc.iot', title: '物联网', icon: '', remark: '', path: '/iot/web/devices', affix: true },
];

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  mockExpose.mockReset();
  mockMovedOn.mockReset();
  mockMovedOn.mockResolvedValue(false);
  useSession.setState({ currentUser: user, headerMenu: header, adminMenu: [], remotes: [], status: 'ready' });
});

describe('header navigation', () => {
  it('routes console paths, loads other site apps, opens affix and http items in a new tab', () => {
    expect(headerTarget({ path: '/org', affix: false })).toEqual({ kind: 'route', to: '/org' });
    expect(headerTarget({ path: '/user/web/tenant', affix: false })).toEqual({ kind: 'route', to: '/tenant' });
    expect(headerTarget({ path: '/admin/web/addons/market', affix: false })).toEqual({ kind: 'page', href: '/admin/web/addons/market' });
    expect(headerTarget({ path: '/org', affix: true })).toEqual({ kind: 'tab', href: '/user/web/org' });
    expect(headerTarget({ path: 'https://docs.example.com', affix: false })).toEqual({ kind: 'tab', href: 'https://docs.example.com' });
  });

  it('marks the header item the address belongs to', () => {
    expect(activeHeaderKey([{ path: '/org' }, { path: '/org/user' }, { path: '/tenant' }], '/org/user/5')).toBe('/org/user');
    expect(activeHeaderKey([{ path: '/org' }], '/orgs')).toBeUndefined();
  });
});

describe('user menu', () => {
  it('offers center and settings only with an initial state, the lock screen to a signed-in user, logout always', () => {
    const t = (k: string) => k;
    const keys = (items: ReturnType<typeof userMenuItems>) => items.map((i) => i && 'key' in i && i.key).filter(Boolean);
    expect(keys(userMenuItems(true, t))).toEqual(['/account/center', '/account/settings', 'lock', 'logout']);
    // Signed in, but no remote serves the account page.
    expect(keys(userMenuItems(false, t, true))).toEqual(['lock', 'logout']);
    expect(keys(userMenuItems(false, t))).toEqual(['logout']);
  });

  it('logs out to /user/logout with the encoded current address, clearing the user', async () => {
    const navigate = jest.fn();
    setNavigator(navigate);
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <ConsoleConfigProvider>
          <Routes>
            <Route path="*" element={<UserMenu />} />
          </Routes>
        </ConsoleConfigProvider>
      </MemoryRouter>,
    );
    fireEvent.mouseEnter(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(useSession.getState().currentUser).toBeNull());
    expect(navigate).toHaveBeenCalledWith(`/user/logout?redirect=${encodeURIComponent(window.location.href)}`, { replace: true });
    setNavigator(null);
  });

  it('locks the console from 锁定屏幕, keeping the user signed in', async () => {
    useLockScreen.setState({ locked: false });
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <ConsoleConfigProvider>
          <UserMenu />
        </ConsoleConfigProvider>
      </MemoryRouter>,
    );
    fireEvent.mouseEnter(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('锁定屏幕'));
    expect(useLockScreen.getState().locked).toBe(true);
    expect(localStorage.getItem('IS-LOCKSCREEN')).toBe('true');
    expect(useSession.getState().currentUser).toEqual(user);
    localStorage.removeItem('IS-LOCKSCREEN');
    useLockScreen.setState({ locked: false });
  });
});

describe('unread badge', () => {
  it('shows data.letterCount, refreshes on focus at most every 5 s and opens the private messages', async () => {
    jest.useFakeTimers({ now: 0 });
    mockCall.mockImplementation(answersInTurn({ letterCount: 3, noticeCount: 1 }, { letterCount: 7, noticeCount: 1 }));
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <ConsoleConfigProvider>
          <Routes>
            <Route path="/dashboard" element={<UnreadBadge />} />
            <Route path="/home/message" element={<p>private messages</p>} />
          </Routes>
        </ConsoleConfigProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByTitle('未读私信 3 条')).toBeInTheDocument();
    expect(mockCall).toHaveBeenCalledTimes(1);
    expect(mockCall.mock.calls[0]?.[0].path).toBe('/admin/admin/notice/count/un/read');

    act(() => void window.dispatchEvent(new Event('focus')));
    expect(mockCall).toHaveBeenCalledTimes(1);
    act(() => void jest.advanceTimersByTime(5000));
    await act(async () => void window.dispatchEvent(new Event('focus')));
    expect(mockCall).toHaveBeenCalledTimes(2);
    expect(await screen.findByTitle('未读私信 7 条')).toBeInTheDocument();
    jest.useRealTimers();

    fireEvent.click(screen.getByTestId('unread-badge'));
    expect(await screen.findByText('private messages')).toBeInTheDocument();
  });

  it('throttles by the gap', () => {
    let now = 0;
    const load = jest.fn();
    const r = createThrottledRefresh(load, 5000, () => now);
    expect(r.trigger()).toBe(true);
    now = 4999;
    expect(r.trigger()).toBe(false);
    now = 10_000;
    expect(r.trigger()).toBe(true);
    r.force();
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('header language', () => {
  it('is reachable from the keyboard: Enter opens the menu, choosing switches the language', async () => {
    render(
      <ConsoleConfigProvider>
        <HeaderLanguage />
      </ConsoleConfigProvider>,
    );
    const trigger = screen.getByRole('button', { name: '语言' });
    expect(trigger.tabIndex).toBe(0);
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(document.documentElement.lang).toBe('en-US');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Language' })).toHaveAttribute('aria-expanded', 'false'));
  });
});

describe('app drawer', () => {
  const renderDrawer = () =>
    render(
      <MemoryRouter>
        <ConsoleConfigProvider>
          <AppDrawer open onClose={jest.fn()} />
        </ConsoleConfigProvider>
      </MemoryRouter>,
    );
  const market: RemoteEntry = {
    name: 'market',
    entry: '/user/web/remotes/market/1/mf-manifest.json',
    version: '1',
    routes: [],
    title: {},
    icon: '',
    pages: [],
    refused: [],
  };

  it('lists the core functions from the header menus and says the market is not there yet', async () => {
    renderDrawer();
    expect(await screen.findByText('核心功能')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '组织管理' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '物联网' })).toBeInTheDocument();
    expect(screen.getByText('应用市场暂未上线，敬请期待')).toBeInTheDocument();
    expect(mockExpose).not.toHaveBeenCalled();
  });

  it('shows the market panel of the registered market remote', async () => {
    useSession.setState({ remotes: [market] });
    mockExpose.mockResolvedValue({ default: () => <p>50+ apps</p> });
    renderDrawer();
    expect(await screen.findByText('50+ apps')).toBeInTheDocument();
    expect(mockExpose).toHaveBeenCalledWith(market, './MarketPanel', false);
  });

  it('keeps working when the market is down, with a retry', async () => {
    useSession.setState({ remotes: [market] });
    mockExpose.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ MarketPanel: () => <p>back</p> });
    renderDrawer();
    expect(await screen.findByText('应用市场暂时无法加载，其他功能不受影响')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '组织管理' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('back')).toBeInTheDocument();
    expect(mockExpose).toHaveBeenLastCalledWith(market, './MarketPanel', true);
  });

  it('follows a market version removed by a redeploy to the one the registry names now', async () => {
    const market2 = { ...market, entry: '/user/web/remotes/market/2/mf-manifest.json', version: '2' };
    useSession.setState({ remotes: [market] });
    mockExpose.mockImplementation(async (remote) => {
      if (remote.entry === market.entry) throw new Error('404');
      return { MarketPanel: () => <p>market 2</p> };
    });
    mockMovedOn.mockImplementation(async () => {
      useSession.setState({ remotes: [market2] });
      return true;
    });
    renderDrawer();
    expect(await screen.findByText('market 2')).toBeInTheDocument();
    expect(mockMovedOn).toHaveBeenCalledWith(market);
    expect(mockExpose).toHaveBeenLastCalledWith(market2, './MarketPanel', false);
  });

  it('keeps the panel (its search, its progress) when a registry refresh leaves the market version as it was', async () => {
    useSession.setState({ remotes: [market] });
    mockExpose.mockResolvedValue({ MarketPanel: () => <p>panel</p> });
    renderDrawer();
    expect(await screen.findByText('panel')).toBeInTheDocument();
    const addon: RemoteEntry = { ...market, name: 'hello-addon', entry: '/user/web/remotes/addons/hello-addon/0.1.0/mf-manifest.json' };
    // An addon installed: a new registry, the market's entry an equal but new object.
    act(() => useSession.setState({ remotes: [{ ...market }, addon] }));
    expect(screen.getByText('panel')).toBeInTheDocument();
    expect(mockExpose).toHaveBeenCalledTimes(1);
  });

  it('opens on the side of its button: the left in left-to-right layouts, the right in right-to-left ones', async () => {
    expect(drawerPlacement('ltr')).toBe('left');
    expect(drawerPlacement(undefined)).toBe('left');
    expect(drawerPlacement('rtl')).toBe('right');
    renderDrawer();
    await screen.findByText('核心功能');
    expect(document.querySelector('.ant-drawer-left')).not.toBeNull();
    act(() => setLocale('ar-EG'));
    // English texts for an Arabic reader, in a mirrored drawer.
    expect(await screen.findByText('Core functions')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-drawer-right')).not.toBeNull());
    expect(document.querySelector('.ant-drawer-left')).toBeNull();
    expect(document.querySelector('.ant-drawer-rtl')).not.toBeNull();
  });
});

describe('user menu and the account page', () => {
  const home = {
    name: 'home',
    entry: '',
    version: '1',
    routes: ['/home/account'],
    title: {},
    icon: '',
    pages: [{ path: '/home/account', title: {} }],
  } as RemoteEntry;

  it('offers center and settings only while a remote serves the account page', async () => {
    const renderMenu = () =>
      render(
        <MemoryRouter initialEntries={['/dashboard']}>
          <ConsoleConfigProvider>
            <UserMenu />
          </ConsoleConfigProvider>
        </MemoryRouter>,
      );
    useSession.setState({ remotes: [] });
    const first = renderMenu();
    fireEvent.mouseEnter(screen.getByTestId('user-menu'));
    await screen.findByText('退出登录');
    expect(screen.queryByText('个人中心')).toBeNull();
    first.unmount();
    useSession.setState({ remotes: [home] });
    renderMenu();
    fireEvent.mouseEnter(screen.getByTestId('user-menu'));
    expect(await screen.findByText('个人中心')).toBeInTheDocument();
  });

  it('shows the real name and avatar of the session, and a change at once', () => {
    render(
      <MemoryRouter>
        <ConsoleConfigProvider>
          <UserMenu />
        </ConsoleConfigProvider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('Admin');
    act(() => useSession.setState({ currentUser: { ...user, realName: '新名字', avatar: '/a.png' } }));
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('新名字');
    expect(screen.getByTestId('user-menu').querySelector('img')?.getAttribute('src')).toBe('/a.png');
  });
});
