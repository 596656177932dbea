import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';
import {
  addBalanceCall,
  defineCall,
  deptOptionCall,
  forceLogoutCall,
  ledgerListCall,
  listQuerySchema,
  memberDeleteCall,
  memberEditCall,
  memberImportCall,
  memberListCall,
  memberPurgeCall,
  memberRecycleListCall,
  memberResetPwdCall,
  memberRestoreCall,
  memberRowSchema,
  memberStatusCall,
  memberViewCall,
  pagedOf,
  postOptionCall,
  roleOptionCall,
  TENANT_HEADER,
  uploadImageCall,
  type CallContract,
  type FilterTriple,
  type MemberDetail,
} from '@uc/contracts';
import { call, setLocale, TenantScope, useSession } from '@uc/client';
import { AntdApiUi } from '@uc/ui';
import { servedBy, testMemberDetail, testMemberRow, testUser } from '@uc/testing';
import { registerUserMessages } from './user-messages';
import { UserListPage, UserRecyclePage, type UserListPageProps } from './user-list-page';

// The API client's `call` (which useCall and useScopedCall use too) runs against the fake server below.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

/** A stand-in for the tenant remote's list of every tenant's users: rows carry tenantId and tenantName. */
const rowOfTenant = memberRowSchema.extend({ tenantId: z.number().int(), tenantName: z.string() });
const everyTenantListCall = defineCall({
  method: 'GET',
  path: '/test/tenant/user/list',
  access: 'permission',
  tag: 'test',
  summary: "Users of every tenant (the tenant remote's call, as far as the screen sees it).",
  query: listQuerySchema,
  data: pagedOf(rowOfTenant),
});
const everyTenantRecycleCall = { ...everyTenantListCall, path: '/test/tenant/user/recycle' };

const ann = testMemberRow({ id: 2, username: 'ann', realName: '安', mobile: '13800000002', balance: '5.00' });
const bob = testMemberRow({ id: 3, username: 'bob', realName: '博', mobile: '13800000003' });
const annOfAcme = { ...ann, tenantId: 3, tenantName: 'Acme' };
const bobOfBeta = { ...bob, tenantId: 5, tenantName: 'Beta' };

const detail = (row: { id: number; username: string; realName: string; mobile: string }): MemberDetail =>
  testMemberDetail({ ...row, tenantName: 'T', balance: '5.00' });

const paged = (list: unknown[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });

/** Every request that reached the fake server: the call, the X-UC-Tenant header it carried (null: none), its query. */
let seen: { contract: CallContract; tenant: string | null; query: unknown }[] = [];
const tenantsOf = (contract: CallContract) => seen.filter((r) => r.contract === contract).map((r) => r.tenant);
const lastFilter = (contract: CallContract) => {
  const query = seen.filter((r) => r.contract === contract).at(-1)?.query as { filter?: string } | undefined;
  return query?.filter === undefined ? [] : (JSON.parse(query.filter) as FilterTriple[]);
};

type Request = { query?: { id?: number }; body?: Record<string, unknown> };
const answers = new Map<CallContract, (request: Request) => unknown>([
  [memberListCall, () => paged([ann, bob])],
  [memberRecycleListCall, () => paged([ann, bob])],
  [everyTenantListCall, () => paged([annOfAcme, bobOfBeta])],
  [everyTenantRecycleCall, () => paged([annOfAcme, bobOfBeta])],
  [memberViewCall, ({ query }) => detail(query?.id === bob.id ? bob : ann)],
  [memberEditCall, ({ body }) => detail({ ...ann, ...body, id: (body?.id as number | undefined) ?? 9 } as typeof ann)],
  [ledgerListCall, () => paged([])],
  [deptOptionCall, () => ({ list: [] })],
  [roleOptionCall, () => ({ list: [] })],
  [postOptionCall, () => ({ list: [] })],
  [memberStatusCall, () => null],
  [memberResetPwdCall, () => null],
  [memberDeleteCall, () => null],
  [memberRestoreCall, () => null],
  [memberPurgeCall, () => null],
  [forceLogoutCall, () => ({ revoked: 1 })],
  [addBalanceCall, () => ({ ledgerId: 1, userId: 2, kind: 1, before: '5.00', after: '6.00', change: '1.00', replayed: false })],
  [memberImportCall, () => ({ imported: 1, errors: [] })],
  [uploadImageCall, () => ({ url: '/user/web/uploads/a.png', name: 'a.png', size: 3, mime: 'image/png', purpose: 'public' })],
]);

