import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type AdminMenuItem, type HeaderMenuItem } from '@uc/contracts';
import { initSession, resetSessionForTests, setLocale, useSession } from '@uc/client';
import { testMenuItem, testUser } from '@uc/testing';
import { ConsoleConfigProvider } from '@uc/ui';
import { registerShellMessages } from '../../locales';
import { HeaderApps } from './header-apps';
import MainLayout from './main-layout';
import { SideMenu } from './side-menu';

/*
 * A menu whose call fails (a busy server's 503, the network) says so where the menu would be, with a
 * retry, instead of leaving the header or the side empty without a word. The real session store and
 * API client run against a fake server (fetch), so the start sequence and the retry are the console's.
 */

const header: HeaderMenuItem[] = [{ addon: 'ml.svc.user', title: '组织管理', icon: '', remark: '', path: '/org', affix: false }];
const side: AdminMenuItem[] = [testMenuItem('/org', [testMenuItem('/org/user', [], { name: '用户管理' })], { name: '组织管理' })];
const BUSY = '服务器正忙，请稍后再试';

/** The fake server: each address answers from `answers` (data, or a status for a failure); asked addresses are counted. */
function serve(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    asked.push(path);
    const answer = answers[path];
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    // A 503 without Retry-After: the client shows it at once (with Retry-After it would ask once more first).
    if (typeof answer === 'number') return json(answer, { code: -1, message: BUSY, data: null });
    if (answer === undefined) return json(404, { code: -1, message: `no answer for ${path}`, data: null });
    return json(200, { code: 0, message: 'ok', data: answer });
  });
  return { asked, fetch };
}

const answers = (menus: { header: unknown; side: unknown }) => ({
  '/admin/admin/site/config': { basicCopyright: '', basicIcpCode: '', siteName: 'UC', offline: false },
  '/user/admin/member/info': testUser({ realName: 'Admin' }),
  '/user/admin/role/header': menus.header,
  '/user/admin/role/antd/menu': menus.side,
});

function renderLayoutParts() {
  return render(
    <MemoryRouter initialEntries={['/org/user']}>
      <ConsoleConfigProvider>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <header>
                  <HeaderApps />
                </header>
                <nav>
                  <SideMenu />
                </nav>
              </>
            }
          />
        </Routes>
      </ConsoleConfigProvider>
    </MemoryRouter>,
  );
}

// A browser's Request resolves the console's same-origin addresses against the page; the one the test
// environment lends from Node needs a whole URL.
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, document.baseURI) : input, init);
  }
}

beforeAll(() => {
  registerShellMessages();
  globalThis.Request = PageRequest;
});
afterAll(() => {
  globalThis.Request = NodeRequest;
});
beforeEach(() => {
  setLocale('zh-CN');
  resetSessionForTests();
});
afterEach(() => jest.restoreAllMocks());

describe('a menu whose call failed', () => {
  it('a failed role/header says so in the header, with a retry that brings the header menus', async () => {
    const server = serve(answers({ header: 503, side: { list: side } }));
    await initSession('/org/user');
    renderLayoutParts();
    const alert = await screen.findByTestId('header-menu-failed');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(within(alert).getByText('应用菜单加载失败')).toHaveAttribute('title', BUSY);
    // The side menu, which did load, is there as usual.
    expect(screen.getByText('组织管理')).toBeInTheDocument();

    server.fetch.mockRestore();
    const again = serve(answers({ header: { list: header }, side: { list: side } }));
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('header-apps')).toBeInTheDocument();
    expect(screen.queryByTestId('header-menu-failed')).not.toBeInTheDocument();
    // Only the menu that failed was asked again.
    expect(again.asked).toEqual(['/user/admin/role/header']);
    expect(useSession.getState()).toMatchObject({ headerMenu: header, headerMenuError: null });
  });

  it('a failed role/antd/menu says so in the side, in English too, and its retry brings the menu', async () => {
    setLocale('en-US');
    serve(answers({ header: { list: header }, side: 503 }));
    await initSession('/org/user');
    renderLayoutParts();
    const alert = await screen.findByTestId('side-menu-failed');
    expect(within(alert).getByText('The menu could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText(BUSY)).toBeInTheDocument();

    jest.restoreAllMocks();
    const again = serve(answers({ header: { list: header }, side: { list: side } }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('side-menu-failed')).not.toBeInTheDocument());
    expect(again.asked).toEqual(['/user/admin/role/antd/menu']);
    expect(useSession.getState().adminMenu).toEqual(side);
  });

  it('with the side menu failed, the page area says so too instead of sending the user to 403', async () => {
    serve({ ...answers({ header: { list: header }, side: 503 }), '/admin/admin/notice/count/un/read': { letterCount: 0, noticeCount: 0 } });
    await initSession('/org/user');
    render(
      <MemoryRouter initialEntries={['/org/user']}>
        <Routes>
          <Route path="/error/403" element={<p>forbidden page</p>} />
          <Route element={<MainLayout />}>
            <Route path="*" element={<p>the page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    const page = await screen.findByTestId('menu-failed-page');
    expect(page).toHaveTextContent('菜单加载失败');
    expect(page).toHaveTextContent(`${BUSY}菜单加载后才能确认你可以打开哪些页面，请重试。`);
    expect(screen.queryByText('forbidden page')).not.toBeInTheDocument();
    expect(screen.queryByText('the page')).not.toBeInTheDocument();
  });
});
