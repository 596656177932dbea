import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { SERVER_PLUGIN, type UpgradeLogInput, type UpgradeLogRow } from '@uc/contracts';
import { openPglite, openPostgres, type Database, type Db } from '../../db/client';
import { migrationsFolder } from '../../db/migrate';
import { auditLogs, menus, roleMenus, upgradeLogs, userRoles } from '../../db/schema';
import { PLATFORM_TENANT_ID, seed } from '../../db/seed';
import { withCrossTenant, withTenant } from '../../db/tenant-scope';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPostgresDatabase, openTestDatabase, testDbKind } from '../../test/test-database';
import { upsertRemote } from '../remote/remote.repository';
import { appliedMigrations, migrateRecorded, readJournal, recordSchemaUpgrade, schemaUpgradeEntry, serverVersion } from './schema-upgrade';
import { PLATFORM_WRITES, recordUpgrade } from './upgrade-log.service';

const LIST = '/user/admin/upgrade/logs/list';
const VIEW = '/user/admin/upgrade/logs/view';
const EDIT = '/user/admin/upgrade/logs/edit';
const DELETE = '/user/admin/upgrade/logs/delete';
const quiet = { info: () => undefined, warn: () => undefined };
const journal = readJournal(migrationsFolder());
const lastTag = journal.at(-1)!.tag;

const entriesOf = async (db: Db, plugin: string) => db.select().from(upgradeLogs).where(eq(upgradeLogs.plugin, plugin)).orderBy(upgradeLogs.id);

describe("the server's own entry at start", () => {
  // Two starts on one database, as two servers (or one restarted) would: PGlite keeps its files in a
  // directory opened in turn (one process owns it); PostgreSQL gets two pools starting at the same moment.
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;
  const opened: Database[] = [];
  beforeAll(async () => {
    if (testDbKind() === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'uc-upgrade-'));
      open = () => openPglite(join(dir, 'pglite'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const created = await createPostgresDatabase();
      open = () => openPostgres(created.url);
      cleanup = () => created.drop();
    }
  });
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => undefined);
    await cleanup();
  });
  const start = async (database: Database) =>
    database.withStartupLock(async (db) => {
      await migrateRecorded(database, db);
      await seed(db, { log: quiet });
    });

  it('is written once, by whichever server migrates, naming every migration of a new database', async () => {
    if (testDbKind() === 'pglite') {
      const first = await open();
      await start(first);
      await first.close();
      const second = await open();
      opened.push(second);
      await start(second);
    } else {
      const [a, b] = [await open(), await open()];
      opened.push(a, b);
      await Promise.all([start(a), start(b)]);
    }
    const db = opened[0]!.db;
    const entries = await entriesOf(db, SERVER_PLUGIN);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ version: `${serverVersion()}+${lastTag}`, createdBy: null });
    // Each language apart: the columns hold the Chinese, texts both.
    expect(entry!.title).toBe(`安装用户中心 ${serverVersion()}`);
    expect(entry!.texts?.['en-US']?.title).toBe(`User Centre ${serverVersion()} installed`);
    for (const m of journal) expect(entry!.texts?.['en-US']?.content).toContain(`- \`${m.tag}\``);
    expect(entry!.content).not.toMatch(/User Centre|migration/);
  });

  it('is written once more when a new migration is applied, by one server only, listing just that one', async () => {
    const dbs = opened.map((d) => d.db);
    const before = await appliedMigrations(dbs[0]!);
    // A build with one more migration, as drizzle records it once applied.
    const when = Math.max(...journal.map((m) => m.when)) + 1000;
    const newer = [...journal, { idx: journal.length + 90, when, tag: '0099_simulated' }];
    await dbs[0]!.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('simulated', ${when})`);
    // Every server that saw the old set records the growth (without the start-up lock: the unique key decides).
    const written = await Promise.all([...dbs, ...dbs].map((db) => recordSchemaUpgrade(db, before, { journal: newer })));
    expect(written.filter(Boolean)).toHaveLength(1);
    const entries = await entriesOf(dbs[0]!, SERVER_PLUGIN);
    expect(entries).toHaveLength(2);
    const added = entries[1]!;
    expect(added.version).toBe(`${serverVersion()}+0099_simulated`);
    expect(added.title).toBe('数据库结构升级到 0099_simulated');
    expect(added.texts?.['en-US']?.title).toBe('Database schema upgraded to 0099_simulated');
    expect(added.content).toContain('- `0099_simulated`');
    expect(added.content).not.toContain(`- \`${journal[0]!.tag}\``);
    // Nothing new applied: nothing written.
    expect(await recordSchemaUpgrade(dbs[0]!, await appliedMigrations(dbs[0]!), { journal: newer })).toBe(false);
    expect(await entriesOf(dbs[0]!, SERVER_PLUGIN)).toHaveLength(2);
  });
});