const renderIn = (ui: ReactNode) =>
  render(
    <App>
      <AntdApiUi />
      {ui}
    </App>,
  );
/** The table row showing `name` (a drawer may show it too). */
const rowOf = async (name: string) => (await screen.findAllByText(name, { selector: 'td, td *' }, { timeout: 10_000 }))[0]!.closest('tr')!;
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const save = (within_: HTMLElement) => fireEvent.click(within(within_).getByRole('button', { name: /保\s*存/ }));
const more = async (name: string, item: string) => {
  fireEvent.click(within(await rowOf(name)).getByRole('button', { name: `${name} 的更多操作` }));
  const entries = await screen.findAllByRole('menuitem', { name: item });
  fireEvent.click(entries.at(-1)!);
};
const called = (contract: CallContract, timeout = 3000) =>
  waitFor(() => expect(`${contract.path}:${tenantsOf(contract).length > 0}`).toBe(`${contract.path}:true`), { timeout });

jest.setTimeout(120_000);
beforeAll(() => registerUserMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  seen = [];
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      seen.push({ contract, tenant: options?.headers?.get(TENANT_HEADER) ?? null, query: options?.query });
      const answer = answers.get(contract);
      if (!answer) throw new Error(`unexpected call ${contract.path}`);
      return answer(options as Request);
    }),
  );
});

