import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { profileCardSchema, type CallContract, type ProfileCard } from '@uc/contracts';
import { api } from '@uc/client';
import { answering, servedBy } from '@uc/testing';
import { AntdApiUi } from '@uc/ui';

/*
 * Test helpers of the account screens (not shipped: only tests import this file).
 */

/** The signed-in user's card as profile/center answers it, parsed through its contract. */
export const testProfile = (over: Partial<ProfileCard> = {}): ProfileCard =>
  profileCardSchema.parse({
    id: 42,
    username: 'zhang.san',
    realName: '张三',
    avatar: '',
    tenantName: '星河科技',
    deptName: '研发部',
    roles: [
      { id: 1, name: '运维' },
      { id: 2, name: '审计员' },
    ],
    posts: [
      { id: 3, name: '工程师' },
      { id: 4, name: '值班长' },
    ],
    balance: '1288.50',
    integral: 3200,
    loginCount: 17,
    lastLoginAt: '2026-03-04T05:06:00.000Z',
    lastLoginIp: '10.1.2.3',
    lastActiveAt: '2026-03-05T01:02:00.000Z',
    createdAt: '2025-01-02T03:04:00.000Z',
    mobile: '13800000000',
    mobileVerified: true,
    email: 'zhang@example.com',
    sex: 1,
    birthday: '1990-01-31',
    qq: '12345',
    address: '上海',
    ...over,
  });

/** A one-page list answer. */
export const paged = <T,>(list: T[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });

type Answer = Parameters<typeof servedBy>[0];

/**
 * Every call of the screen, the session's own (refreshUser) included, goes through the real API
 * client to a fake server that checks bodies by their contracts; returns what was sent per call.
 */
export function serve(answer: Answer) {
  const served = servedBy(answer) as (...args: Parameters<typeof api.call>) => ReturnType<typeof api.call>;
  // servedBy never reads a multipart body, and the client waits for its upload to be taken: uploads
  // are answered directly (still parsed through their contract).
  const direct = answering(answer) as typeof served;
  const spy = jest.spyOn(api, 'call').mockImplementation((contract, options) => (options?.form ? direct(contract, options) : served(contract, options)));
  return {
    spy,
    sent: (contract: CallContract) => spy.mock.calls.filter(([c]) => c === contract).map(([, o]) => (o ?? {}) as { body?: unknown; query?: unknown }),
  };
}

/** The address the router is at, for tests of what the screen writes to it. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** Renders inside antd's App (toasts, as the shell shows them) and a router at `path`. */
export const renderAt = (ui: ReactNode, path = '/home/account') =>
  render(
    <App>
      <AntdApiUi />
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Where />
      </MemoryRouter>
    </App>,
  );
