import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { memberListCall, type MemberRow } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answersInTurn, testMemberRow, testUser } from '@uc/testing';
import { registerUserMessages } from './user-messages';
import { UserListPage } from './user-list-page';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const row = (over: Partial<MemberRow>): MemberRow => testMemberRow({ mobile: '13800000000', email: 'a@b.c', ...over });

jest.setTimeout(60_000);
beforeAll(() => registerUserMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  mockCall.mockImplementation(
    answersInTurn({
      list: [row({}), row({ id: 2, username: 'ann', lastLoginAt: '2026-02-03T04:05:00.000Z', status: 2 })],
      page: 1,
      pageSize: 10,
      total: 2,
      totalExact: true,
      next: null,
    }),
  );
});

const lastQuery = () => (mockCall.mock.calls.at(-1)?.[1] as { query: Record<string, string | number> }).query;

describe('UserListPage', () => {
  it('lists users from the member list call, ten per page, newest first', async () => {
    render(<UserListPage />);
    expect((await screen.findAllByText('admin', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(mockCall.mock.calls[0]?.[0]).toBe(memberListCall);
    expect(lastQuery()).toEqual({ page: 1, pageSize: 10, sort: '-createdAt' });
    expect(screen.getByText('从未登录')).toBeInTheDocument();
    expect(screen.getAllByText('停用').length).toBeGreaterThan(0);
  });

  it('turns the keyword search into a keyword filter', async () => {
    render(<UserListPage />);
    await screen.findAllByText('admin', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByPlaceholderText('搜索用户名、姓名、手机号或邮箱'), { target: { value: 'ann' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索用户名、姓名、手机号或邮箱'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(JSON.parse(String(lastQuery().filter))).toEqual([['keyword', 'ann']]));
  });

  it('offers no password reset, force logout or delete on one’s own row', async () => {
    useSession.setState({ status: 'ready', currentUser: testUser({ id: 2, isSuperAdmin: true }) });
    render(<UserListPage />);
    await screen.findAllByText('ann', {}, { timeout: 10_000 });
    const actionsOf = async (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: `${name} 的更多操作` }));
      const menu = (await screen.findAllByRole('menu')).at(-1)!;
      const labels = [...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
      fireEvent.keyDown(menu, { key: 'Escape' });
      return labels;
    };
    expect(await actionsOf('admin')).toEqual(expect.arrayContaining(['重置密码', '强制退出', '删除']));
    const own = await actionsOf('ann');
    for (const label of ['重置密码', '强制退出', '删除']) expect(own).not.toContain(label);
  });
});