describe('UserListPage inside <TenantScope tenantId={7}>', () => {
  const renderInTenant7 = () =>
    renderIn(
      <TenantScope tenantId={7}>
        <UserListPage />
      </TenantScope>,
    );
  /** Each of `contracts` reached the server, and every request the test made carried tenant 7. */
  const allIn7 = (...contracts: CallContract[]) => {
    for (const contract of contracts) expect(`${contract.path}: ${tenantsOf(contract).length}`).not.toBe(`${contract.path}: 0`);
    expect(seen.filter((r) => r.tenant !== '7').map((r) => `${r.contract.path}: ${r.tenant}`)).toEqual([]);
  };

  // The row actions are split over three tests, each from a fresh page, so that none runs for long.
  it('makes the list call, the status switch and the details with their ledger in tenant 7', async () => {
    renderInTenant7();
    fireEvent.click(within(await rowOf('ann')).getByRole('switch'));
    await called(memberStatusCall);

    fireEvent.click(within(await rowOf('ann')).getByRole('button', { name: /详\s*情/ }));
    await called(memberViewCall);
    fireEvent.click(await screen.findByRole('tab', { name: '余额积分记录' }));
    await called(ledgerListCall);

    allIn7(memberListCall, memberStatusCall, memberViewCall, ledgerListCall);
  });

  it('edits a user and resets a password in tenant 7', async () => {
    renderInTenant7();
    fireEvent.click(within(await rowOf('ann')).getByRole('button', { name: /编\s*辑/ }));
    const edit = await dialog('编辑用户');
    await waitFor(() => expect(within(edit).getByLabelText('用户名')).toHaveValue('ann'));
    save(edit);
    await called(memberEditCall);

    await more('ann', '重置密码');
    const reset = await dialog('重置密码：ann');
    fireEvent.change(within(reset).getByLabelText('密码'), { target: { value: 'horse-battery-staple' } });
    save(reset);
    await called(memberResetPwdCall);

    allIn7(memberListCall, memberViewCall, deptOptionCall, roleOptionCall, postOptionCall, memberEditCall, memberResetPwdCall);
  });

  it('adjusts a balance, forces a logout and deletes in tenant 7', async () => {
    renderInTenant7();
    await more('ann', '余额');
    const balance = await dialog('调整余额：ann');
    fireEvent.change(within(balance).getByLabelText('数量'), { target: { value: '1' } });
    save(balance);
    await called(addBalanceCall);

    await more('bob', '强制退出');
    fireEvent.click((await screen.findAllByRole('button', { name: /强制退出/ })).at(-1)!);
    await called(forceLogoutCall);

    await more('bob', '删除');
    fireEvent.click((await screen.findAllByRole('button', { name: /删\s*除/ })).at(-1)!);
    await called(memberDeleteCall);

    allIn7(memberListCall, addBalanceCall, forceLogoutCall, memberDeleteCall);
  });

  it('creates (with its upload), imports and exports in tenant 7', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderIn(
      <TenantScope tenantId={7}>
        <UserListPage />
      </TenantScope>,
    );
    await rowOf('ann');

    fireEvent.click(screen.getByRole('button', { name: /新增用户/ }));
    const create = await dialog('新增用户');
    await called(deptOptionCall);
    fireEvent.change(within(create).getByLabelText('用户名'), { target: { value: 'cat' } });
    fireEvent.change(within(create).getByLabelText('密码'), { target: { value: 'a-long-password' } });
    fireEvent.change(within(create).getByLabelText('真实姓名'), { target: { value: '猫' } });
    fireEvent.change(within(create).getByLabelText('手机号'), { target: { value: '13900000009' } });
    const avatar = within(create).getByRole('button', { name: '头像' }).closest('.ant-upload')!.querySelector('input[type=file]')!;
    fireEvent.change(avatar, { target: { files: [new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' })] } });
    await called(uploadImageCall, 15_000);
    save(create);
    await called(memberEditCall);

    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    const importing = await dialog('导入用户');
    const csv = 'username,password,realName,mobile\ncat,a-long-password,猫,13900000009\n';
    fireEvent.change(importing.querySelector('input[type=file]')!, { target: { files: [new File([csv], 'u.csv', { type: 'text/csv' })] } });
    await within(importing).findByText('u.csv：1 行');
    fireEvent.click(within(importing).getByRole('button', { name: '开始导入' }));
    await called(memberImportCall);
    await within(importing).findByText('导入完成：已导入 1 个用户');
    fireEvent.click(within(importing).getByRole('button', { name: /关\s*闭/ }));

    const listed = tenantsOf(memberListCall).length;
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '导出 CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(tenantsOf(memberListCall).length).toBeGreaterThan(listed);

    expect(seen.filter((r) => r.tenant !== '7').map((r) => `${r.contract.path}: ${r.tenant}`)).toEqual([]);
    click.mockRestore();
  });

  it("restores and purges in tenant 7's recycle bin", async () => {
    renderIn(
      <TenantScope tenantId={7}>
        <UserListPage />
      </TenantScope>,
    );
    await rowOf('ann');
    fireEvent.click(screen.getByText('回收站'));
    await called(memberRecycleListCall);
    fireEvent.click(within(await rowOf('ann')).getByRole('button', { name: /恢\s*复/ }));
    await called(memberRestoreCall);
    fireEvent.click(within(await rowOf('bob')).getByRole('button', { name: '彻底删除' }));
    const question = await screen.findByText('确定彻底删除用户“bob”吗？此操作不可恢复。');
    fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: '彻底删除' }));
    await called(memberPurgeCall);
    expect(seen.filter((r) => r.tenant !== '7').map((r) => `${r.contract.path}: ${r.tenant}`)).toEqual([]);
  });
});

