import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  deptOptionCall,
  postOptionCall,
  roleMenuTreeCall,
  roleOptionCall,
  TENANT_HEADER,
  tenantOptionCall,
  tenantPolicyDeleteCall,
  tenantPolicyEditCall,
  tenantPolicyListCall,
  tenantPolicyStatusCall,
  type CallContract,
  type MenuGrantNode,
  type TenantPolicyRow,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { Refusal, servedBy, testUser } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';
import { registerTenantMessages } from '../../locales';
import { PolicyPage } from './policy-page';

// The API client's `call` (which useCall uses too) is the mock: it runs the real client against a fake server.
jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const policy = (over: Partial<TenantPolicyRow>): TenantPolicyRow => ({
  id: 1,
  title: 'Standard',
  isDefault: true,
  maxUsers: 0,
  maxDepts: 0,
  maxRoles: 0,
  maxPosts: 0,
  maxProjects: 0,
  maxProjectDevices: 0,
  maxProjectScenes: 0,
  maxProducts: 0,
  maxDevices: 0,
  maxDeviceProperties: 0,
  dataRange: 1,
  tenantSetting: 1,
  defaultTenantId: null,
  defaultTenantName: '',
  defaultDeptId: null,
  defaultRoleId: null,
  defaultPostId: null,
  menuIds: [10, 11],
  tenantCount: 3,
  sort: 0,
  status: 1,
  remark: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-02T03:04:00.000Z',
  ...over,
});
const rows = [
  policy({}),
  policy({
    id: 2,
    title: 'Trial',
    isDefault: false,
    maxUsers: 2,
    maxDevices: 100,
    dataRange: 3,
    tenantSetting: 2,
    defaultTenantId: 7,
    defaultTenantName: 'Acme',
    defaultDeptId: 70,
    defaultRoleId: 71,
    defaultPostId: 72,
    menuIds: [10, 11],
    tenantCount: 0,
    status: 2,
    sort: 1,
  }),
];

const node = (id: number, name: string, children: MenuGrantNode[] = [], type = 2): MenuGrantNode => ({ id, type, name, locale: '', grantable: true, children });
/** 组织管理 > 用户管理 (新增用户), 部门管理. */
const MENU_TREE = [node(10, '组织管理', [node(11, '用户管理', [node(12, '新增用户', [], 3)]), node(13, '部门管理')], 1)];

const IN_USE = '“Trial”正被 2 个租户使用：Acme, Beta；请先将它们改用其他策略';

/** The X-UC-Tenant header of each dept/role/post option call, in order. */
let actedIn: (string | null)[];

const callsOf = (contract: CallContract) => mockCall.mock.calls.filter(([c]) => c === contract);
const sentBody = (contract: CallContract) => callsOf(contract).at(-1)?.[1]?.body as Record<string, unknown> | undefined;
const rowOf = async (title: string) => (await screen.findByText(title, {}, { timeout: 10_000 })).closest('tr')!;
const drawer = () => screen.getByRole('dialog');
const save = () => fireEvent.click(within(drawer()).getByRole('button', { name: /保\s*存/ }));

/** Opens the select labelled `label` in the drawer and picks the option showing `text`. */
async function pick(label: string, text: string) {
  fireEvent.mouseDown(within(drawer()).getByLabelText(label));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-node-content-wrapper')].find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text} in ${label}`);
    return found;
  });
  fireEvent.click(option);
}

