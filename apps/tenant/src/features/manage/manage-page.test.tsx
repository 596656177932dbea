import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { tenantDeleteCall, tenantEditCall, tenantListCall, tenantPolicyOptionCall, tenantStatusCall, type CallContract, type TenantRow } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerTenantMessages } from '../../locales';
import { ManagePage } from './manage-page';

// The API client's `call` (which useCall uses too) is the mock: it runs the real client against a fake server.
jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const tenant = (over: Partial<TenantRow>): TenantRow => ({
  id: 2,
  name: 'Globex',
  code: 'globex',
  leader: 'Gina',
  adminUserId: 20,
  adminUsername: 'globex.admin',
  adminRealName: 'Gina Globex',
  phone: '010-12345678',
  email: 'it@globex.test',
  policyId: 7,
  policyTitle: 'Standard',
  status: 1,
  expiresAt: '2100-01-01T00:00:00.000Z',
  isPlatform: false,
  userCount: 12,
  deletedUserCount: 0,
  remark: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-03T03:04:00.000Z',
  ...over,
});
const PLATFORM = tenant({
  id: 1,
  name: 'Our platform',
  code: 'platform',
  policyId: null,
  policyTitle: '',
  expiresAt: null,
  isPlatform: true,
  adminUsername: 'admin',
});
const EXPIRED = tenant({ id: 3, name: 'Initech', code: 'initech', expiresAt: '2020-02-01T00:00:00.000Z', adminUsername: '', adminRealName: '' });
const HAS_USERS = '租户“Globex”还有用户（12 个正常，0 个在回收站）：请先在租户详情中删除这些用户并清空回收站，再删除租户';

const sent = (contract: CallContract) =>
  mockCall.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { body?: unknown; query?: Record<string, unknown> });
const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 10_000 })).closest('tr')!;
/** Picks `option` in the select named `label` (within `root`): antd opens its list on mouse down. */
const choose = async (label: string, option: string, root: HTMLElement = document.body) => {
  fireEvent.mouseDown(within(root).getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
};

jest.setTimeout(60_000);
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      const body = options?.body as Record<string, unknown> | undefined;
      if (contract === tenantListCall) return { list: [PLATFORM, tenant({}), EXPIRED], page: 1, pageSize: 10, total: 3, totalExact: true, next: null };
      if (contract === tenantPolicyOptionCall)
        return {
          list: [
            { id: 7, title: 'Standard', isDefault: true },
            { id: 8, title: 'Trial', isDefault: false },
          ],
        };
      if (contract === tenantEditCall) {
        const given = Object.fromEntries(Object.entries(body ?? {}).filter(([, v]) => v !== undefined)) as Partial<TenantRow>;
        const saved = tenant({ ...given, id: (body?.id as number | undefined) ?? 9, expiresAt: null, adminUsername: String(body?.adminUsername ?? '') });
        return { tenant: saved, generatedPassword: body?.id === undefined && !body?.adminPassword ? 'Xy7-generated_pw' : null };
      }
      if (contract === tenantStatusCall) return null;
      if (contract === tenantDeleteCall) throw new Refusal(HAS_USERS);
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <App>
        <AntdApiUi />
        <ManagePage />
      </App>
    </MemoryRouter>,
  );

