import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type AdminMenuItem, type HeaderMenuItem } from '@uc/contracts';
import { setLocale, useSession } from '@uc/client';
import { testUser } from '@uc/testing';
import { ConsoleConfigProvider } from '@uc/ui';
import { registerShellMessages } from '../../locales';
import { AppDrawer, MANAGE_APPS_PATH } from './app-drawer';

/*
 * The drawer at the widths it is opened at: a desktop keeps the spec's 80% with the core functions
 * beside the market; a phone or small tablet (400 to 600px) gets the whole width with the core
 * functions above the market, which would otherwise be left a sliver. The window's width is what
 * matchMedia answers (jsdom has none), told to antd's breakpoint listeners as a resize would.
 */
let width = 1366;
const listeners = new Set<() => void>();
function mediaQuery(query: string): MediaQueryList {
  const matches = () => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  const list = {
    get matches() {
      return matches();
    },
    media: query,
    onchange: null,
    addListener: (fn: (e: { matches: boolean; media: string }) => void) => listeners.add(() => fn({ matches: matches(), media: query })),
    removeListener: () => undefined,
    addEventListener: (_: string, fn: (e: { matches: boolean; media: string }) => void) => listeners.add(() => fn({ matches: matches(), media: query })),
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
  return list as unknown as MediaQueryList;
}
function resizeTo(px: number) {
  width = px;
  act(() => listeners.forEach((fn) => fn()));
}

const header: HeaderMenuItem[] = [
  { addon: 'ml.svc.user', title: '组织管理', icon: '', remark: '', path: '/org', affix: false },
  { addon: 'ml.svc.user', title: '权限管理', icon: '', remark: '', path: '/permission', affix: false },
];
const marketMenu: AdminMenuItem = {
  id: 90,
  name: '应用中心',
  locale: 'menu.addons',
  path: '/addons',
  icon: '',
  remark: '',
  redirect: '',
  hidden: false,
  children: [
    { id: 91, name: '应用市场', locale: 'menu.addons.market', path: MANAGE_APPS_PATH, icon: '', remark: '', redirect: '', hidden: false, children: [] },
  ],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const onClose = jest.fn();
const renderDrawer = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ConsoleConfigProvider>
        <AppDrawer open onClose={onClose} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </ConsoleConfigProvider>
    </MemoryRouter>,
  );

const wrapper = () => document.querySelector<HTMLElement>('.ant-drawer-content-wrapper')!;

beforeAll(() => {
  registerShellMessages();
  window.matchMedia = mediaQuery;
});
beforeEach(() => {
  setLocale('zh-CN');
  onClose.mockReset();
  useSession.setState({ currentUser: testUser(), headerMenu: header, adminMenu: [], remotes: [], status: 'ready' });
});
afterEach(() => resizeTo(1366));

describe('app drawer widths', () => {
  it('on a desktop, is 80% wide with the core functions in a 240px column beside the market', async () => {
    resizeTo(1366);
    renderDrawer();
    await screen.findByText('核心功能');
    expect(wrapper().style.width).toBe('80%');
    expect(screen.getByTestId('app-drawer-core').style.width).toBe('240px');
    expect(screen.getByTestId('app-drawer-core').parentElement).not.toHaveClass('ant-flex-vertical');
  });

  it.each([400, 480, 600])('at %ipx, takes the whole width and puts the core functions above the market', async (px) => {
    resizeTo(px);
    renderDrawer();
    await screen.findByText('核心功能');
    expect(wrapper().style.width).toBe('100%');
    const core = screen.getByTestId('app-drawer-core');
    expect(core.style.width).toBe('');
    expect(core.parentElement).toHaveClass('ant-flex-vertical');
    // The core functions in two columns, both still there to press.
    expect(screen.getByTestId('app-drawer-core-list').style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    expect(screen.getByRole('button', { name: '权限管理' })).toBeInTheDocument();
    expect(core.nextElementSibling).toBe(screen.getByTestId('app-drawer-market'));
  });

  it('follows the window when it is turned from a tablet to a desktop width', async () => {
    resizeTo(500);
    renderDrawer();
    await screen.findByText('核心功能');
    expect(wrapper().style.width).toBe('100%');
    resizeTo(1280);
    expect(wrapper().style.width).toBe('80%');
  });
});

describe('manage applications', () => {
  it('links to the market page for whom its menu entry is granted, and closes the drawer on the way', async () => {
    useSession.setState({ adminMenu: [marketMenu] });
    renderDrawer();
    const link = await screen.findByRole('link', { name: /管理应用/ });
    expect(link).toHaveAttribute('href', '/user/web/addons/market');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/addons/market');
    expect(onClose).toHaveBeenCalled();
  });

  it('is not offered to a user without the market page', async () => {
    renderDrawer();
    await screen.findByText('核心功能');
    expect(screen.queryByRole('link', { name: /管理应用/ })).toBeNull();
  });

  it('reads Manage applications in English', async () => {
    useSession.setState({ adminMenu: [marketMenu] });
    act(() => setLocale('en-US'));
    renderDrawer();
    expect(await screen.findByRole('link', { name: /Manage applications/ })).toBeInTheDocument();
  });
});
