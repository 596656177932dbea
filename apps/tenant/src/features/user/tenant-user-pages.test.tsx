import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { tenantOptionCall } from '@uc/contracts';
import { call, provideRemoteModuleLoader, setLocale, useSession } from '@uc/client';
import { ORG_TENANT_SCREENS } from '@uc/client/exposed';
import { answering, testUser } from '@uc/testing';
import { registerTenantMessages } from '../../locales';
import { TenantUserListPage, TenantUserRecyclePage } from './tenant-user-pages';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

type Props = { title?: ReactNode; tenantId?: number; toolbar?: ReactNode };
/** What org exposes, as far as these pages see it: each list says its title and the tenant chosen, beside the toolbar. */
const list =
  (kind: string) =>
  ({ title, tenantId, toolbar }: Props) => (
    <div>
      <h2>{title}</h2>
      {toolbar}
      <p>{`${kind} of ${tenantId ?? 'every tenant'}`}</p>
    </div>
  );
const ORG = { version: ORG_TENANT_SCREENS.version, EveryTenantUsers: list('users'), EveryTenantRecycle: list('deleted users') };

jest.setTimeout(60_000);
beforeAll(() => registerTenantMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser(), remotes: [] });
  provideRemoteModuleLoader(async (remote, expose) => (remote === 'org' && expose === './tenant-screens' ? ORG : undefined));
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering(async (contract) => {
      if (contract === tenantOptionCall) return { list: [{ id: 3, name: 'Acme', code: 'acme', isPlatform: false, status: 1 }] };
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});
afterEach(() => provideRemoteModuleLoader(null));

it.each([
  ['/tenant/user/list', TenantUserListPage, 'users'],
  ['/tenant/user/recycle', TenantUserRecyclePage, 'deleted users'],
] as const)("%s is org's list of every tenant's users, with this remote's tenant filter", async (_path, Page, kind) => {
  render(
    <App>
      <Page />
    </App>,
  );
  expect(await screen.findByText(`${kind} of every tenant`)).toBeInTheDocument();
  // The tenants have arrived, then one is picked.
  await waitFor(() => expect(document.querySelector('.ant-select-loading')).toBeNull());
  fireEvent.mouseDown(screen.getByLabelText('所属租户'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === 'Acme (acme)');
    if (!found) throw new Error('no option Acme (acme)');
    return found;
  });
  fireEvent.click(option);
  expect(await screen.findByText(`${kind} of 3`)).toBeInTheDocument();
});