describe("the server's entry for a migration with a long name", () => {
  it('still fits the rules an entry is written under', async () => {
    const tag = `0100_${'a_very_long_migration_name_'.repeat(5)}`;
    const entry = schemaUpgradeEntry([...journal, { idx: 100, when: 1, tag }], new Set([journal[0]!.when]), new Set([journal[0]!.when, 1]), '10.20.30');
    expect(entry).toMatchObject({
      version: `10.20.30+${tag}`,
      texts: { 'zh-CN': { title: '数据库结构升级' }, 'en-US': { title: 'Database schema upgraded' } },
    });
    expect(entry!.texts['en-US'].content).toContain(`- \`${tag}\``);
  });
});

describe('a database made before upgrade logs existed', () => {
  const THIS = journal.find((m) => m.tag === '0030_upgrade_log')!;
  let dir: string;
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    // The migrations of the build before this one (everything journalled before 0030).
    dir = mkdtempSync(join(tmpdir(), 'uc-upgrade-old-'));
    mkdirSync(join(dir, 'meta'));
    const older = journal.filter((m) => m.when < THIS.when);
    for (const file of readdirSync(migrationsFolder()).filter((f) => older.some((m) => f === `${m.tag}.sql`)))
      copyFileSync(join(migrationsFolder(), file), join(dir, file));
    writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries: older }));
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gets the page's buttons for the platform's roles, and an entry naming the migrations applied", async () => {
    const { database } = test;
    const db = database.db;
    await database.withStartupLock(async (lock) => {
      if (database.kind === 'pglite') await migratePglite(lock as unknown as PgliteDatabase, { migrationsFolder: dir });
      else await migratePg(lock as unknown as NodePgDatabase, { migrationsFolder: dir });
      // The seed is this build's, and drizzle names every column of the schema in an insert: the old
      // tables get the columns added since that the seed writes (0039's users.source; its migration
      // below adds it only if missing), so the old seed's rows can be made; 0040's users.verified_mobile likewise.
      await lock.execute(sql`alter table users add column if not exists source smallint not null default 0`);
      await lock.execute(sql`alter table users add column if not exists verified_mobile text`);
      // This build's seed records what it writes in seeded_menus (0042); the old build had no such table:
      // made for the seed, dropped after, so 0042 finds the database as that build left it.
      await lock.execute(
        sql`create table if not exists seeded_menus (key text primary key, menu_id bigint references menus (id) on delete set null, seeded jsonb, seeded_at timestamptz not null default now())`,
      );
      await seed(lock, { log: quiet });
      await lock.execute(sql`drop table seeded_menus`);
    });
    // That build's seed had no buttons under the page (this one's has): take them away again.
    await db.delete(menus).where(like(menus.locale, 'menu.home.upgrade.logs.%'));
    const platformUser = await createUser(db, { username: 'old.platform', menuPaths: ['/home/upgrade/logs'] });
    const tenant = await createTenant(db, { code: 'old-tenant' });
    const tenantUser = await createUser(db, { username: 'old.tenant', tenantId: tenant.tenantId, menuPaths: ['/home/upgrade/logs'] });

    await database.withStartupLock((lock) => migrateRecorded(database, lock));

    const buttons = await db.select({ id: menus.id, permissions: menus.permissions }).from(menus).where(like(menus.locale, 'menu.home.upgrade.logs.%'));
    expect(buttons.map((b) => b.permissions).sort()).toEqual([
      '/user/admin/upgrade/logs/delete',
      '/user/admin/upgrade/logs/edit',
      '/user/admin/upgrade/logs/edit',
    ]);
    const grantedTo = async (userId: number) =>
      (
        await db
          .select({ menuId: roleMenus.menuId })
          .from(roleMenus)
          .innerJoin(userRoles, and(eq(userRoles.roleId, roleMenus.roleId), eq(userRoles.tenantId, roleMenus.tenantId)))
          .where(
            and(
              eq(userRoles.userId, userId),
              inArray(
                roleMenus.menuId,
                buttons.map((b) => b.id),
              ),
            ),
          )
      ).length;
    expect(await grantedTo(platformUser)).toBe(3);
    expect(await grantedTo(tenantUser)).toBe(0);

    const [entry, ...more] = await entriesOf(db, SERVER_PLUGIN);
    expect(more).toEqual([]);
    expect(entry!.texts?.['en-US']?.title).toBe(`Database schema upgraded to ${lastTag}`);
    expect(entry!.title).toBe(`数据库结构升级到 ${lastTag}`);
    expect(entry!.content).toContain('- `0030_upgrade_log`');
    expect(entry!.content).not.toContain(`- \`${journal[0]!.tag}\``);
  });
});

