import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  auditLogListCall,
  forceLogoutCall,
  loginLogListCall,
  onlineForceLogoutCall,
  onlineListCall,
  tenantOptionCall,
  type AuditLogRow,
  type LoginLogRow,
  type OnlineRow,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testUser } from '@uc/testing';
import { registerTenantMessages } from '../../locales';
import { LoginLogPage } from './login-log-page';
import { OnlinePage } from './online-page';
import { OperationLogPage } from './operation-log-page';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const login = (over: Partial<LoginLogRow>): LoginLogRow => ({
  id: 1,
  tenantId: 2,
  userId: 5,
  username: 'alice',
  method: 'account',
  result: 1,
  reason: 'ok',
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0 Chrome/126',
  browser: 'Chrome 126',
  os: 'Windows 10',
  device: 'desktop',
  createdAt: '2026-11-20T03:04:05.000Z',
  ...over,
});
const audit = (over: Partial<AuditLogRow>): AuditLogRow => ({
  id: 1,
  tenantId: 2,
  userId: 5,
  username: 'alice',
  action: '/user/admin/member/edit',
  actionMenus: [
    { name: '新增用户', locale: 'menu.org.user.create' },
    { name: '编辑用户', locale: 'menu.org.user.edit' },
  ],
  target: '12',
  fields: ['realName', 'mobile'],
  ip: '10.0.0.2',
  createdAt: '2026-11-20T03:04:05.000Z',
  ...over,
});
const session = (over: Partial<OnlineRow>): OnlineRow => ({
  id: 100,
  tenantId: 2,
  userId: 5,
  username: 'alice',
  realName: '爱丽丝',
  deptName: '研发部',
  ip: '10.0.0.3',
  userAgent: 'Mozilla/5.0 (iPhone) Safari',
  browser: 'Safari 17',
  os: 'iOS 17.5',
  device: 'mobile',
  createdAt: '2026-11-20T03:04:05.000Z',
  lastSeenAt: '2026-11-20T04:04:05.000Z',
  expiresAt: '2026-11-21T03:04:05.000Z',
  current: false,
  ...over,
});
const page = <R,>(list: R[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });

const TENANT_ADMIN = testUser({
  isSuperAdmin: false,
  tenantId: 2,
  tenantName: 'Acme',
  permissions: [loginLogListCall.path, auditLogListCall.path, onlineListCall.path],
});
const lastQuery = (contract: unknown) =>
  (mockCall.mock.calls.filter(([c]) => c === contract).at(-1)?.[1] as { query: Record<string, string | number> } | undefined)?.query;

jest.setTimeout(60_000);
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: TENANT_ADMIN });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract) => {
      if (contract === loginLogListCall)
        return page([login({}), login({ id: 2, username: 'bob', result: 2, reason: 'bad_credentials', method: 'mobile', tenantId: 3, browser: '', os: '' })]);
      if (contract === auditLogListCall) return page([audit({}), audit({ id: 2, action: '/addon/own/call', actionMenus: [], tenantId: 3 })]);
      if (contract === onlineListCall) return page([session({}), session({ id: 101, userId: 1, username: 'admin', realName: '', current: true })]);
      if (contract === tenantOptionCall)
        return {
          list: [
            { id: 2, name: 'Acme', code: 'acme', isPlatform: false, status: 1 },
            { id: 3, name: 'Globex', code: 'globex', isPlatform: false, status: 1 },
          ],
        };
      if (contract === onlineForceLogoutCall) return { revoked: 1 };
      throw new Error(`unexpected ${contract.path}`);
    }),
  );
});

const renderIn = (node: React.ReactNode) => render(<App>{node}</App>);
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10_000 })).closest('tr')!;

