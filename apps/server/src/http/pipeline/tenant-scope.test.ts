import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { TENANT_HEADER, memberListCall, roleListCall, siteSettingsCall, tenantListCall, type CallContract } from '@uc/contracts';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import { rowsOf } from '../../db/typed';
import { openSeededTestDatabase } from '../../test/test-database';
import type { Session } from '../../modules/auth/access';
import { NOT_OPERABLE, actingTenant, enterCallScope } from './tenant-scope';

const withHeader = (value?: string | string[]) =>
  ({ headers: value === undefined ? {} : { [TENANT_HEADER.toLowerCase()]: value } }) as unknown as FastifyRequest;

describe('actingTenant', () => {
  it('is undefined without the header (or with an empty one)', () => {
    expect(actingTenant(withHeader(), memberListCall)).toBeUndefined();
    expect(actingTenant(withHeader(''), memberListCall)).toBeUndefined();
  });

  it('reads the tenant id of an operable call', () => {
    expect(actingTenant(withHeader('42'), memberListCall)).toBe(42);
    expect(actingTenant(withHeader(['7', '8']), memberListCall)).toBe(7);
  });

  it('refuses a header that is no tenant id, and a call that cannot be made in another tenant', () => {
    for (const bad of ['0', '-1', 'x', '1e3', '12345678901234567'])
      expect(() => actingTenant(withHeader(bad), memberListCall)).toThrow(
        expect.objectContaining({ statusCode: 400, message: 'The {header} header must be a tenant id' }),
      );
    expect(() => actingTenant(withHeader('42'), tenantListCall)).toThrow(expect.objectContaining({ statusCode: 400, message: NOT_OPERABLE }));
  });
});

describe('enterCallScope', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let platform: Session;

  beforeAll(async () => {
    ({ database, dispose } = await openSeededTestDatabase());
    const [row] = await rowsOf<{ id: number }>(database.db, sql`select id::int as id from tenants where is_platform order by id limit 1`);
    platform = { sessionId: 1, userId: 1, tenantId: row!.id, username: 'admin', isSuperAdmin: true, tenantIsPlatform: true, readOnly: false };
  });
  afterAll(() => dispose());

  /** Whether the transaction, after enterCallScope for `call`, sees every tenant. */
  const crossesFor = (call: CallContract) =>
    withTenant(database.db, platform.tenantId, async (tx) => {
      await enterCallScope(tx, platform, call);
      const [row] = await rowsOf<{ crossing: boolean }>(tx, sql`select coalesce(current_setting('app.cross_tenant', true), '') <> '' as crossing`);
      return row!.crossing;
    });

  it("enters the cross-tenant scope for the platform's calls (platformOnly) and only for them", async () => {
    expect(await crossesFor(tenantListCall)).toBe(true);
    expect(await crossesFor(siteSettingsCall)).toBe(true);
    expect(await crossesFor(roleListCall)).toBe(false);
  });

  it('refuses a caller of another tenant again, should admission ever let one through', async () => {
    await expect(
      withTenant(database.db, platform.tenantId, (tx) => enterCallScope(tx, { ...platform, tenantIsPlatform: false }, tenantListCall)!),
    ).rejects.toThrow('enterCrossTenant is only for callers of the platform tenant');
  });
});
