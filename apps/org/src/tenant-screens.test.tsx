import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import {
  deptListCall,
  memberListCall,
  memberStatusCall,
  postListCall,
  TENANT_HEADER,
  tenantUserListCall,
  tenantUserRecycleCall,
  type CallContract,
} from '@uc/contracts';
import { call, setLocale, useSession } from '@uc/client';
import { interfaceSatisfies, ORG_TENANT_SCREENS } from '@uc/client/exposed';
import { servedBy, testMemberRow, testUser } from '@uc/testing';
import * as exposed from './tenant-screens';

// The API client's `call`, which every read and write of the screens goes through, answers from here.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const paged = (list: unknown[]) => ({ list, page: 1, pageSize: 10, total: list.length, totalExact: true, next: null });
const annOfAcme = { ...testMemberRow({ id: 2, username: 'ann', realName: '安' }), tenantId: 3, tenantName: 'Acme' };

/** Each request that reached the fake server: its call, its X-UC-Tenant header (null: none) and its query. */
let seen: { contract: CallContract; tenant: string | null; query: unknown }[] = [];
const requestsOf = (contract: CallContract) => seen.filter((r) => r.contract === contract);

jest.setTimeout(60_000);
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser() });
  seen = [];
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      seen.push({ contract, tenant: options?.headers?.get(TENANT_HEADER) ?? null, query: options?.query });
      if (contract === memberListCall) return paged([testMemberRow({ id: 2, username: 'ann' })]);
      if (contract === tenantUserListCall || contract === tenantUserRecycleCall) return paged([annOfAcme]);
      if (contract === deptListCall) return { list: [] };
      if (contract === postListCall) return paged([]);
      if (contract === memberStatusCall) return null;
      throw new Error(`unexpected call ${contract.path}`);
    }),
  );
});

const renderIn = (ui: React.ReactNode) => render(<App>{ui}</App>);

describe("org's './tenant-screens'", () => {
  it('implements the interface version it was built against', () => {
    expect(exposed.version).toBe(ORG_TENANT_SCREENS.version);
    expect(interfaceSatisfies(exposed.version, ORG_TENANT_SCREENS.version)).toBe(true);
  });

  it.each([
    ['TenantUsers', exposed.TenantUsers, memberListCall],
    ['TenantDepts', exposed.TenantDepts, deptListCall],
    ['TenantPosts', exposed.TenantPosts, postListCall],
  ] as const)('%s shows the screen acting in the tenant given', async (_name, Screen, contract) => {
    renderIn(<Screen tenantId={7} />);
    await waitFor(() => expect(requestsOf(contract).length).toBeGreaterThan(0));
    expect(seen.map((r) => r.tenant)).toEqual(seen.map(() => '7'));
  });

  it('TenantUsers tells its host after a write, once the list was asked again (the details page then updates its count)', async () => {
    const onChange = jest.fn();
    renderIn(<exposed.TenantUsers tenantId={7} onChange={onChange} />);
    const status = await screen.findByRole('switch', {}, { timeout: 10_000 });
    const lists = requestsOf(memberListCall).length;
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(status);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(requestsOf(memberStatusCall).map((r) => r.tenant)).toEqual(['7']);
    await waitFor(() => expect(requestsOf(memberListCall).length).toBe(lists + 1));
  });

  it('EveryTenantUsers lists every tenant, or the one chosen, where 新增用户 then creates', async () => {
    const { rerender } = renderIn(<exposed.EveryTenantUsers title="所有用户" toolbar={<span>租户选择</span>} />);
    expect(await screen.findByText('Acme', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('所有用户')).toBeInTheDocument();
    expect(screen.getByText('租户选择')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增用户/ })).toBeNull();
    expect((requestsOf(tenantUserListCall).at(-1)?.query as { filter?: string }).filter).toBeUndefined();

    rerender(
      <App>
        <exposed.EveryTenantUsers title="所有用户" tenantId={3} />
      </App>,
    );
    await waitFor(() => expect((requestsOf(tenantUserListCall).at(-1)?.query as { filter?: string }).filter).toBe(JSON.stringify([['tenantId', '=', 3]])));
    expect(await screen.findByRole('button', { name: /新增用户/ })).toBeInTheDocument();
    expect(seen.every((r) => r.tenant === null)).toBe(true);
  });

  it('EveryTenantRecycle lists the recycle bin of every tenant', async () => {
    renderIn(<exposed.EveryTenantRecycle title="回收站" tenantId={3} />);
    expect(await screen.findByText('Acme', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect((requestsOf(tenantUserRecycleCall).at(-1)?.query as { filter?: string }).filter).toBe(JSON.stringify([['tenantId', '=', 3]]));
  });
});
