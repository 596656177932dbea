import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { tenantViewCall, type TenantRow } from '@uc/contracts';
import { call, provideRemoteModuleLoader, setLocale, useSession } from '@uc/client';
import { ORG_TENANT_SCREENS, PERMISSION_TENANT_SCREENS } from '@uc/client/exposed';
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
  org: { version: ORG_TENANT_SCREENS.version, TenantUsers: screens('users'), TenantDepts: screens('depts'), TenantPosts: screens('posts') },
  permission: { version: PERMISSION_TENANT_SCREENS.version, TenantRoles: screens('roles') },
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

  it("asks for the tenant again when its users tab says the users changed: the 基本信息 tab's count follows", async () => {
    let users = 2;
    mockCall.mockImplementation(
      answering(async (contract) => {
        if (contract === tenantViewCall) return { ...GLOBEX, userCount: users };
        throw new Error(`unexpected call ${contract.path}`);
      }),
    );
    // The users screen as org exposes it: a write there (a user added) calls onChange.
    const TenantUsers = ({ onChange }: { tenantId: number; onChange?: () => void }) => (
      <button
        type="button"
        onClick={() => {
          users += 1;
          onChange?.();
        }}
      >
        add a user
      </button>
    );
    provideRemoteModuleLoader(async (remote: string) => (remote === 'org' ? { ...MODULES.org, TenantUsers } : MODULES[remote]));
    const router = createMemoryRouter([{ path: '/tenant/details/:id', element: <DetailsPage /> }], { initialEntries: ['/tenant/details/5'] });
    render(
      <App>
        <RouterProvider router={router} />
      </App>,
    );
    const count = async (n: number) => {
      const info = await screen.findByRole('tabpanel', { name: '基本信息' });
      const label = within(info).getByText('用户数');
      expect(await within(label.closest('tr')!).findByText(String(n))).toBeInTheDocument();
    };
    await count(2);
    fireEvent.click(screen.getByRole('tab', { name: '用户' }));
    fireEvent.click(await screen.findByRole('button', { name: 'add a user' }));
    fireEvent.click(screen.getByRole('tab', { name: '基本信息' }));
    await count(3);
    expect(mockCall.mock.calls.filter(([contract]) => contract === tenantViewCall)).toHaveLength(2);
  });
});