describe('UserListPage over every tenant (listCall with tenantId on each row)', () => {
  const page = (props: UserListPageProps) => <UserListPage listCall={everyTenantListCall} tenantColumn recycleListCall={null} {...props} />;

  it("shows each row's tenant and acts on each row in its own tenant; the list itself is not scoped", async () => {
    renderIn(page({}));
    const acme = await rowOf('ann');
    expect(screen.getByRole('columnheader', { name: '租户' })).toBeInTheDocument();
    expect(within(acme).getByText('Acme')).toBeInTheDocument();
    expect(within(await rowOf('bob')).getByText('Beta')).toBeInTheDocument();
    expect(tenantsOf(everyTenantListCall)).toEqual([null]);
    // No tenant chosen: nowhere to create or import into.
    expect(screen.queryByRole('button', { name: /新增用户/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.queryByText('回收站')).toBeNull();

    fireEvent.click(within(acme).getByRole('switch'));
    await called(memberStatusCall);
    expect(tenantsOf(memberStatusCall)).toEqual(['3']);

    fireEvent.click(within(await rowOf('bob')).getByRole('button', { name: /编\s*辑/ }));
    const edit = await dialog('编辑用户');
    await waitFor(() => expect(within(edit).getByLabelText('用户名')).toHaveValue('bob'));
    save(edit);
    await called(memberEditCall);
    for (const contract of [memberViewCall, deptOptionCall, roleOptionCall, postOptionCall, memberEditCall])
      expect(new Set(tenantsOf(contract))).toEqual(new Set(['5']));

    await more('ann', '重置密码');
    const reset = await dialog('重置密码：ann');
    fireEvent.change(within(reset).getByLabelText('密码'), { target: { value: 'horse-battery-staple' } });
    save(reset);
    await called(memberResetPwdCall);
    expect(tenantsOf(memberResetPwdCall)).toEqual(['3']);
  });

  it("filters by the tenant remote's conditions besides the user's own, and creates in the chosen tenant", async () => {
    const { rerender } = renderIn(page({ extraFilters: [['tenantId', '=', 3]], createTenantId: 3, toolbar: <button type="button">tenant select</button> }));
    await rowOf('ann');
    expect(screen.getByRole('button', { name: 'tenant select' })).toBeInTheDocument();
    expect(lastFilter(everyTenantListCall)).toEqual([['tenantId', '=', 3]]);
    // The page's own condition is no removable tag: only the user's are.
    expect(document.querySelectorAll('.ant-tag-close-icon')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('值'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByRole('button', { name: /添加条件/ }));
    await waitFor(() =>
      expect(lastFilter(everyTenantListCall)).toEqual([
        ['tenantId', '=', 3],
        ['username', '=', 'ann'],
      ]),
    );

    const requests = tenantsOf(everyTenantListCall).length;
    rerender(
      <App>
        <AntdApiUi />
        {page({ extraFilters: [['tenantId', '=', 5]], createTenantId: 5 })}
      </App>,
    );
    await waitFor(() =>
      expect(lastFilter(everyTenantListCall)).toEqual([
        ['tenantId', '=', 5],
        ['username', '=', 'ann'],
      ]),
    );
    // One request for the new tenant, none with the old conditions in between.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(tenantsOf(everyTenantListCall)).toHaveLength(requests + 1);

    fireEvent.click(screen.getByRole('button', { name: /新增用户/ }));
    await dialog('新增用户');
    await called(deptOptionCall);
    expect(new Set(tenantsOf(deptOptionCall))).toEqual(new Set(['5']));
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeInTheDocument();
  });
});

describe('UserRecyclePage over every tenant', () => {
  it("restores and purges each row in the row's tenant", async () => {
    renderIn(<UserRecyclePage listCall={everyTenantRecycleCall} tenantColumn />);
    expect(await screen.findByText('回收站')).toBeInTheDocument();
    expect(within(await rowOf('ann')).getByText('Acme')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增用户/ })).toBeNull();
    // Deleted users show their status as a tag, not a switch.
    expect(screen.queryByRole('switch')).toBeNull();

    fireEvent.click(within(await rowOf('bob')).getByRole('button', { name: /恢\s*复/ }));
    await called(memberRestoreCall);
    expect(tenantsOf(memberRestoreCall)).toEqual(['5']);

    fireEvent.click(within(await rowOf('ann')).getByRole('button', { name: '彻底删除' }));
    const question = await screen.findByText('确定彻底删除用户“ann”吗？此操作不可恢复。');
    fireEvent.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: '彻底删除' }));
    await called(memberPurgeCall);
    expect(tenantsOf(memberPurgeCall)).toEqual(['3']);
    // The list itself (asked again after each change) is not scoped.
    expect(new Set(tenantsOf(everyTenantRecycleCall))).toEqual(new Set([null]));
  });
});
