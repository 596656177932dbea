import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import {
  roleDeleteCall,
  roleDeptTreeCall,
  roleEditCall,
  roleListCall,
  roleMenusCall,
  roleMenuTreeCall,
  roleOptionCall,
  roleStatusCall,
  roleViewCall,
  type MenuGrantNode,
  type RoleNode,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testUser } from '@uc/testing';
import { registerRoleMessages } from './role-messages';
import { RolePage } from './role-page';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const role = (over: Partial<RoleNode>): RoleNode => ({
  id: 1,
  parentId: null,
  name: '超级管理员',
  key: 'admin',
  dataScope: 1,
  deptIds: [],
  isDefaultAdmin: true,
  isSuperAdmin: false,
  sort: 0,
  status: 1,
  remark: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-02T03:04:00.000Z',
  children: [],
  ...over,
});

const grant = (id: number, name: string, type: number, children: MenuGrantNode[] = [], grantable = true): MenuGrantNode => ({
  id,
  type,
  name,
  locale: '',
  grantable,
  children,
});

// 系统管理 (10) > 用户管理 (11) > 新增用户 (12), 删除用户 (13); 租户管理 (14) is not the editor's to grant.
const menuTree = [
  grant(10, '系统管理', 1, [grant(11, '用户管理', 2, [grant(12, '新增用户', 3), grant(13, '删除用户', 3)]), grant(14, '租户管理', 2, [], false)]),
];

const callsOf = (contract: unknown) => mockCall.mock.calls.filter(([c]) => c === contract);
const sentTo = (contract: unknown) => callsOf(contract).at(-1)?.[1] as { body: Record<string, unknown>; done?: string } | undefined;
const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 10_000 })).closest('tr')!;
const save = () => fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));