describe('ManagePage', () => {
  it("lists every tenant's fields, newest first; the platform cannot be switched off or deleted", async () => {
    renderPage();
    const globex = await rowOf('Globex');
    for (const text of ['globex', 'Gina', 'globex.admin', 'Gina Globex', '010-12345678', 'it@globex.test', 'Standard', '12', '2099-12-31']) {
      expect(within(globex).getByText(text)).toBeInTheDocument();
    }
    expect(within(globex).getByRole('switch', { name: '状态 Globex' })).toBeChecked();
    expect(within(globex).getByRole('link', { name: 'Globex' })).toHaveAttribute('href', '/tenant/details/2');
    const platform = await rowOf('Our platform');
    expect(within(platform).getByText('永不到期')).toBeInTheDocument();
    expect(within(platform).queryByRole('switch')).toBeNull();
    expect(within(platform).queryByRole('button', { name: '删除 Our platform' })).toBeNull();
    const initech = await rowOf('Initech');
    expect(within(initech).getByText('已过期')).toBeInTheDocument();
    expect(within(globex).queryByText('已过期')).toBeNull();
    expect(sent(tenantListCall)[0]?.query).toEqual({ page: 1, pageSize: 10, sort: '-createdAt' });
  });

  it('creates a tenant with its administrator and shows the generated password once, with a copy button', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    await rowOf('Globex');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByLabelText('租户名称'), { target: { value: 'Hooli' } });
    fireEvent.change(within(form).getByLabelText('租户编码'), { target: { value: 'hooli' } });
    await choose('租户策略', 'Trial', form);
    fireEvent.change(within(form).getByLabelText('管理员用户名'), { target: { value: 'hooli.admin' } });
    fireEvent.change(within(form).getByLabelText('管理员姓名'), { target: { value: 'Gavin' } });
    expect(within(form).getByText('留空则自动生成，创建后只显示一次')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(tenantEditCall)).toHaveLength(1));
    expect(sent(tenantEditCall)[0]?.body).toMatchObject({
      id: undefined,
      name: 'Hooli',
      code: 'hooli',
      policyId: 8,
      expiresAt: null,
      status: 1,
      adminUsername: 'hooli.admin',
      adminRealName: 'Gavin',
      adminPassword: '',
    });
    const shown = await screen.findByText('Xy7-generated_pw');
    const modal = shown.closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText(/租户“Hooli”已创建。管理员 hooli.admin 的初始密码如下/)).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: /复制密码/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Xy7-generated_pw'));
    fireEvent.click(within(modal).getByRole('button', { name: /我已保存/ }));
    await waitFor(() => expect(screen.queryByText('Xy7-generated_pw')).toBeNull());
  });

  it('checks the fields by the contract before sending anything', async () => {
    renderPage();
    await rowOf('Globex');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByLabelText('租户编码'), { target: { value: 'no spaces' } });
    fireEvent.change(within(form).getByLabelText('管理员密码'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('租户编码必须是 2 到 32 位字母、数字、_ 或 -')).toBeInTheDocument();
    expect(within(form).getByText('管理员密码至少 8 个字符，或留空自动生成')).toBeInTheDocument();
    expect(within(form).getByText('请输入租户名称')).toBeInTheDocument();
    expect(sent(tenantEditCall)).toHaveLength(0);
  });

  it('edits a tenant by id, its expiry shown as the last day, without the administrator fields', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Globex')).getByRole('button', { name: '编辑 Globex' }));
    const form = await screen.findByRole('dialog');
    await waitFor(() => expect(within(form).getByLabelText('租户名称')).toHaveValue('Globex'));
    expect(within(form).getByLabelText('到期日期')).toHaveValue('2099-12-31');
    expect(within(form).queryByLabelText('管理员用户名')).toBeNull();
    fireEvent.change(within(form).getByLabelText('负责人'), { target: { value: 'Gina II' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(tenantEditCall)).toHaveLength(1));
    expect(sent(tenantEditCall)[0]?.body).toMatchObject({ id: 2, name: 'Globex', leader: 'Gina II', policyId: 7, expiresAt: '2099-12-31' });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(screen.queryByText('管理员初始密码')).toBeNull();
  });

  it('edits the platform tenant without policy, expiry or status', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Our platform')).getByRole('button', { name: '编辑 Our platform' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText(/平台租户不能停用、设置到期或删除/)).toBeInTheDocument();
    expect(within(form).queryByLabelText('租户策略')).toBeNull();
    expect(within(form).queryByLabelText('到期日期')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(tenantEditCall)).toHaveLength(1));
    expect(sent(tenantEditCall)[0]?.body).toMatchObject({ id: 1, policyId: null, expiresAt: null, status: 1 });
  });

  it('disables a tenant from its switch, and shows why a delete is refused', async () => {
    renderPage();
    const globex = await rowOf('Globex');
    fireEvent.click(within(globex).getByRole('switch', { name: '状态 Globex' }));
    await waitFor(() => expect(sent(tenantStatusCall)[0]?.body).toEqual({ id: 2, status: 2 }));
    fireEvent.click(within(globex).getByRole('button', { name: '删除 Globex' }));
    expect(await screen.findByText(/只有没有用户（包括回收站中的用户）的租户才能删除/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(sent(tenantDeleteCall)[0]?.body).toEqual({ id: 2 }));
    expect(await screen.findByText(HAS_USERS)).toBeInTheDocument();
  });

  it('filters by status and policy', async () => {
    renderPage();
    await rowOf('Globex');
    const toolbar = screen.getByRole('button', { name: /新\s*增/ }).parentElement!;
    await choose('状态', '停用', toolbar);
    await waitFor(() => expect(JSON.parse(String(sent(tenantListCall).at(-1)?.query?.filter))).toEqual([['status', '=', 2]]));
    await choose('租户策略', 'Trial', toolbar);
    await waitFor(() =>
      expect(JSON.parse(String(sent(tenantListCall).at(-1)?.query?.filter))).toEqual([
        ['status', '=', 2],
        ['policyId', '=', 8],
      ]),
    );
  });

  it('shows no change controls without the edit, status and delete permissions', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [tenantListCall.path] }) });
    renderPage();
    const globex = await rowOf('Globex');
    expect(within(globex).queryByRole('switch')).toBeNull();
    expect(within(globex).queryByRole('button', { name: '编辑 Globex' })).toBeNull();
    expect(within(globex).queryByRole('button', { name: '删除 Globex' })).toBeNull();
    expect(within(globex).getByRole('link', { name: '详情 Globex' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});
