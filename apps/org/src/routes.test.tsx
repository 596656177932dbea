import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { deptListCall, memberListCall, postListCall } from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { answering, testMemberRow, testUser } from '@uc/testing';
import { routes } from './routes';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const paged = <T,>(list: T[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });

/** The org remote's routes as the shell mounts them, at `path`. */
const open = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
};

jest.setTimeout(60_000);
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({}) });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract) => {
      if (contract === memberListCall) return paged([testMemberRow({ id: 2, username: 'ann', realName: '安' })]);
      if (contract === postListCall) return paged([]);
      if (contract === deptListCall) return { list: [] };
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

describe('org routes', () => {
  it('opens the user screen at /org, with its rows from the server', async () => {
    const router = open('/org');
    expect(await screen.findByText('ann', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/org/user');
    expect(screen.getByText('用户管理')).toBeInTheDocument();
  });

  it('serves the department screen', async () => {
    open('/org/dept');
    expect(await screen.findByText('部门管理')).toBeInTheDocument();
    await waitFor(() => expect(mockCall.mock.calls.some(([c]) => c === deptListCall)).toBe(true));
  });

  it('serves the post screen', async () => {
    open('/org/post');
    expect(await screen.findByText('岗位管理')).toBeInTheDocument();
    await waitFor(() => expect(mockCall.mock.calls.some(([c]) => c === postListCall)).toBe(true));
  });
});