describe('upgrade log calls', () => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let reader: string;
  let tenantAdmin: string;
  let tenantUser: string;
  let tenantId: number;

  beforeAll(async () => {
    t = await createTestApp({
      beforeBuild: async (db) => {
        // The clerk holds the page and its buttons, the reader the page only (reading needs no grant at all).
        await createUser(db, { username: 'upg.clerk', menuPaths: ['/home/upgrade/logs'], withButtons: true });
        await createUser(db, { username: 'upg.reader', menuPaths: ['/home/upgrade/logs'] });
        const other = await createTenant(db, { code: 'upg-tenant' });
        tenantId = other.tenantId;
        await createUser(db, { username: 'upg.tadmin', tenantId, menuPaths: ['/home/upgrade/logs'], withButtons: true });
        await createUser(db, { username: 'upg.tuser', tenantId });
      },
    });
    admin = await t.login();
    clerk = await t.login('upg.clerk', 'user-password-1');
    reader = await t.login('upg.reader', 'user-password-1');
    tenantAdmin = await t.login('upg.tadmin', 'user-password-1');
    tenantUser = await t.login('upg.tuser', 'user-password-1');
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}, token = admin) => t.app.inject({ url: LIST, query, headers: auth(token) });
  const listed = async (query: Record<string, string> = {}, token = admin) => {
    const res = await list(query, token);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 200, message: expect.any(String) });
    return res.json().data as { list: UpgradeLogRow[]; total: number; next: string | null };
  };
  const filter = (...triples: unknown[][]) => ({ filter: JSON.stringify(triples), pageSize: '100' });
  const edit = (payload: Partial<UpgradeLogInput> & { id?: number }, token = admin) =>
    t.app.inject({ method: 'POST', url: EDIT, payload: { plugin: 'market', version: '1.0.0', title: 'Market', ...payload }, headers: auth(token) });
  const saved = async (payload: Partial<UpgradeLogInput> & { id?: number }, token = admin): Promise<UpgradeLogRow> => {
    const res = await edit(payload, token);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 200, message: expect.any(String) });
    return res.json().data as UpgradeLogRow;
  };
  const remove = (id: number, token = admin) => t.app.inject({ method: 'POST', url: DELETE, payload: { id }, headers: auth(token) });
  const view = (id: number, token = admin) => t.app.inject({ url: VIEW, query: { id: String(id) }, headers: auth(token) });

  it("lists the server's own entry to every signed-in user of the platform, and to no tenant (its schema is the platform's business)", async () => {
    for (const token of [admin, reader]) {
      const { list: rows } = await listed(filter(['plugin', '=', SERVER_PLUGIN]), token);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ version: `${serverVersion()}+${lastTag}`, automatic: true });
      expect(rows[0]!.contentHtml).toContain(`<code>${lastTag}</code>`);
    }
    expect((await listed(filter(['plugin', '=', SERVER_PLUGIN]), tenantUser)).list).toEqual([]);
    const anonymous = await t.app.inject({ url: LIST });
    expect({ status: anonymous.statusCode, code: anonymous.json().code }).toEqual({ status: 401, code: 61 });
  });

  it('lists newest first, filters by plugin, version and keyword, and pages', async () => {
    const plugin = 'order-test';
    for (const [version, at] of [
      ['1.0.0', '2031-01-01T00:00:00Z'],
      ['1.1.0', '2031-03-01T00:00:00Z'],
      ['2.0.0', '2031-02-01T00:00:00+08:00'],
      ['2.1.0-beta', '2031-04-01T00:00:00Z'],
    ] as const)
      await saved({ plugin, version, upgradedAt: at, title: `Order ${version}`, content: version === '1.1.0' ? 'Adds **graphite** support' : '' });
    await saved({ plugin: 'other-plugin', version: '2.0.0', upgradedAt: '2031-05-01T00:00:00Z', title: 'Other' });

    const all = await listed({ pageSize: '100' });
    // Newest first across plugins: the entries above are in the future, the server's own entry is now.
    expect(all.list.slice(0, 5).map((r) => `${r.plugin} ${r.version}`)).toEqual([
      'other-plugin 2.0.0',
      `${plugin} 2.1.0-beta`,
      `${plugin} 1.1.0`,
      `${plugin} 2.0.0`,
      `${plugin} 1.0.0`,
    ]);
    const times = all.list.map((r) => Date.parse(r.upgradedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const ofPlugin = await listed(filter(['plugin', '=', plugin]));
    expect(ofPlugin.list.map((r) => r.version)).toEqual(['2.1.0-beta', '1.1.0', '2.0.0', '1.0.0']);
    expect(ofPlugin.total).toBe(4);
    const ofVersion = await listed(filter(['version', '=', '2.0.0']));
    expect(ofVersion.list.map((r) => r.plugin)).toEqual(['other-plugin', plugin]);
    const both = await listed(filter(['plugin', '=', plugin], ['version', 'like_right', '2.']));
    expect(both.list.map((r) => r.version)).toEqual(['2.1.0-beta', '2.0.0']);
    const keyword = await listed(filter(['keyword', 'graphite']));
    expect(keyword.list.map((r) => r.version)).toEqual(['1.1.0']);
    const range = await listed(filter(['plugin', '=', plugin], ['upgradedAt', 'between', ['2031-01-15T00:00:00Z', '2031-03-15T00:00:00Z']]));
    expect(range.list.map((r) => r.version)).toEqual(['1.1.0', '2.0.0']);
    const oldest = await listed({ ...filter(['plugin', '=', plugin]), sort: 'upgradedAt' });
    expect(oldest.list.map((r) => r.version)).toEqual(['1.0.0', '2.0.0', '1.1.0', '2.1.0-beta']);

    // Pages by number and by cursor agree.
    const page2 = await listed({ filter: JSON.stringify([['plugin', '=', plugin]]), pageSize: '2', page: '2' });
    expect(page2.list.map((r) => r.version)).toEqual(['2.0.0', '1.0.0']);
    const page1 = await listed({ filter: JSON.stringify([['plugin', '=', plugin]]), pageSize: '2' });
    const after = await listed({ filter: JSON.stringify([['plugin', '=', plugin]]), pageSize: '2', after: page1.next! });
    expect(after.list.map((r) => r.version)).toEqual(['2.0.0', '1.0.0']);

    const unknown = await list(filter(['createdBy', '=', 1]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown field "createdBy"/);
  });

  it('lets a platform administrator write entries by hand: create, edit, one per plugin version, delete', async () => {
    const before = Date.now();
    const created = await saved({ plugin: 'hand', version: '3.0.0', title: '  Release 3  ', content: '## Changes\n\n- one' }, clerk);
    expect(created).toMatchObject({ plugin: 'hand', version: '3.0.0', title: 'Release 3', content: '## Changes\n\n- one', automatic: false });
    expect(Date.parse(created.upgradedAt)).toBeGreaterThanOrEqual(before - 5000);
    const [audit] = await t.db
      .select({ target: auditLogs.target })
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, PLATFORM_TENANT_ID), eq(auditLogs.action, EDIT)))
      .orderBy(sql`${auditLogs.createdAt} desc`)
      .limit(1);
    expect(audit?.target).toBe(String(created.id));

    // An update without a time keeps the upgrade time; with one, moves it.
    const edited = await saved({ id: created.id, plugin: 'hand', version: '3.0.1', title: 'Release 3.0.1', content: 'Fixed' }, clerk);
    expect(edited).toMatchObject({ id: created.id, version: '3.0.1', title: 'Release 3.0.1', content: 'Fixed', upgradedAt: created.upgradedAt });
    const moved = await saved({ id: created.id, plugin: 'hand', version: '3.0.1', title: 'Release 3.0.1', upgradedAt: '2024-06-01T12:30:00+02:00' });
    expect(moved.upgradedAt).toBe('2024-06-01T10:30:00.000Z');
    expect((await view(created.id, reader)).json().data).toEqual(moved);

    // One entry per plugin version, on create and on update.
    await saved({ plugin: 'hand', version: '4.0.0', title: 'Release 4' });
    const twice = await edit({ plugin: 'hand', version: '4.0.0', title: 'Again' });
    expect({ status: twice.statusCode, message: twice.json().message, fields: twice.json().data.fields }).toEqual({
      status: 409,
      message: 'hand 4.0.0 has an upgrade log entry already: edit that entry instead',
      fields: [{ field: 'version', message: 'hand 4.0.0 has an upgrade log entry already: edit that entry instead' }],
    });
    const clash = await edit({ id: created.id, plugin: 'hand', version: '4.0.0', title: 'Clash' });
    expect(clash.statusCode).toBe(409);
    const zh = await t.app.inject({
      method: 'POST',
      url: EDIT,
      payload: { plugin: 'hand', version: '4.0.0', title: 'x' },
      headers: { ...auth(admin), 'accept-language': 'zh-CN' },
    });
    expect(zh.json().message).toBe('hand 4.0.0 已有升级日志，请编辑那条日志');
    // Two creations of one version at the same moment: one lands, the other is the same 409.
    const race = await Promise.all([edit({ plugin: 'race', version: '1' }), edit({ plugin: 'race', version: '1' })]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // Bad input names the field.
    const badDay = await edit({ upgradedAt: '2026-02-30T00:00:00Z' });
    expect({ status: badDay.statusCode, message: badDay.json().message }).toEqual({
      status: 400,
      message: 'Upgrade time must be a date and time such as 2026-05-01T08:00:00Z (years 1970 to 9999)',
    });
    const noTitle = await edit({ title: '   ' });
    expect({ status: noTitle.statusCode, message: noTitle.json().message }).toEqual({ status: 400, message: 'Title cannot be empty' });
    expect((await edit({ id: 2 ** 31 - 7 })).statusCode).toBe(404);

    expect((await remove(created.id, clerk)).statusCode).toBe(200);
    expect((await view(created.id)).statusCode).toBe(404);
    expect((await remove(created.id)).statusCode).toBe(404);
  });

  it('lets a tenant user read the history but not write it (403), whatever their grants', async () => {
    const entry = await saved({ plugin: 'tenant-test', version: '1', title: 'Platform only', content: 'Original' });
    // A tenant's view: the platform's row, in the tenant's own transaction.
    const seen = await view(entry.id, tenantUser);
    expect({ status: seen.statusCode, data: seen.json().data }).toEqual({ status: 200, data: entry });
    expect((await listed(filter(['plugin', '=', 'tenant-test']), tenantUser)).list).toHaveLength(1);

    // The tenant's administrator holds the buttons and is still refused; a user without them is refused by their grants.
    for (const token of [tenantAdmin, tenantUser, reader]) {
      for (const res of [
        await edit({ id: entry.id, plugin: 'tenant-test', version: '1', title: 'Changed' }, token),
        await edit({ plugin: 'mine', version: '1' }, token),
        await remove(entry.id, token),
      ])
        expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: -1 });
    }
    const refused = await edit({ plugin: 'mine', version: '1' }, tenantAdmin);
    expect(refused.json().message).toBe(PLATFORM_WRITES);
    expect((await view(entry.id)).json().data).toEqual(entry);
    expect(await entriesOf(t.db, 'mine')).toEqual([]);

    // Row-level security says the same to a tenant transaction that skipped the service, and to the
    // platform's own tenant until it enters cross-tenant.
    for (const tenant of [tenantId, PLATFORM_TENANT_ID]) {
      const written = await withTenant(t.db, tenant, (tx) => tx.insert(upgradeLogs).values({ plugin: 'rls', version: String(tenant), title: 'x' })).catch(
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      expect(written).toMatch(/row-level security/);
      const changed = await withTenant(t.db, tenant, (tx) =>
        tx.update(upgradeLogs).set({ title: 'Smuggled' }).where(eq(upgradeLogs.id, entry.id)).returning({ id: upgradeLogs.id }),
      );
      expect(changed).toEqual([]);
    }
    const platform = { tenantId: PLATFORM_TENANT_ID, tenantIsPlatform: true };
    const [own] = await withCrossTenant(t.db, platform, (tx) => tx.insert(upgradeLogs).values({ plugin: 'rls', version: 'platform', title: 'x' }).returning());
    expect(own).toMatchObject({ plugin: 'rls' });
  });

  it('gives the markdown back as written and renders it to HTML with nothing executable', async () => {
    const content = [
      '## Highlights',
      '',
      'Now **faster**: see [the notes](https://example.com/notes).',
      '',
      '<script>alert(document.cookie)</script>',
      '<img src="https://example.com/x.png" onerror="alert(1)">',
      '<iframe src="https://evil.example"></iframe>',
      '',
      '[click](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">two</a> <a href="data:text/html,<script>alert(3)</script>">three</a>',
      '',
      '<div onclick="alert(4)" style="position:fixed">styled</div>',
      '',
      '```html',
      '<script>shown as code</script>',
      '```',
    ].join('\n');
    const entry = await saved({ plugin: 'xss', version: '1', title: 'Sanitised', content });
    const fromList = (await listed(filter(['plugin', '=', 'xss']), tenantUser)).list[0]!;
    const fromView = (await view(entry.id, tenantUser)).json().data as UpgradeLogRow;
    for (const row of [entry, fromList, fromView]) {
      expect(row.content).toBe(content);
      const html = row.contentHtml;
      expect(html).toContain('<h2>Highlights</h2>');
      expect(html).toContain('<strong>faster</strong>');
      expect(html).toContain('<a href="https://example.com/notes" target="_blank" rel="noopener noreferrer">the notes</a>');
      expect(html).toContain('<img src="https://example.com/x.png" />');
      // The code sample stays, as text.
      expect(html).toContain('&lt;script&gt;shown as code&lt;/script&gt;');
      expect(html).not.toMatch(/<script|<iframe|<style|\son\w+=|style=/i);
      // Every address left is a web one (no javascript: or data: link survives, however it is spelt).
      expect([...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1])).toEqual(['https://example.com/notes', 'https://example.com/x.png']);
      expect(html).toContain('>click</a>');
    }
    // The server's own entries go through the same rendering.
    const auto = { title: 'Auto', content: '**ok**\n\n<script>alert(1)</script>' };
    await recordUpgrade(t.db, { plugin: 'xss-auto', version: '1', texts: { 'zh-CN': auto, 'en-US': auto } });
    const shown = (await listed(filter(['plugin', '=', 'xss-auto']))).list[0]!;
    expect(shown).toMatchObject({ automatic: true, content: '**ok**\n\n<script>alert(1)</script>' });
    expect(shown.contentHtml.trim()).toBe('<p><strong>ok</strong></p>');
  });

  it('records a remote registered at a new version, once per version', async () => {
    const org = {
      name: 'upg-org',
      entry: '/user/web/remotes/upg-org/1.0.0/mf-manifest.json',
      routes: ['/org'],
      title: { 'zh-CN': '组织管理', 'en-US': 'Organisation' },
    };
    await upsertRemote(t.db, { ...org, version: '1.0.0' });
    await upsertRemote(t.db, { ...org, version: '1.0.0' });
    let entries = await entriesOf(t.db, 'upg-org');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      version: '1.0.0',
      title: '安装 组织管理',
      texts: { 'zh-CN': { title: '安装 组织管理' }, 'en-US': { title: 'Organisation installed' } },
      createdBy: null,
    });
    await Promise.all([upsertRemote(t.db, { ...org, version: '1.1.0' }), upsertRemote(t.db, { ...org, version: '1.1.0' })]);
    entries = await entriesOf(t.db, 'upg-org');
    expect(entries.map((e) => e.version)).toEqual(['1.0.0', '1.1.0']);
    expect(entries[1]!.content).toContain('从 1.0.0 升级到 1.1.0');
    expect(entries[1]!.texts?.['en-US']?.content).toContain('updated from 1.0.0 to 1.1.0');
  });

  it("reads the server's own entries in the reader's language, and one an administrator edited as he typed it", async () => {
    const lang = {
      name: 'upg-lang',
      entry: '/user/web/remotes/upg-lang/1.0.0/mf-manifest.json',
      routes: ['/lang'],
      title: { 'zh-CN': '语言', 'en-US': 'Language' },
    };
    await upsertRemote(t.db, { ...lang, version: '1.0.0' });
    const read = async (language: string) => {
      const res = await t.app.inject({ url: LIST, query: filter(['plugin', '=', 'upg-lang']), headers: { ...auth(admin), 'accept-language': language } });
      return (res.json().data as { list: UpgradeLogRow[] }).list[0]!;
    };
    const zh = await read('zh-CN');
    expect(zh).toMatchObject({ title: '安装 语言', automatic: true });
    expect(zh.content).toBe('模块 `upg-lang` 已安装。\n\n入口：`/user/web/remotes/upg-lang/1.0.0/mf-manifest.json`\n');
    const en = await read('en-US');
    expect(en).toMatchObject({ id: zh.id, title: 'Language installed' });
    expect(en.content).toBe('Remote `upg-lang` installed.\n\nEntry: `/user/web/remotes/upg-lang/1.0.0/mf-manifest.json`\n');
    expect(en.contentHtml).not.toMatch(/\p{Script=Han}/u);
    const viewed = await t.app.inject({ url: VIEW, query: { id: String(zh.id) }, headers: { ...auth(admin), 'accept-language': 'en-US' } });
    expect(viewed.json().data).toMatchObject({ title: 'Language installed' });
    // Edited by hand: his words, in every language.
    await saved({ id: zh.id, plugin: 'upg-lang', version: '1.0.0', title: '语言模块 1.0', content: '手写的说明' });
    expect(await read('en-US')).toMatchObject({ title: '语言模块 1.0', content: '手写的说明', automatic: true });
  });

  it('splits the entries written in both languages at once before drizzle/0046 into each language', async () => {
    const old = [
      {
        plugin: 'upg-old-remote',
        title: '安装 旧模块 · Old installed',
        content: '模块 `old` 已安装。\n\nRemote `old` installed.\n\nEntry: `/old/mf-manifest.json`\n',
      },
      { plugin: 'upg-old-addon', title: '旧应用 已更新 · Old app updated', content: '应用 `a` 从 1 更新到 2。\n\nAddon `a` updated from 1 to 2.\n' },
    ];
    // Written as the system connection writes the server's own entries (recordUpgrade).
    await t.db
      .insert(upgradeLogs)
      .values([...old.map((o) => ({ ...o, version: '1' })), { plugin: 'upg-old-hand', version: '1', title: 'A · B', content: 'typed', createdBy: 1 }]);
    // The data part of the migration, run again over these rows (the column is there already).
    const [, split] = readFileSync(join(migrationsFolder(), '0046_reader_language.sql'), 'utf8').split('--> statement-breakpoint');
    await t.db.execute(sql.raw(split!));
    const [remote] = await entriesOf(t.db, 'upg-old-remote');
    expect(remote).toMatchObject({
      title: '安装 旧模块',
      content: '模块 `old` 已安装。\n\n入口：`/old/mf-manifest.json`\n',
      texts: {
        'zh-CN': { title: '安装 旧模块', content: '模块 `old` 已安装。\n\n入口：`/old/mf-manifest.json`\n' },
        'en-US': { title: 'Old installed', content: 'Remote `old` installed.\n\nEntry: `/old/mf-manifest.json`\n' },
      },
    });
    const [addon] = await entriesOf(t.db, 'upg-old-addon');
    expect(addon!.texts).toEqual({
      'zh-CN': { title: '旧应用 已更新', content: '应用 `a` 从 1 更新到 2。\n' },
      'en-US': { title: 'Old app updated', content: 'Addon `a` updated from 1 to 2.\n' },
    });
    // What an administrator wrote stays as he wrote it.
    expect((await entriesOf(t.db, 'upg-old-hand'))[0]).toMatchObject({ title: 'A · B', content: 'typed', texts: null });
  });

  it('writes an entry for the market once and refuses one that breaks the rules', async () => {
    const words = (title: string) => ({ 'zh-CN': { title: `${title} 中`, content: '- 雷达' }, 'en-US': { title, content: '- radar' } });
    const entry = { plugin: 'addon-weather', version: '2.0.0', texts: words('Weather 2') };
    expect(await recordUpgrade(t.db, entry)).toBe(true);
    expect(await recordUpgrade(t.db, { ...entry, texts: words('Weather 2 again') })).toBe(false);
    expect((await entriesOf(t.db, 'addon-weather')).map((e) => e.title)).toEqual(['Weather 2 中']);
    await expect(recordUpgrade(t.db, { ...entry, version: '' })).rejects.toThrow(/version: Version cannot be empty/);
    await expect(recordUpgrade(t.db, { ...entry, plugin: 'addon-weather-2', texts: { ...words('x'), 'en-US': { title: '', content: '' } } })).rejects.toThrow(
      /en-US title: Title cannot be empty/,
    );
  });

  it('is granted by the page buttons the seed and the migration create', async () => {
    const token = await tokenFor(t.db, PLATFORM_TENANT_ID, await createUser(t.db, { username: 'upg.pageonly', menuPaths: ['/home/upgrade/logs'] }));
    expect((await edit({ plugin: 'grant', version: '1' }, token)).statusCode).toBe(403);
    expect((await edit({ plugin: 'grant', version: '1' }, clerk)).statusCode).toBe(200);
  });
});
