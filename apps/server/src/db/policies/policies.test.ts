import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { migrationsFolder, runMigrations } from '../migrate';
import { openTestDatabase } from '../../test/test-database';
import { rowsOf } from '../typed';
import { applyDeclarations, declaredCatalogue, readCatalogue } from './apply';
import { POLICIES, ROW_SECURITY_TABLES } from './row-security';
import { FUNCTIONS, TRIGGERS } from './triggers';

/*
 * Row-level security, policies and triggers are declared once (row-security.ts, triggers.ts) and applied
 * after the migrations at every start: a started database has exactly the declaration, applying it again
 * changes nothing, and the declaration alone rebuilds what migrations had made.
 */

/** Every policy's and trigger's object id too: a policy dropped and created again gets a new one. */
const objects = async (database: Database) =>
  rowsOf<{ oid: string; name: string }>(
    database.db,
    sql`select oid::text as oid, polname as name from pg_policy union all select oid::text, tgname from pg_trigger where not tgisinternal
      union all select p.oid::text, p.proname || md5(pg_get_functiondef(p.oid)) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname like 'uc\\_%'
      order by 1`,
  );

describe('the declared row-level security, policies and triggers', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ database, dispose } = await openTestDatabase());
    await database.withStartupLock((db) => runMigrations(database, db));
  });
  afterEach(() => dispose());

  it('are exactly what a started database has', async () => {
    expect(POLICIES.length).toBeGreaterThan(30);
    expect(TRIGGERS.length).toBeGreaterThan(20);
    expect(await readCatalogue(database.db)).toEqual(declaredCatalogue());
  });

  it('change nothing when applied again', async () => {
    const before = { catalogue: await readCatalogue(database.db), objects: await objects(database) };
    expect(await applyDeclarations(database.db)).toEqual([]);
    expect({ catalogue: await readCatalogue(database.db), objects: await objects(database) }).toEqual(before);
  });

  it('rebuild what is missing or changed, and only that', async () => {
    const db = database.db;
    for (const p of POLICIES) await db.execute(sql.raw(`DROP POLICY ${p.name} ON ${p.table}`));
    for (const t of TRIGGERS) await db.execute(sql.raw(`DROP TRIGGER ${t.name} ON ${t.table}`));
    for (const table of ROW_SECURITY_TABLES) await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY`));
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION uc_cross_tenant() RETURNS boolean LANGUAGE sql AS $$ SELECT true $$`));
    const ran = await applyDeclarations(db);
    expect(ran.filter((s) => s.startsWith('CREATE POLICY'))).toHaveLength(POLICIES.length);
    expect(ran.filter((s) => s.startsWith('CREATE TRIGGER'))).toHaveLength(TRIGGERS.length);
    expect(ran.filter((s) => s.startsWith('CREATE OR REPLACE FUNCTION'))).toEqual([FUNCTIONS.find((f) => f.name === 'uc_cross_tenant')!.definition]);
    expect(await readCatalogue(db)).toEqual(declaredCatalogue());
    expect(await applyDeclarations(db)).toEqual([]);

    // One policy written otherwise: that one alone is made again.
    await db.execute(sql.raw(`DROP POLICY tenant_isolation ON depts`));
    await db.execute(sql.raw(`CREATE POLICY tenant_isolation ON depts USING (true)`));
    expect(await applyDeclarations(db)).toEqual([
      'DROP POLICY IF EXISTS tenant_isolation ON public.depts',
      expect.stringMatching(/^CREATE POLICY tenant_isolation ON public\.depts /),
    ]);
    expect(await readCatalogue(db)).toEqual(declaredCatalogue());
  });

  it('hold tenant isolation for the application role after a rebuild', async () => {
    const db = database.db;
    for (const p of POLICIES) await db.execute(sql.raw(`DROP POLICY ${p.name} ON ${p.table}`));
    await applyDeclarations(db);
    await db.execute(sql`insert into tenants (id, name, code) values (901, 't901', 't901'), (902, 't902', 't902')`);
    await db.execute(sql`insert into depts (tenant_id, name, code) values (901, 'd901', 'd901'), (902, 'd902', 'd902')`);
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql`set local role uc_app`);
      await tx.execute(sql`select set_config('app.tenant_id', '901', true)`);
      return rowsOf<{ name: string }>(tx as never, sql`select name from depts order by name`);
    });
    expect(seen).toEqual([{ name: 'd901' }]);
  });
});

describe('the migrations', () => {
  /** Those that wrote row-level security, policies or triggers before the declaration. */
  const OLD = [
    '0002_tenant_rls.sql',
    '0004_security_logs_rls.sql',
    '0008_notices_rls.sql',
    '0010_member_ledger_rls.sql',
    '0012_open_access_rls.sql',
    '0015_cross_tenant_secret.sql',
    '0018_uploads.sql',
    '0020_auth_epoch.sql',
    '0024_platform_bind.sql',
    '0027_tenant_quota.sql',
    '0028_notice_admin.sql',
    '0029_account_self.sql',
    '0030_upgrade_log.sql',
    '0031_oidc_identity.sql',
    '0033_addons.sql',
    '0040_verified_mobile.sql',
    '0047_live_user_counts.sql',
  ];
  const WRITES = /\b(create|drop|alter)\s+policy\b|\b(create|drop)\s+(or\s+replace\s+)?trigger\b|\brow\s+level\s+security\b|\buc_enable_tenant_rls\s*\(/i;

  it('write no policy, trigger or row-level security after the declaration came: that goes into src/db/policies', () => {
    const writing = readdirSync(migrationsFolder())
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .filter((f) => WRITES.test(readFileSync(join(migrationsFolder(), f), 'utf8').replace(/--[^\n]*/g, '')));
    expect(writing).toEqual(OLD);
  });
});