// Drawers with many fields render slowly on a shared test machine: wait for what a user waits for.
jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 10_000 });
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  actedIn = [];
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      const body = options?.body as Record<string, unknown> | undefined;
      const tenant = options?.headers?.get(TENANT_HEADER) ?? null;
      if (contract === tenantPolicyListCall) return { list: rows, page: 1, pageSize: 10, total: 2, totalExact: true, next: null };
      if (contract === roleMenuTreeCall) return { list: MENU_TREE };
      if (contract === tenantOptionCall)
        return {
          list: [
            { id: 1, name: '平台', code: 'platform', isPlatform: true, status: 1 },
            { id: 7, name: 'Acme', code: 'acme', isPlatform: false, status: 1 },
            { id: 8, name: 'Beta', code: 'beta', isPlatform: false, status: 1 },
          ],
        };
      // Each tenant's own records: what is offered depends on the tenant the call acts in.
      if (contract === deptOptionCall) {
        actedIn.push(tenant);
        return { list: [{ id: tenant === '8' ? 80 : 70, name: `${tenant === '8' ? 'Beta' : 'Acme'} 总部`, disabled: false, inScope: true }] };
      }
      if (contract === roleOptionCall) {
        actedIn.push(tenant);
        return { list: [{ id: tenant === '8' ? 81 : 71, name: `${tenant === '8' ? 'Beta' : 'Acme'} 成员`, key: 'member', children: [] }] };
      }
      if (contract === postOptionCall) {
        actedIn.push(tenant);
        return { list: [{ id: tenant === '8' ? 82 : 72, name: `${tenant === '8' ? 'Beta' : 'Acme'} 专员` }] };
      }
      if (contract === tenantPolicyEditCall) return policy({ ...(body as Partial<TenantPolicyRow>), id: (body?.id as number | undefined) ?? 3 });
      if (contract === tenantPolicyStatusCall) return policy({ id: body?.id as number, status: body?.status as number });
      if (contract === tenantPolicyDeleteCall) throw new Refusal(IN_USE);
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

const renderPage = () =>
  render(
    <App>
      <AntdApiUi />
      <PolicyPage />
    </App>,
  );

