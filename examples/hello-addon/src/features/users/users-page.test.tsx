import { render, screen } from '@testing-library/react';
import { memberListCall } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testMemberRow, testUser } from '@uc/testing';
import { registerHelloAddonMessages } from '../../locales';
import { UsersPage } from './users-page';

// The API client's `call`, which the UI kit's lists go through, answered here (each answer is checked by its contract).
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

registerHelloAddonMessages();

describe('UsersPage', () => {
  beforeEach(() => {
    mockCall.mockReset();
    mockCall.mockImplementation(
      answering(() => ({
        list: [testMemberRow({ id: 1, username: 'ann', realName: 'Ann' }), testMemberRow({ id: 2, username: 'bob', realName: 'Bob' })],
        page: 1,
        pageSize: 10,
        total: 2,
        totalExact: true,
        next: null,
      })),
    );
  });

  it('lists the users the member list call answers, in the selected language', async () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [memberListCall.path] }) });
    setLocale('en-US');
    const { unmount } = render(<UsersPage />);
    expect(await screen.findByText('ann')).toBeInTheDocument();
    expect(screen.getByText('Bob')).toBeInTheDocument();
    expect(screen.getAllByText('Username')[0]).toBeInTheDocument();
    expect(mockCall.mock.calls[0]?.[0]).toBe(memberListCall);
    unmount();
    setLocale('zh-CN');
    render(<UsersPage />);
    expect(await screen.findByText('ann')).toBeInTheDocument();
    expect(screen.getAllByText('用户名')[0]).toBeInTheDocument();
  });

  it('says so, and asks nothing, when the reader’s roles do not grant the call', () => {
    useSession.setState({ currentUser: testUser({ isSuperAdmin: false, permissions: [] }) });
    setLocale('zh-CN');
    render(<UsersPage />);
    expect(screen.getByText(/你的角色没有查看用户列表的权限/)).toBeInTheDocument();
    expect(mockCall).not.toHaveBeenCalled();
  });
});
