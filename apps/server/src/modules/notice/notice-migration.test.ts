import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { menus, roleMenus, roles, tenantPolicies, tenants } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { MENU_SEED, type MenuSeed } from '../../db/seed-menus';
import { createTenant } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { rowsOf } from '../../db/typed';

/*
 * drizzle/0028's last statement on a database seeded before the notice management page: the page is
 * taken away (as it was not there), then the statement puts it back the way the seed would have.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PAGE = '/home/notice/manage';
const seeded = (items: readonly MenuSeed[]): MenuSeed | undefined => {
  for (const m of items) {
    if (m.path === PAGE) return m;
    const below = seeded(m.children ?? []);
    if (below) return below;
  }
  return undefined;
};
const perms = (m: MenuSeed) => (m.permissions ?? []).map((c) => c.path).join(',');

describe('migration 0028 (databases seeded before the notice management page)', () => {
  it('adds the page under /home with the seed’s buttons, for the administrators whose policy allows the messages, once', async () => {
    const [policy] = await t.db.select({ id: tenantPolicies.id }).from(tenantPolicies).where(eq(tenantPolicies.isDefault, true));
    const [narrow] = await t.db.insert(tenantPolicies).values({ title: 'No messages', menuIds: [] }).returning({ id: tenantPolicies.id });
    const allowed = await createTenant(t.db, { code: 'mig-allowed' });
    const denied = await createTenant(t.db, { code: 'mig-denied' });
    await t.db.update(tenants).set({ policyId: policy!.id }).where(eq(tenants.id, allowed.tenantId));
    await t.db.update(tenants).set({ policyId: narrow!.id }).where(eq(tenants.id, denied.tenantId));
    const role = async (tenantId: number, key: string, isDefaultAdmin: boolean) =>
      (await t.db.insert(roles).values({ tenantId, name: key, key, isDefaultAdmin }).returning({ id: roles.id }))[0]!.id;
    const allowedAdmin = await role(allowed.tenantId, 'admin', true);
    const allowedClerk = await role(allowed.tenantId, 'clerk', false);
    const deniedAdmin = await role(denied.tenantId, 'admin', true);

    await t.db.delete(menus).where(eq(menus.path, PAGE));
    const statements = readFileSync(join(process.cwd(), 'drizzle', '0028_notice_admin.sql'), 'utf8').split('--> statement-breakpoint');
    const menuPart = statements.at(-1)!;
    await t.db.execute(sql.raw(menuPart));

    const seed = seeded(MENU_SEED)!;
    const [home] = await t.db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.path, '/home'), eq(menus.type, 1)));
    const [page] = await t.db.select().from(menus).where(eq(menus.path, PAGE));
    expect(page).toMatchObject({
      parentId: home!.id,
      type: 2,
      hidden: true,
      name: seed.name,
      locale: seed.locale,
      component: seed.component,
      permissions: perms(seed),
    });
    // 0028 added it hidden while no screen served it; 0032 shows it now that the home remote does.
    await t.db.execute(sql.raw(readFileSync(join(process.cwd(), 'drizzle', '0032_notice_page_shown.sql'), 'utf8')));
    const [shown] = await t.db.select({ hidden: menus.hidden }).from(menus).where(eq(menus.path, PAGE));
    expect(shown).toEqual({ hidden: seed.hidden ?? false });
    const buttons = await t.db
      .select({ id: menus.id, name: menus.name, locale: menus.locale, permissions: menus.permissions })
      .from(menus)
      .where(eq(menus.parentId, page!.id))
      .orderBy(menus.sort);
    expect(buttons.map(({ id: _id, ...b }) => b)).toEqual((seed.children ?? []).map((b) => ({ name: b.name, locale: b.locale, permissions: perms(b) })));
    const entries = [page!.id, ...buttons.map((b) => b.id)].sort((a, b) => a - b);

    const heldBy = async (roleId: number) =>
      (
        await t.db
          .select({ menuId: roleMenus.menuId })
          .from(roleMenus)
          .where(and(eq(roleMenus.roleId, roleId), inArray(roleMenus.menuId, entries)))
      )
        .map((r) => r.menuId)
        .sort((a, b) => a - b);
    const [superAdmin] = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.key, 'super_admin')));
    expect(await heldBy(superAdmin!.id)).toEqual(entries);
    expect(await heldBy(allowedAdmin)).toEqual(entries);
    expect(await heldBy(allowedClerk)).toEqual([]);
    expect(await heldBy(deniedAdmin)).toEqual([]);
    const menuIdsOf = async (id: number) => (await t.db.select({ ids: tenantPolicies.menuIds }).from(tenantPolicies).where(eq(tenantPolicies.id, id)))[0]!.ids;
    expect(await menuIdsOf(policy!.id)).toEqual(expect.arrayContaining(entries));
    expect(await menuIdsOf(narrow!.id)).toEqual([]);

    // Again: nothing more.
    await t.db.execute(sql.raw(menuPart));
    expect(await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, PAGE))).toHaveLength(1);
    expect(await t.db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, page!.id))).toHaveLength(buttons.length);
  });
});

describe('migration 0028 on the notices written before it', () => {
  it('keeps enabled notices published, hidden ones withdrawn, and turns a letter to one user into a range-3 letter with its recipient', async () => {
    const { database, dispose } = await openTestDatabase();
    try {
      const db = database.db;
      const folder = join(process.cwd(), 'drizzle');
      const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
      const apply = async (tag: string) => {
        for (const statement of readFileSync(join(folder, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
      };
      for (const entry of journal.entries.filter((e) => e.idx < 28)) await apply(entry.tag);
      await db.execute(sql`insert into tenants (id, name, code) values (7, 'Old', 'old')`);
      await db.execute(sql`insert into users (tenant_id, id, username, password_hash) values (7, 70, 'old.reader', 'x'), (7, 71, 'old.other', 'x')`);
      await db.execute(sql`insert into notices (tenant_id, id, title, range_type, receiver_id, status, content) values
        (7, 1, 'Letter', 2, 70, 1, '<p>Hi</p>'), (7, 2, 'Notice', 1, null, 1, ''), (7, 3, 'Hidden', 1, null, 2, '')`);
      await db.execute(sql`insert into notice_reads (tenant_id, notice_id, user_id) values (7, 1, 70)`);
      await apply('0028_notice_admin');
      const rows = await rowsOf<{ id: number; range_type: number; state: number; receiver_ids: number[]; published: boolean }>(
        db,
        sql`select id::int, range_type, state, receiver_ids, published_at is not null as published from notices order by id`,
      );
      expect(rows.map((r) => ({ ...r, id: Number(r.id), receiver_ids: r.receiver_ids.map(Number) }))).toEqual([
        { id: 1, range_type: 3, state: 1, receiver_ids: [70], published: true },
        { id: 2, range_type: 1, state: 1, receiver_ids: [], published: true },
        { id: 3, range_type: 1, state: 2, receiver_ids: [], published: true },
      ]);
      const recipients = await rowsOf<{ notice_id: number; user_id: number }>(db, sql`select notice_id::int, user_id::int from notice_recipients`);
      expect(recipients.map((r) => [Number(r.notice_id), Number(r.user_id)])).toEqual([[1, 70]]);
      expect(await rowsOf(db, sql`select 1 from notice_reads where notice_id = 1 and user_id = 70`)).toHaveLength(1);
    } finally {
      await dispose();
    }
  });
});
