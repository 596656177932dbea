import { memberEditCall, memberInfoCall, memberListCall, memberStatusBatchCall, memberStatusCall, tenantListCall } from '@uc/contracts';
import type { Db } from '../../db/client';
import type { Session } from '../../modules/auth/access';
import { AuthCache } from '../../modules/auth/auth-cache';
import { DEMO_READ_ONLY, PLATFORM_ONLY, admit, checkCoverage, checkPermission, requiredPermission } from './admit';

const session = (over: Partial<Session> = {}): Session => ({
  sessionId: 1,
  userId: 2,
  tenantId: 3,
  username: 'u',
  isSuperAdmin: false,
  tenantIsPlatform: false,
  readOnly: false,
  ...over,
});
/** No statement may run: a check that needs none answers before touching the database. */
const noDb = new Proxy(
  {},
  {
    get: () => {
      throw new Error('no query expected');
    },
  },
) as Db;

describe('admit', () => {
  it('lets the demo account read but refuses it any write', () => {
    expect(() => admit(memberListCall, session({ readOnly: true }))).not.toThrow();
    expect(() => admit(memberStatusCall, session({ readOnly: true }))).toThrow(DEMO_READ_ONLY);
  });

  it('refuses platformOnly calls to callers of other tenants, even when a role grants the address', () => {
    expect(() => admit(tenantListCall, session())).toThrow(expect.objectContaining({ statusCode: 403, message: PLATFORM_ONLY }));
    expect(() => admit(tenantListCall, session({ tenantIsPlatform: true }))).not.toThrow();
  });
});

describe('requiredPermission', () => {
  it('is the address of a permission call, the single-row call of a batch, and nothing for session calls', () => {
    expect(requiredPermission(memberListCall)).toBe(memberListCall.path);
    expect(requiredPermission(memberStatusBatchCall)).toBe(memberStatusCall.path);
    expect(requiredPermission(memberInfoCall)).toBeUndefined();
  });
});

describe('checkPermission and checkCoverage', () => {
  it('run no query when there is nothing to check', () => {
    expect(checkPermission(noDb, session(), undefined, undefined)).toBeUndefined();
    // An operator was checked in their own tenant (admitOperator).
    expect(checkPermission(noDb, session({ operator: true }), memberListCall.path, undefined)).toBeUndefined();
    expect(checkCoverage(noDb, session(), memberListCall, { id: 5 })).toBeUndefined();
    // A create names no user yet.
    expect(checkCoverage(noDb, session(), memberEditCall, { username: 'new' })).toBeUndefined();
  });

  it('query the database when a user is acted on', async () => {
    await expect(checkCoverage(noDb, session(), memberEditCall, { id: 5 })).rejects.toThrow('no query expected');
  });

  it("check the call's permission against the grants cached under the transaction's epochs", async () => {
    const cache = new AuthCache();
    const epochs = { tenant: '1', global: '1' };
    cache.putPermissions(session(), epochs, new Set([memberListCall.path]));
    await expect(checkPermission(noDb, session(), memberListCall.path, { cache, epochs })).resolves.toBeUndefined();
    await expect(checkPermission(noDb, session(), memberStatusCall.path, { cache, epochs })).rejects.toMatchObject({ statusCode: 403 });
    await expect(checkPermission(noDb, session(), memberListCall.path, undefined)).rejects.toThrow('no query expected');
  });
});