jest.setTimeout(60_000);
/** How many users hold 运维只读, as role/view answers. */
let holders = 0;
beforeAll(() => registerRoleMessages());
beforeEach(() => {
  holders = 0;
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({}) });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract, options) => {
      if (contract === roleListCall)
        return { list: [role({ children: [role({ id: 2, parentId: 1, name: '运维只读', key: 'ops.viewer', dataScope: 5, isDefaultAdmin: false })] })] };
      if (contract === roleOptionCall) return { list: [{ id: 1, name: '超级管理员', key: 'admin', children: [] }] };
      if (contract === roleDeptTreeCall) return { list: [] };
      if (contract === roleEditCall) return { id: 3 };
      if (contract === roleMenuTreeCall) return { list: menuTree };
      if (contract === roleViewCall)
        return { ...role({ id: 2, parentId: 1, name: '运维只读', key: 'ops.viewer', isDefaultAdmin: false }), menuIds: [10, 11, 12], userCount: holders };
      if (contract === roleDeleteCall) return { id: (options?.body as { id: number }).id };
      if (contract === roleMenusCall) return options?.body;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

const renderPage = () =>
  render(
    <App>
      <RolePage />
    </App>,
  );

describe('RolePage', () => {
  it('shows the role tree with data scopes, and no delete or status switch for the default administrator role', async () => {
    renderPage();
    const admin = await rowOf('超级管理员');
    const viewer = await rowOf('运维只读');
    expect(within(admin).getByText('默认管理员')).toBeInTheDocument();
    expect(within(admin).getByText('全部数据权限')).toBeInTheDocument();
    expect(within(viewer).getByText('ops.viewer')).toBeInTheDocument();
    expect(within(viewer).getByText('仅本人数据权限')).toBeInTheDocument();
    expect(within(admin).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(admin).queryByRole('switch')).toBeNull();
    expect(within(viewer).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    expect(within(viewer).getByRole('switch', { name: '状态 运维只读' })).toBeChecked();
    expect(sentTo(roleListCall)).toMatchObject({ query: {} });
  });

  it('creates a top-level role through the form, then closes it and reloads the tree', async () => {
    renderPage();
    await rowOf('超级管理员');
    expect(callsOf(roleListCall)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('新增角色')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('角色名称'), { target: { value: '审计员' } });
    fireEvent.change(within(drawer).getByLabelText('权限字符'), { target: { value: 'auditor' } });
    fireEvent.change(within(drawer).getByLabelText('备注'), { target: { value: '只看日志' } });
    save();
    await waitFor(() =>
      expect(sentTo(roleEditCall)).toEqual({
        body: { name: '审计员', key: 'auditor', parentId: null, dataScope: 1, sort: 0, status: 1, remark: '只看日志', id: undefined },
        // The API client turns this into the 已保存 toast (the client itself is mocked here).
        done: 'saved',
      }),
    );
    await waitFor(() => expect(callsOf(roleListCall)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('新增角色')).toBeNull());
  });

  it('creates a child role under the row it was asked from', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('超级管理员')).getByRole('button', { name: /新增下级/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('角色名称'), { target: { value: '助理' } });
    fireEvent.change(within(drawer).getByLabelText('权限字符'), { target: { value: 'assistant' } });
    save();
    await waitFor(() => expect(sentTo(roleEditCall)?.body).toMatchObject({ name: '助理', key: 'assistant', parentId: 1 }));
  });

  it('refuses an empty name with the translated message and sends nothing', async () => {
    renderPage();
    await rowOf('超级管理员');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增$/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('角色名称'), { target: { value: '   ' } });
    fireEvent.change(within(drawer).getByLabelText('权限字符'), { target: { value: 'auditor' } });
    save();
    expect(await within(drawer).findByText('角色名称和权限字符不能为空')).toBeInTheDocument();
    expect(callsOf(roleEditCall)).toHaveLength(0);
  });

  it('edits a role with its id and current values', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: '编辑 运维只读' }));
    const drawer = await screen.findByRole('dialog');
    const name = within(drawer).getByLabelText('角色名称');
    await waitFor(() => expect(name).toHaveValue('运维只读'));
    fireEvent.change(name, { target: { value: '运维观察员' } });
    save();
    await waitFor(() =>
      expect(sentTo(roleEditCall)).toMatchObject({ body: { id: 2, parentId: 1, name: '运维观察员', key: 'ops.viewer', dataScope: 5 }, done: 'saved' }),
    );
  });

  it('hides every change button from a user who may only read roles', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [roleListCall.path] }) });
    renderPage();
    const viewer = await rowOf('运维只读');
    expect(screen.queryByRole('button', { name: /新\s*增$/ })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: /新增下级/ })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: '编辑 运维只读' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: '分配权限 运维只读' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(viewer).queryByRole('switch')).toBeNull();
    expect(within(viewer).getByText('启用')).toBeInTheDocument();
  });

  it('shows each button to the holder of its own call only', async () => {
    useSession.setState({
      status: 'ready',
      currentUser: testUser({ isSuperAdmin: false, permissions: [roleListCall.path, roleMenusCall.path, roleDeleteCall.path] }),
    });
    renderPage();
    const viewer = await rowOf('运维只读');
    expect(within(viewer).getByRole('button', { name: '分配权限 运维只读' })).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: '编辑 运维只读' })).toBeNull();
    expect(within(viewer).queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增$/ })).toBeNull();

    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [roleListCall.path, roleStatusCall.path] }) });
    expect(await within(viewer).findByRole('switch', { name: '状态 运维只读' })).toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: '分配权限 运维只读' })).toBeNull();
  });

  it("loads the role's menus into the drawer and saves the ticked ones, leaving out what the editor may not grant", async () => {
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: '分配权限 运维只读' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('分配权限：运维只读')).toBeInTheDocument();
    const add = await within(drawer).findByText('新增用户');
    await waitFor(() => expect(sentTo(roleViewCall)).toMatchObject({ query: { id: 2 } }));
    const checkbox = (title: string) => within(drawer).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await waitFor(() => expect(checkbox('新增用户')).toHaveClass('ant-tree-checkbox-checked'));
    expect(add).toBeInTheDocument();
    expect(checkbox('删除用户')).not.toHaveClass('ant-tree-checkbox-checked');
    expect(checkbox('用户管理')).toHaveClass('ant-tree-checkbox-indeterminate');
    expect(checkbox('租户管理')).toHaveClass('ant-tree-checkbox-disabled');

    fireEvent.click(checkbox('删除用户'));
    await waitFor(() => expect(checkbox('用户管理')).toHaveClass('ant-tree-checkbox-checked'));
    save();
    await waitFor(() => expect(sentTo(roleMenusCall)).toBeDefined());
    const sent = sentTo(roleMenusCall)!;
    expect(sent.done).toBe('saved');
    expect(sent.body.id).toBe(2);
    expect([...(sent.body.menuIds as number[])].sort((a, b) => a - b)).toEqual([10, 11, 12, 13]);
    await waitFor(() => expect(screen.queryByText('分配权限：运维只读')).toBeNull());
    expect(callsOf(roleListCall)).toHaveLength(2);
  });

  // What the server stores is exactly what is sent: an unchanged save must send the held page and directory too.
  it('keeps the held parents when the menus are saved unchanged', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: '分配权限 运维只读' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('新增用户');
    await waitFor(() =>
      expect(within(drawer).getByText('新增用户').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')).toHaveClass('ant-tree-checkbox-checked'),
    );
    save();
    await waitFor(() => expect(sentTo(roleMenusCall)).toBeDefined());
    expect([...(sentTo(roleMenusCall)!.body.menuIds as number[])].sort((a, b) => a - b)).toEqual([10, 11, 12]);
  });

  it('grants a page without its buttons: unticking the last button leaves the page and its directory granted', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: '分配权限 运维只读' }));
    const drawer = await screen.findByRole('dialog');
    const checkbox = (title: string) => within(drawer).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await waitFor(() => expect(checkbox('新增用户')).toHaveClass('ant-tree-checkbox-checked'));
    fireEvent.click(checkbox('新增用户'));
    await waitFor(() => expect(checkbox('新增用户')).not.toHaveClass('ant-tree-checkbox-checked'));
    expect(checkbox('用户管理')).toHaveClass('ant-tree-checkbox-indeterminate');
    save();
    await waitFor(() => expect(sentTo(roleMenusCall)).toBeDefined());
    expect([...(sentTo(roleMenusCall)!.body.menuIds as number[])].sort((a, b) => a - b)).toEqual([10, 11]);
  });

  it('ticking a page grants all its buttons and the directory above; unticking it takes the buttons too', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: '分配权限 运维只读' }));
    const drawer = await screen.findByRole('dialog');
    const checkbox = (title: string) => within(drawer).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
    await waitFor(() => expect(checkbox('新增用户')).toHaveClass('ant-tree-checkbox-checked'));
    fireEvent.click(checkbox('用户管理'));
    await waitFor(() => expect(checkbox('删除用户')).toHaveClass('ant-tree-checkbox-checked'));
    fireEvent.click(checkbox('用户管理'));
    await waitFor(() => expect(checkbox('新增用户')).not.toHaveClass('ant-tree-checkbox-checked'));
    expect(checkbox('删除用户')).not.toHaveClass('ant-tree-checkbox-checked');
    save();
    await waitFor(() => expect(sentTo(roleMenusCall)).toBeDefined());
    expect(sentTo(roleMenusCall)!.body.menuIds).toEqual([10]);
  });

  // Issue 26: a delete says what it does; a role users hold is not deleted (the server refuses it too).
  it('confirms the delete of a role nobody holds with that fact, then deletes it and reloads', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: '删除 运维只读' }));
    expect(await screen.findByText('确定删除“运维只读”吗？当前没有用户拥有这个角色。')).toBeInTheDocument();
    expect(sentTo(roleViewCall)).toMatchObject({ query: { id: 2 } });
    // As every delete confirmation: 删除 and 取消.
    fireEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(sentTo(roleDeleteCall)).toEqual({ body: { id: 2 }, done: 'deleted' }));
    await waitFor(() => expect(callsOf(roleListCall)).toHaveLength(2));
  });

  it('says how many users hold a role and what to do instead, and offers no delete', async () => {
    holders = 3;
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: '删除 运维只读' }));
    expect(
      await screen.findByText('“运维只读”有 3 位用户拥有，不能删除。请先在用户管理中取消他们的这个角色，或停用该角色以暂停它授予的权限。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^删\s*除$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^取\s*消$/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(document.querySelector('.ant-popover')).toHaveClass('ant-popover-hidden'));
    expect(callsOf(roleDeleteCall)).toHaveLength(0);
  });

  it('says the same in English', async () => {
    setLocale('en-US');
    holders = 1;
    renderPage();
    fireEvent.click(within(await rowOf('运维只读')).getByRole('button', { name: 'Delete 运维只读' }));
    expect(
      await screen.findByText(
        '"运维只读" is held by 1 user(s), so it cannot be deleted. Take it from them on the users page first, or disable the role to suspend what it grants.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the super administrator role as granting everything: a tag, and a drawer that explains instead of unticked boxes', async () => {
    mockCall.mockImplementation(
      answering(async (contract) => {
        if (contract === roleListCall)
          return {
            list: [
              role({
                key: 'super_admin',
                isSuperAdmin: true,
                children: [role({ id: 2, parentId: 1, name: '运维只读', key: 'ops.viewer', isDefaultAdmin: false })],
              }),
            ],
          };
        throw new Error(`unexpected call ${contract.path}`);
      }),
    );
    renderPage();
    const admin = await rowOf('超级管理员');
    expect(within(admin).getByText('全部权限')).toBeInTheDocument();
    expect(within(await rowOf('运维只读')).queryByText('全部权限')).toBeNull();
    fireEvent.click(within(admin).getByRole('button', { name: '分配权限 超级管理员' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('超级管理员拥有全部菜单和按钮的权限')).toBeInTheDocument();
    expect(within(drawer).getByText(/这由超级管理员账号本身决定.*这个角色不能分配给其他用户/)).toBeInTheDocument();
    expect(drawer.querySelector('.ant-tree-checkbox')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /^保\s*存$/ })).toBeNull();
    expect(callsOf(roleMenuTreeCall)).toHaveLength(0);
    expect(callsOf(roleViewCall)).toHaveLength(0);
    fireEvent.click(within(drawer).getByRole('button', { name: /^关\s*闭$/ }));
    await waitFor(() => expect(screen.queryByText('超级管理员拥有全部菜单和按钮的权限')).toBeNull());
  });
});
