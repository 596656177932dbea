import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { tenantViewCall, type TenantRow } from '@uc/contracts';
import { call, provideRemoteModuleLoader, setLocale, useSession } from '@uc/client';
import { answering, testUser } from '@uc/testing';
import { registerTenantMessages } from '../../locales';
import { DetailsPage } from './details-page';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const GLOBEX: TenantRow = {
  id: 5,
  name: 'Globex',
  code: 'globex',
  leader: '',
  adminUserId: 20,
  adminUsername: 'globex.admin',
  adminRealName: '',
  phone: '',
  email: '',
  policyId: 7,
  policyTitle: 'Standard',
  status: 1,
  expiresAt: null,
  isPlatform: false,
  userCount: 2,
  deletedUserCount: 0,
  remark: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-03T03:04:00.000Z',
};

/** What org and permission expose as './tenant-screens', as far as this page sees them: each screen says its tenant. */
const screens =
  (label: string) =>
  ({ tenantId }: { tenantId: number }) => <p>{`${label} of tenant ${tenantId}`}</p>;
const MODULES: Record<string, Record<string, unknown>> = {
  org: { version: '1.0', TenantUsers: screens('users'), TenantDepts: screens('depts'), TenantPosts: screens('posts') },
  permission: { version: '1.0', TenantRoles: screens('roles') },
};

jest.setTimeout(60_000);
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser(), remotes: [] });
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract) => {
      if (contract === tenantViewCall) return GLOBEX;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});
afterEach(() => provideRemoteModuleLoader(null));

describe('DetailsPage', () => {
  it("shows each tab with the org and permission screens that remote exposes, in this tenant's scope", async () => {
    const loader = jest.fn(async (remote: string, _expose: string) => MODULES[remote]);
    provideRemoteModuleLoader(loader);
    const router = createMemoryRouter([{ path: '/tenant/details/:id', element: <DetailsPage /> }], { initialEntries: ['/tenant/details/5'] });
    render(
      <App>
        <RouterProvider router={router} />
      </App>,
    );
    expect(await screen.findByText('租户详情: Globex')).toBeInTheDocument();
    for (const [tab, text] of [
      ['用户', 'users of tenant 5'],
      ['角色', 'roles of tenant 5'],
      ['部门', 'depts of tenant 5'],
      ['岗位', 'posts of tenant 5'],
    ] as const) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(loader.mock.calls.map(([remote, expose]) => `${remote} ${expose}`)).toEqual([
      'org ./tenant-screens',
      'permission ./tenant-screens',
      'org ./tenant-screens',
      'org ./tenant-screens',
    ]);
  });
});
