import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { tenantInviteEditCall, tenantInviteListCall, tenantPolicyOptionCall, type TenantInviteRow } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testUser } from '@uc/testing';
import { registerTenantMessages } from '../../locales';
import { InvitePage } from './invite-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const invite = (over: Partial<TenantInviteRow>): TenantInviteRow => ({
  id: 1,
  title: 'Spring',
  companyName: 'Acme Ltd',
  policyId: 2,
  policyTitle: 'Standard',
  code: 'SPRING-2026',
  creatorUsername: 'admin',
  used: false,
  usedUserId: null,
  usedUsername: '',
  usedAt: null,
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-02T03:04:00.000Z',
  ...over,
});

const listQuery = () => mockCall.mock.calls.filter(([c]) => c === tenantInviteListCall).at(-1)?.[1] as { query: Record<string, string | number> };
const rowOf = async (title: string) => (await screen.findByText(title, {}, { timeout: 10_000 })).closest('tr')!;

jest.setTimeout(60_000);
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({}) });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract) => {
      if (contract === tenantInviteListCall) {
        const list = [
          invite({}),
          invite({ id: 2, title: 'Autumn', code: 'AUTUMN-2025', used: true, usedUserId: 9, usedUsername: 'acme-admin', usedAt: '2026-01-05T06:07:00.000Z' }),
        ];
        return { list, page: 1, pageSize: 10, total: 2, totalExact: true, next: null };
      }
      if (contract === tenantPolicyOptionCall)
        return {
          list: [
            { id: 3, title: 'Trial', isDefault: false },
            { id: 2, title: 'Standard', isDefault: true },
          ],
        };
      return invite({});
    }),
  );
});

const renderPage = () =>
  render(
    <App>
      <InvitePage />
    </App>,
  );
const openCreate = async () => {
  fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
  return screen.findByRole('dialog');
};

describe('InvitePage', () => {
  it('lists invites with their used or unused tag, newest first', async () => {
    renderPage();
    const unused = await rowOf('Spring');
    const used = await rowOf('Autumn');
    expect(within(unused).getByText('未使用')).toBeInTheDocument();
    expect(within(unused).getByText('SPRING-2026')).toBeInTheDocument();
    expect(within(used).getByText('已使用')).toBeInTheDocument();
    expect(within(used).getByText('acme-admin')).toBeInTheDocument();
    expect(listQuery().query).toEqual({ page: 1, pageSize: 10, sort: '-createdAt' });
  });

  it('offers edit and the registration link only for an unused invite', async () => {
    renderPage();
    const unused = await rowOf('Spring');
    const used = await rowOf('Autumn');
    expect(within(unused).getByRole('button', { name: '编辑 Spring' })).toBeInTheDocument();
    expect(within(unused).getByRole('button', { name: '复制注册链接 Spring' })).toBeInTheDocument();
    expect(within(used).queryByRole('button', { name: '编辑 Autumn' })).toBeNull();
    expect(within(used).queryByRole('button', { name: '复制注册链接 Autumn' })).toBeNull();
    expect(within(used).getByRole('button', { name: '删除 Autumn' })).toBeInTheDocument();
  });

  it('shows no change buttons without the edit and delete permissions', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, permissions: [tenantInviteListCall.path] }) });
    renderPage();
    const unused = await rowOf('Spring');
    expect(within(unused).queryByRole('button', { name: '编辑 Spring' })).toBeNull();
    expect(within(unused).queryByRole('button', { name: '删除 Spring' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });

  it('copies the registration link the sign-up screen reads the code from', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(within(await rowOf('Spring')).getByRole('button', { name: '复制注册链接 Spring' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/user/web/user/reg?inviteCode=SPRING-2026`));
    expect(await screen.findByText('注册链接已复制')).toBeInTheDocument();
  });

  it('creates an invite under the default policy, leaving the code to the server', async () => {
    renderPage();
    await rowOf('Spring');
    const form = await openCreate();
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: 'Summer' } });
    fireEvent.change(within(form).getByLabelText('公司名称'), { target: { value: 'Beta Inc' } });
    expect(within(form).getByText('留空则自动生成')).toBeInTheDocument();
    await within(form).findByTitle('Standard（默认）');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(mockCall.mock.calls.find(([c]) => c === tenantInviteEditCall)?.[1]).toEqual({
        body: { title: 'Summer', companyName: 'Beta Inc', policyId: 2, code: '', id: undefined },
        done: 'saved',
      }),
    );
  });

  it('updates an unused invite by id, keeping its code unless changed', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Spring')).getByRole('button', { name: '编辑 Spring' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByLabelText('邀请码')).toHaveValue('SPRING-2026');
    expect(within(form).getByText('留空则保留当前邀请码')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('公司名称'), { target: { value: 'Acme Group' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(mockCall.mock.calls.find(([c]) => c === tenantInviteEditCall)?.[1]).toEqual({
        body: { id: 1, title: 'Spring', companyName: 'Acme Group', policyId: 2, code: 'SPRING-2026' },
        done: 'saved',
      }),
    );
  });

  it('refuses a malformed code before saving', async () => {
    renderPage();
    await rowOf('Spring');
    const form = await openCreate();
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: 'Summer' } });
    fireEvent.change(within(form).getByLabelText('公司名称'), { target: { value: 'Beta Inc' } });
    fireEvent.change(within(form).getByLabelText('邀请码'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('邀请码为 6 至 32 位字母、数字或短横线')).toBeInTheDocument();
    expect(mockCall.mock.calls.some(([c]) => c === tenantInviteEditCall)).toBe(false);
  });

  it('asks the list for used invites only when that filter is chosen', async () => {
    renderPage();
    await rowOf('Spring');
    fireEvent.click(screen.getByRole('radio', { name: '已使用' }));
    await waitFor(() => expect(JSON.parse(String(listQuery().query.filter))).toEqual([['used', '=', true]]));
    fireEvent.click(screen.getByRole('radio', { name: '未使用' }));
    await waitFor(() => expect(JSON.parse(String(listQuery().query.filter))).toEqual([['used', '=', false]]));
    fireEvent.click(screen.getByRole('radio', { name: '全部' }));
    await waitFor(() => expect(listQuery().query.filter).toBeUndefined());
  });
});
