import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { type AdminMenuItem, type RemoteEntry } from '@uc/contracts';
import { initSession, resetSessionForTests, setAccessToken, setLocale, useSession } from '@uc/client';
import { testMenuItem, testUser } from '@uc/testing';
import { registerShellMessages } from '../../locales';
import { useRegistryPush } from '../../features/remotes/registry-push';
import { resetRegistryRefreshForTests } from '../../features/remotes/registry-refresh';
import { SideMenu } from './side-menu';

/*
 * A registry change pushed on the notice stream changes the registry and the menus of an open tab in
 * place, without a navigation. The real session store and API client run against a fake server
 * (fetch); the test plays the stream's side (jsdom has no EventSource).
 */

class FakeEventSource {
  static last: FakeEventSource | null = null;
  static opened = 0;
  readyState = 0;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
    FakeEventSource.opened++;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  /** The connection (re)opens, as the browser does after a drop. */
  open() {
    this.readyState = 1;
    for (const l of this.listeners.get('open') ?? []) l(new MessageEvent('open'));
  }
  emit(type: string, data: string) {
    this.readyState = 1;
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data }));
  }
}

const org: RemoteEntry = {
  name: 'org',
  entry: '/user/web/remotes/org/1/mf-manifest.json',
  version: '1',
  routes: ['/org'],
  title: {},
  icon: '',
  pages: [],
  refused: [],
};
const addon: RemoteEntry = {
  ...org,
  name: 'hello-addon',
  entry: '/user/web/remotes/addons/hello-addon/0.1.0/mf-manifest.json',
  version: '0.1.0',
  routes: ['/hello-addon'],
};
const orgMenu = testMenuItem('/org', [testMenuItem('/org/user', [], { name: '用户管理' })], { name: '组织管理' });
const addonMenu = testMenuItem('/hello-addon', [testMenuItem('/hello-addon/hello', [], { name: '你好' })], { name: '示例应用' });

/** The fake server: what it answers now (changed by a test), and the addresses asked. */
const server = { remotes: [org], side: [orgMenu] as AdminMenuItem[], asked: [] as string[], hold: null as Promise<void> | null };
function serve() {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    server.asked.push(path);
    if (server.hold) await server.hold;
    const data: Record<string, unknown> = {
      '/admin/admin/site/config': { basicCopyright: '', basicIcpCode: '', siteName: 'UC', offline: false },
      '/user/admin/member/info': testUser({ realName: 'Admin' }),
      '/user/admin/site/remotes': server.remotes,
      '/user/admin/role/antd/menu': { list: server.side },
      '/user/admin/role/header': { list: [] },
    };
    const body = path in data ? { code: 0, message: 'ok', data: data[path] } : { code: -1, message: `no answer for ${path}`, data: null };
    return new Response(JSON.stringify(body), { status: path in data ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
}

/** The locations the tab has been at (a navigation makes a new one): a push must make none. */
const locations = new Set<string>();
function Tab() {
  useRegistryPush();
  locations.add(useLocation().key);
  return <SideMenu />;
}

const renderTab = () =>
  render(
    <MemoryRouter initialEntries={['/org/user']}>
      <Tab />
    </MemoryRouter>,
  );

const asked = (path: string) => server.asked.filter((p) => p === path).length;

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
beforeEach(async () => {
  setLocale('zh-CN');
  resetSessionForTests();
  resetRegistryRefreshForTests();
  Object.assign(server, { remotes: [org], side: [orgMenu], asked: [], hold: null });
  FakeEventSource.last = null;
  FakeEventSource.opened = 0;
  locations.clear();
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  setAccessToken('tok');
  serve();
  await initSession('/org/user');
  useSession.setState({ remotes: [org], remotesLoaded: true, remotesAt: Date.now() });
  server.asked = [];
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  setAccessToken(null);
  jest.restoreAllMocks();
});

describe('registry changes pushed to an open tab', () => {
  it('an install pushed: the registry and the side menu change in place, without a navigation', async () => {
    renderTab();
    expect(FakeEventSource.last?.url).toBe('/admin/admin/notice/stream?token=tok');
    act(() => FakeEventSource.last!.open());
    expect(screen.queryByText('示例应用')).not.toBeInTheDocument();

    server.remotes = [org, addon];
    server.side = [orgMenu, addonMenu];
    act(() => FakeEventSource.last!.emit('registry', JSON.stringify({ changed: 'remotes' })));
    expect(await screen.findByText('示例应用')).toBeInTheDocument();
    expect(useSession.getState().remotes.map((r) => r.name)).toEqual(['org', 'hello-addon']);
    expect(asked('/user/admin/site/remotes')).toBe(1);
    expect(asked('/user/admin/role/antd/menu')).toBe(1);

    // An uninstall pushed: the entry leaves the menu.
    server.remotes = [org];
    server.side = [orgMenu];
    act(() => FakeEventSource.last!.emit('registry', JSON.stringify({ changed: 'remotes' })));
    await waitFor(() => expect(screen.queryByText('示例应用')).not.toBeInTheDocument());
    expect(useSession.getState().remotes.map((r) => r.name)).toEqual(['org']);
    // Renders, not navigations: the tab stayed at the one location it had.
    expect(locations.size).toBe(1);
    expect(screen.getByText('组织管理')).toBeInTheDocument();
  });

  it('a menu edit pushed changes the menu text; an event the tab cannot read changes nothing', async () => {
    renderTab();
    act(() => FakeEventSource.last!.open());
    act(() => FakeEventSource.last!.emit('registry', 'not json'));
    act(() => FakeEventSource.last!.emit('registry', JSON.stringify({ changed: 'everything' })));
    expect(server.asked).toEqual([]);

    server.side = [{ ...orgMenu, name: '组织架构', locale: '' }];
    act(() => FakeEventSource.last!.emit('registry', JSON.stringify({ changed: 'menus' })));
    expect(await screen.findByText('组织架构')).toBeInTheDocument();
  });

  it('a change pushed while a read is on its way is read again after it; a stream that came back after a drop reads once', async () => {
    renderTab();
    act(() => FakeEventSource.last!.open());
    let release!: () => void;
    server.hold = new Promise<void>((r) => (release = r));
    act(() => FakeEventSource.last!.emit('registry', JSON.stringify({ changed: 'menus' })));
    await waitFor(() => expect(asked('/user/admin/site/remotes')).toBe(1));
    // The install commits while the first read is on its way (its answer may predate it).
    server.remotes = [org, addon];
    server.side = [orgMenu, addonMenu];
    act(() => FakeEventSource.last!.emit('registry', JSON.stringify({ changed: 'remotes' })));
    act(() => FakeEventSource.last!.emit('registry', JSON.stringify({ changed: 'remotes' })));
    server.hold = null;
    release();
    expect(await screen.findByText('示例应用')).toBeInTheDocument();
    await waitFor(() => expect(asked('/user/admin/site/remotes')).toBe(2));

    // The server restarted: the browser reconnects; what changed meanwhile was not pushed, so it reads.
    server.side = [orgMenu];
    act(() => FakeEventSource.last!.open());
    await waitFor(() => expect(screen.queryByText('示例应用')).not.toBeInTheDocument());
    expect(asked('/user/admin/site/remotes')).toBe(3);
    expect(FakeEventSource.opened).toBe(1);
  });
});