describe('PolicyPage', () => {
  it('lists the policies with the default flag, the limited counts, the data range and what registration does', async () => {
    renderPage();
    const standard = await rowOf('Standard');
    const trial = await rowOf('Trial');
    expect(within(standard).getByText('默认')).toBeInTheDocument();
    expect(within(standard).getByText('不限')).toBeInTheDocument();
    expect(within(standard).getByText('全部数据')).toBeInTheDocument();
    expect(within(standard).getByText('注册时创建新租户')).toBeInTheDocument();
    expect(within(trial).getByText('用户 2 · 设备 100')).toBeInTheDocument();
    expect(within(trial).getByText('本部门及以下')).toBeInTheDocument();
    expect(within(trial).getByText('注册时加入默认租户（Acme）')).toBeInTheDocument();
    // The default policy stays enabled and cannot be deleted; the others can.
    expect(within(standard).getByRole('switch', { name: '状态 Standard' })).toBeDisabled();
    expect(within(standard).queryByRole('button', { name: '删除 Standard' })).toBeNull();
    expect(within(trial).getByRole('switch', { name: '状态 Trial' })).not.toBeChecked();
    expect(callsOf(tenantPolicyListCall)[0]?.[1]).toMatchObject({ query: { page: 1, pageSize: 10 } });
  });

  it('shows no change controls without the buttons', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [tenantPolicyListCall.path] }) });
    renderPage();
    const trial = await rowOf('Trial');
    expect(within(trial).queryByRole('button', { name: '编辑 Trial' })).toBeNull();
    expect(within(trial).queryByRole('button', { name: '删除 Trial' })).toBeNull();
    expect(within(trial).queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增策略/ })).toBeNull();
  });

  it('creates a policy with counts, data range and the menus ticked in the tree (a page brings its directory and buttons)', async () => {
    renderPage();
    await rowOf('Trial');
    fireEvent.click(screen.getByRole('button', { name: /新增策略/ }));
    fireEvent.change(within(drawer()).getByLabelText('策略名称'), { target: { value: 'Small' } });
    fireEvent.change(within(drawer()).getByLabelText('最大用户数'), { target: { value: '2' } });
    expect(within(drawer()).getAllByText('0 = 不限')).toHaveLength(10);
    await pick('数据范围', '本部门');
    fireEvent.click(await within(drawer()).findByText('用户管理'));
    expect(within(drawer()).getByText('已选 3 项')).toBeInTheDocument();
    // What the policy says of the pages every user opens, beside the tree that says it.
    expect(within(drawer()).getByText(/^工作台和升级日志：允许后租户的每个用户都能打开/)).toBeInTheDocument();
    save();
    await waitFor(() => expect(sentBody(tenantPolicyEditCall)).toBeDefined());
    expect(sentBody(tenantPolicyEditCall)).toEqual({
      title: 'Small',
      isDefault: false,
      maxUsers: 2,
      maxDepts: 0,
      maxRoles: 0,
      maxPosts: 0,
      maxProjects: 0,
      maxProjectDevices: 0,
      maxProjectScenes: 0,
      maxProducts: 0,
      maxDevices: 0,
      maxDeviceProperties: 0,
      dataRange: 2,
      tenantSetting: 1,
      menuIds: [10, 11, 12],
      sort: 0,
      status: 1,
      remark: '',
    });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it("refuses a count that is not a whole number before sending, in the contract's words", async () => {
    renderPage();
    await rowOf('Trial');
    fireEvent.click(screen.getByRole('button', { name: /新增策略/ }));
    fireEvent.change(within(drawer()).getByLabelText('策略名称'), { target: { value: 'Odd' } });
    fireEvent.change(within(drawer()).getByLabelText('最大设备数'), { target: { value: '1.5' } });
    save();
    expect(await within(drawer()).findByText('最大设备数必须是 0 到 1000000000 之间的整数（0 表示不限）')).toBeInTheDocument();
    expect(callsOf(tenantPolicyEditCall)).toHaveLength(0);
  });

  it('joins registrants to a tenant: its departments, roles and posts are loaded inside that tenant, and change with it', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Trial')).getByRole('button', { name: '编辑 Trial' }));
    expect(within(drawer()).getByLabelText('策略名称')).toHaveValue('Trial');
    // The stored defaults show, loaded from Acme (tenant 7).
    expect(await within(drawer()).findByTitle('Acme 总部', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await within(drawer()).findByTitle('Acme 成员', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await within(drawer()).findByTitle('Acme 专员', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(new Set(actedIn)).toEqual(new Set(['7']));
    // The platform's own tenant is not offered; choosing another tenant clears what was chosen in Acme.
    fireEvent.mouseDown(within(drawer()).getByLabelText('默认租户'));
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['Acme', 'Beta']));
    fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'Beta')!);
    await waitFor(() => expect(actedIn).toContain('8'));
    expect(within(drawer()).queryByTitle('Acme 总部')).toBeNull();
    save();
    expect(await within(drawer()).findByText('请选择注册用户所属的部门')).toBeInTheDocument();
    await pick('默认部门', 'Beta 总部');
    await pick('默认角色', 'Beta 成员');
    await pick('默认岗位', 'Beta 专员');
    save();
    await waitFor(() => expect(sentBody(tenantPolicyEditCall)).toBeDefined());
    expect(sentBody(tenantPolicyEditCall)).toMatchObject({
      id: 2,
      tenantSetting: 2,
      defaultTenantId: 8,
      defaultDeptId: 80,
      defaultRoleId: 81,
      defaultPostId: 82,
      maxUsers: 2,
      maxDevices: 100,
      dataRange: 3,
      menuIds: [10, 11],
    });
  });

  it('keeps the default flag of the default policy: its switch cannot be turned off', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Standard')).getByRole('button', { name: '编辑 Standard' }));
    const flag = within(drawer()).getByRole('switch', { name: '默认策略' });
    expect(flag).toBeChecked();
    expect(flag).toBeDisabled();
    expect(within(drawer()).getByText('这是默认策略，不能取消；如需更换，请把另一个策略设为默认')).toBeInTheDocument();
  });

  it('switches a policy on, and shows why a policy in use cannot be deleted', async () => {
    renderPage();
    const trial = await rowOf('Trial');
    fireEvent.click(within(trial).getByRole('switch', { name: '状态 Trial' }));
    await waitFor(() => expect(sentBody(tenantPolicyStatusCall)).toEqual({ id: 2, status: 1 }));
    fireEvent.click(within(trial).getByRole('button', { name: '删除 Trial' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(sentBody(tenantPolicyDeleteCall)).toEqual({ id: 2 }));
    expect(await screen.findByText(IN_USE)).toBeInTheDocument();
  });
});
