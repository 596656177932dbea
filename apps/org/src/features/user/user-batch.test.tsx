import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';
import {
  defineCall,
  deptOptionCall,
  forceLogoutBatchCall,
  listQuerySchema,
  memberDeleteBatchCall,
  memberDeleteCall,
  memberDeptBatchCall,
  memberEditCall,
  memberListCall,
  memberRecycleListCall,
  memberRestoreBatchCall,
  memberRestoreCall,
  memberRolesBatchCall,
  memberRowSchema,
  memberStatusBatchCall,
  memberStatusCall,
  pagedOf,
  roleOptionCall,
  TENANT_HEADER,
  type BatchResult,
  type CallContract,
} from '@uc/contracts';
import { call, setLocale, TenantScope, useSession } from '@uc/client';
import { AntdApiUi } from '@uc/ui';
import { servedBy, testMemberRow, testUser } from '@uc/testing';
import { registerUserMessages } from './user-messages';
import { UserListPage } from './user-list-page';

// The API client's `call` (which useCall and useScopedCall use too) runs against the fake server below.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const ann = testMemberRow({ id: 2, username: 'ann', mobile: '13800000002' });
const bob = testMemberRow({ id: 3, username: 'bob', mobile: '13800000003' });
const cid = testMemberRow({ id: 4, username: 'cid', mobile: '13800000004' });
const paged = (list: unknown[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });

/** A stand-in for the tenant remote's list of every tenant's users: rows carry tenantId and tenantName. */
const everyTenantListCall = defineCall({
  method: 'GET',
  path: '/test/tenant/user/list',
  access: 'permission',
  tag: 'test',
  summary: 'Users of every tenant.',
  query: listQuerySchema,
  data: pagedOf(memberRowSchema.extend({ tenantId: z.number().int(), tenantName: z.string() })),
});

/** The server's refusals by user id (already in the reader's language, as the real server sends them). */
let refusals: Record<number, string> = {};
let sent: { contract: CallContract; tenant: string | null; body: unknown }[] = [];
const batchAnswer = ({ body }: { body?: unknown }): BatchResult => {
  const { ids } = body as { ids: number[] };
  const results = ids.map((id) => (refusals[id] ? { id, done: false, status: 403, message: refusals[id]! } : { id, done: true, status: 200, message: '' }));
  const done = results.filter((r) => r.done).length;
  return { results, done, refused: results.length - done };
};
const BATCHES: CallContract[] = [
  memberStatusBatchCall,
  memberDeleteBatchCall,
  memberRestoreBatchCall,
  forceLogoutBatchCall,
  memberDeptBatchCall,
  memberRolesBatchCall,
];

const renderIn = (ui: ReactNode) =>
  render(
    <App>
      <AntdApiUi />
      {ui}
    </App>,
  );
const rowOf = async (name: string) => (await screen.findAllByText(name, { selector: 'td, td *' }, { timeout: 10_000 }))[0]!.closest('tr')!;
const select = async (...names: string[]) => {
  for (const name of names) fireEvent.click(within(await rowOf(name)).getByRole('checkbox'));
};
const bar = () => screen.getByRole('region', { name: /批量操作|Batch actions/ });
const barButtons = () =>
  within(bar())
    .getAllByRole('button')
    .map((b) => b.textContent!.replace(/\s/g, ''));