describe('登录日志', () => {
  it("shows a tenant's sign-ins with result, reason, method and device, and no tenant column", async () => {
    renderIn(<LoginLogPage />);
    const ok = await rowOf('alice');
    expect(within(ok).getByText('成功')).toBeInTheDocument();
    expect(within(ok).getByText('登录成功')).toBeInTheDocument();
    expect(within(ok).getByText('账号密码')).toBeInTheDocument();
    expect(within(ok).getByText('Chrome 126')).toBeInTheDocument();
    const failed = await rowOf('bob');
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(within(failed).getByText('用户名或密码错误')).toBeInTheDocument();
    expect(within(failed).getByText('短信验证码')).toBeInTheDocument();
    expect(within(failed).getAllByText('未知')).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: '租户' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('所属租户')).not.toBeInTheDocument();
    // The tenant's reader never asks for the tenants (a platform call).
    expect(mockCall.mock.calls.some(([c]) => c === tenantOptionCall)).toBe(false);
    expect(screen.getByText('显示你的数据权限范围内的用户的记录。')).toBeInTheDocument();
  });

  it('filters failed sign-ins and searches by keyword', async () => {
    renderIn(<LoginLogPage />);
    await rowOf('alice');
    fireEvent.click(screen.getByTitle('失败'));
    await waitFor(() => expect(JSON.parse(String(lastQuery(loginLogListCall)?.filter))).toEqual([['result', '=', 2]]));
    fireEvent.change(screen.getByPlaceholderText('搜索用户名或 IP 地址'), { target: { value: '10.0.0' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索用户名或 IP 地址'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(JSON.parse(String(lastQuery(loginLogListCall)?.filter))).toEqual([
        ['keyword', '10.0.0'],
        ['result', '=', 2],
      ]),
    );
  });

  it('exports every row of the filter to CSV through the list call', async () => {
    const blobs: Blob[] = [];
    const created = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderIn(<LoginLogPage />);
    await rowOf('alice');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    fireEvent.click(await screen.findByText('导出 CSV'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(lastQuery(loginLogListCall)).toMatchObject({ pageSize: 100 });
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    // (The reader drops the byte order mark the file starts with.)
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('"用户名","结果","说明","登录方式","IP 地址","浏览器","操作系统","User-Agent","登录时间"');
    expect(csv).toContain('"bob","失败","用户名或密码错误","短信验证码","10.0.0.1"');
    expect(click.mock.instances[0]).toMatchObject({ download: expect.stringMatching(/^login-log-\d{4}-\d{2}-\d{2}\.csv$/) });
    click.mockRestore();
  });

  it('shows the platform every tenant, with tenant names and a tenant filter', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({}) });
    renderIn(<LoginLogPage />);
    const bob = await rowOf('bob');
    await waitFor(() => expect(within(bob).getByText('Globex')).toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: '租户' })).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('所属租户'));
    fireEvent.click(await screen.findByTitle('Globex (globex)'));
    await waitFor(() => expect(JSON.parse(String(lastQuery(loginLogListCall)?.filter))).toEqual([['tenantId', '=', 3]]));
  });
});

describe('操作日志', () => {
  it('shows who did what (the menu names of the call and its address), on which record, with the fields sent', async () => {
    renderIn(<OperationLogPage />);
    const row = (await screen.findByText('新增用户 / 编辑用户', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('/user/admin/member/edit')).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('realName')).toBeInTheDocument();
    expect(within(row).getByText('mobile')).toBeInTheDocument();
    // A call no menu names shows its address alone.
    expect(screen.getByText('/addon/own/call')).toBeInTheDocument();
  });
});

describe('在线用户', () => {
  it('lists the sessions with device, department and times; no force logout without its permission', async () => {
    renderIn(<OnlinePage />);
    const row = await rowOf('爱丽丝');
    expect(within(row).getByText('研发部')).toBeInTheDocument();
    expect(within(row).getByText('Safari 17 · iOS 17.5 · 手机')).toBeInTheDocument();
    expect(within(await rowOf('admin')).getByText('当前会话')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /强制退出/ })).not.toBeInTheDocument();
  });

  it('ends one session after a confirmation, never offering the current one', async () => {
    useSession.setState({ status: 'ready', currentUser: { ...TENANT_ADMIN, permissions: [...TENANT_ADMIN.permissions, forceLogoutCall.path] } });
    renderIn(<OnlinePage />);
    const row = await rowOf('爱丽丝');
    expect(within(await rowOf('admin')).queryByRole('button', { name: /强制退出/ })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /强制退出/ }));
    expect(await screen.findByText('确定强制退出“alice”在 10.0.0.3 的这个会话吗？该会话的下一次操作会提示登录超时。')).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: /强制退出/ }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(mockCall.mock.calls.some(([c]) => c === onlineForceLogoutCall)).toBe(true));
    const [, options] = mockCall.mock.calls.find(([c]) => c === onlineForceLogoutCall)!;
    expect(options).toEqual({ body: { id: 5, sessionId: 100 } });
    expect(await screen.findByText('已强制退出')).toBeInTheDocument();
  });

  it("has the platform end another tenant's session acting in that tenant", async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({}) });
    renderIn(<OnlinePage />);
    const row = await rowOf('爱丽丝');
    await waitFor(() => expect(within(row).getByText('Acme')).toBeInTheDocument());
    fireEvent.click(within(row).getByRole('button', { name: /强制退出/ }));
    fireEvent.click((await screen.findAllByRole('button', { name: /强制退出/ })).at(-1)!);
    await waitFor(() => expect(mockCall.mock.calls.find(([c]) => c === onlineForceLogoutCall)?.[1]).toEqual({ body: { id: 5, sessionId: 100 }, tenant: 2 }));
  });
});