const confirmOk = async (title: string, ok: RegExp) =>
  fireEvent.click(
    within((await screen.findByText(title, { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: ok }),
  );
const sentTo = (contract: CallContract) => sent.filter((s) => s.contract === contract);

jest.setTimeout(120_000);
beforeAll(() => registerUserMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({ id: 1 }) });
  refusals = {};
  sent = [];
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      const tenant = options?.headers?.get(TENANT_HEADER) ?? null;
      sent.push({ contract, tenant, body: options?.body });
      if (BATCHES.includes(contract)) return batchAnswer(options as { body?: unknown });
      if (contract === memberListCall || contract === memberRecycleListCall) return paged([ann, bob, cid]);
      if (contract === everyTenantListCall)
        return paged([
          { ...ann, tenantId: 3, tenantName: 'Acme' },
          { ...bob, tenantId: 5, tenantName: 'Beta' },
        ]);
      if (contract === deptOptionCall)
        return {
          list: [
            {
              id: 10,
              name: '总部',
              disabled: false,
              inScope: true,
              children: [
                { id: 11, name: '研发部', disabled: false, inScope: true },
                { id: 12, name: '财务部', disabled: false, inScope: false },
              ],
            },
          ],
        };
      if (contract === roleOptionCall) return { list: [{ id: 20, name: '运维', key: 'ops', children: [] }] };
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

describe('the user list’s batch actions', () => {
  it.each([
    ['zh-CN', '确定对选中的 3 项执行“停用”？', /停\s*用/, '停用的结果', '已完成 2 项，1 项未执行，原因如下：'],
    ['en-US', 'Apply “Disable” to the 3 selected rows?', /Disable/, 'Result of “Disable”', '2 done, 1 not done, for these reasons:'],
  ])('disables the selected users in one call and lists the refused one with why (%s)', async (locale, confirm, ok, title, summary) => {
    setLocale(locale);
    refusals = { 2: locale === 'zh-CN' ? '该用户拥有您没有的权限，不能修改其账号' : 'That user holds permissions you do not hold' };
    renderIn(<UserListPage />);
    await select('ann', 'bob', 'cid');
    expect(within(bar()).getByText(locale === 'zh-CN' ? '已选择 3 项' : '3 selected')).toBeInTheDocument();
    fireEvent.click(within(bar()).getByRole('button', { name: ok }));
    await confirmOk(confirm, ok);
    const result = (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(within(result).getByText(summary)).toBeInTheDocument();
    expect(within(result).getByText('ann')).toBeInTheDocument();
    expect(within(result).getByText(refusals[2]!)).toBeInTheDocument();
    expect(sentTo(memberStatusBatchCall).map((s) => s.body)).toEqual([{ status: 2, ids: [2, 3, 4] }]);
    // The list is read again after the run.
    expect(sentTo(memberListCall).length).toBeGreaterThan(1);
  });

  it('shows only the actions the user may use, and no checkboxes when none', async () => {
    useSession.setState({
      currentUser: testUser({ id: 1, isSuperAdmin: false, permissions: [memberListCall.path, memberStatusCall.path, memberDeleteCall.path] }),
    });
    const { unmount } = renderIn(<UserListPage />);
    await select('ann');
    // member/edit (部门, 角色) and member/forceLogout are not held.
    expect(barButtons()).toEqual(['取消选择', '启用', '停用', '移入回收站']);
    unmount();
    useSession.setState({ currentUser: testUser({ id: 1, isSuperAdmin: false, permissions: [memberListCall.path] }) });
    renderIn(<UserListPage />);
    await rowOf('ann');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('offers every action to an administrator, and 恢复 only in the recycle bin', async () => {
    useSession.setState({
      currentUser: testUser({
        id: 1,
        isSuperAdmin: false,
        permissions: [memberListCall.path, memberRecycleListCall.path, memberRestoreCall.path, memberStatusCall.path, memberEditCall.path],
      }),
    });
    renderIn(<UserListPage />);
    await select('ann');
    expect(barButtons()).toEqual(['取消选择', '启用', '停用', '设置部门', '设置角色']);
    fireEvent.click(screen.getByText('回收站'));
    await waitFor(() => expect(sentTo(memberRecycleListCall).length).toBe(1));
    // Another list: the selection starts afresh.
    expect(screen.queryByRole('region', { name: '批量操作' })).toBeNull();
    await select('bob');
    expect(barButtons()).toEqual(['取消选择', '恢复']);
    fireEvent.click(within(bar()).getByRole('button', { name: /恢\s*复/ }));
    await confirmOk('确定对选中的 1 项执行“恢复”？', /恢\s*复/);
    await waitFor(() => expect(sentTo(memberRestoreBatchCall).map((s) => s.body)).toEqual([{ ids: [3] }]));
    expect(await screen.findByText('恢复：1 项已完成')).toBeInTheDocument();
  });

  it('sets a department chosen in the tree, where only departments within the scope can be chosen', async () => {
    renderIn(<UserListPage />);
    await select('ann', 'bob');
    fireEvent.click(within(bar()).getByRole('button', { name: '设置部门' }));
    const dialog = (await screen.findByText('设置部门（2 个用户）', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const outOfScope = (await screen.findByText('财务部', { selector: '.ant-select-tree-title' })).closest('.ant-select-tree-treenode')!;
    expect(outOfScope).toHaveClass('ant-select-tree-treenode-disabled');
    fireEvent.click(screen.getByText('研发部', { selector: '.ant-select-tree-title' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sentTo(memberDeptBatchCall).map((s) => s.body)).toEqual([{ deptId: 11, ids: [2, 3] }]));
    expect(await screen.findByText('设置部门：2 项已完成')).toBeInTheDocument();
  });

  it('adds the grantable roles chosen (or replaces them)', async () => {
    setLocale('en-US');
    renderIn(<UserListPage />);
    await select('cid');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Set roles' }));
    const dialog = (await screen.findByText('Set the roles of 1 users', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByLabelText('Add to their roles')).toBeChecked();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('运维', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sentTo(memberRolesBatchCall).map((s) => s.body)).toEqual([{ mode: 'add', roleIds: [20], ids: [4] }]));
  });

  it('acts in the tenant of the page inside a TenantScope (a tenant’s users tab)', async () => {
    renderIn(
      <TenantScope tenantId={7}>
        <UserListPage />
      </TenantScope>,
    );
    await select('ann');
    fireEvent.click(within(bar()).getByRole('button', { name: /强制退出/ }));
    await confirmOk('确定对选中的 1 项执行“强制退出”？', /强制退出/);
    await waitFor(() => expect(sentTo(forceLogoutBatchCall).map((s) => [s.tenant, s.body])).toEqual([['7', { ids: [2] }]]));
  });

  it('acts on each row in its own tenant on the list of every tenant’s users, one call per tenant', async () => {
    renderIn(<UserListPage listCall={everyTenantListCall} recycleListCall={null} tenantColumn />);
    await select('ann', 'bob');
    fireEvent.click(within(bar()).getByRole('button', { name: /移入回收站/ }));
    await confirmOk('确定对选中的 2 项执行“移入回收站”？', /移入回收站/);
    await waitFor(() =>
      expect(sentTo(memberDeleteBatchCall).map((s) => [s.tenant, s.body])).toEqual([
        ['3', { ids: [2] }],
        ['5', { ids: [3] }],
      ]),
    );
    // Departments and roles are a tenant's own: rows of two tenants are refused before any call.
    await select('ann', 'bob');
    fireEvent.click(within(bar()).getByRole('button', { name: '设置部门' }));
    expect(await screen.findByText('所选用户属于多个租户：请只选择一个租户的用户，再设置部门或角色')).toBeInTheDocument();
    expect(sentTo(deptOptionCall)).toEqual([]);
  });
});
