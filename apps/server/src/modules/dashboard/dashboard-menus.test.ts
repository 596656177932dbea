import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { menus, roleMenus, roles, tenantPolicies, tenants } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { MENU_SEED, type MenuSeed } from '../../db/seed-menus';
import { createTenant } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The dashboard's menus: the seed's directory and what a new tenant's default policy takes from it, and
 * drizzle/0037 on a database seeded when /dashboard was the shell's single page (the seeded entries are
 * put back the way that seed had them, then the migration runs).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seedDir = MENU_SEED.find((m) => m.path === '/dashboard')!;
const perms = (m: MenuSeed) => (m.permissions ?? []).map((c) => c.path).join(',');
const migration = readFileSync(join(process.cwd(), 'drizzle', '0037_dashboard_menus.sql'), 'utf8');
const migrate = async () => {
  for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
};

const dashboardRows = () =>
  t.db
    .select()
    .from(menus)
    .where(or(eq(menus.path, '/dashboard'), like(menus.path, '/dashboard/%'), like(menus.locale, 'menu.dashboard.%')))
    .orderBy(asc(menus.sort), asc(menus.id));
const byPath = async (path: string) => (await dashboardRows()).find((m) => m.path === path)!;

/** Back to the older seed: /dashboard a page of its own, nothing under it. */
async function asSeededBefore(): Promise<number> {
  const rows = await dashboardRows();
  const below = rows.filter((m) => m.path !== '/dashboard').map((m) => m.id);
  if (below.length > 0) await t.db.delete(menus).where(inArray(menus.id, below));
  const dir = rows.find((m) => m.path === '/dashboard')!;
  await t.db.update(menus).set({ type: 2, name: 'Dashboard', component: 'home/dashboard', redirect: '' }).where(eq(menus.id, dir.id));
  return dir.id;
}

const platformAdminRole = async () =>
  (
    await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.isDefaultAdmin, true)))
  )[0]!.id;
const heldBy = async (roleId: number) =>
  new Set((await t.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId))).map((r) => r.id));
const policyIds = async (id: number) => (await t.db.select({ ids: tenantPolicies.menuIds }).from(tenantPolicies).where(eq(tenantPolicies.id, id)))[0]!.ids;

describe('the seeded dashboard menus', () => {
  it('give a new tenant the workplace and the analysis, not the monitor nor the platform tenant picker', async () => {
    const [policy] = await t.db.select({ ids: tenantPolicies.menuIds }).from(tenantPolicies).where(eq(tenantPolicies.isDefault, true));
    const allowed = new Set(policy!.ids);
    const rows = await dashboardRows();
    const has = (pick: (m: (typeof rows)[number]) => boolean) => allowed.has(rows.find(pick)!.id);
    expect(has((m) => m.path === '/dashboard')).toBe(true);
    expect(has((m) => m.path === '/dashboard/workplace')).toBe(true);
    expect(has((m) => m.path === '/dashboard/analysis')).toBe(true);
    expect(has((m) => m.path === '/dashboard/monitor')).toBe(false);
    expect(has((m) => m.locale === 'menu.dashboard.analysis.tenant')).toBe(false);
  });
});

describe('migration 0037 (databases seeded when /dashboard was the shell page)', () => {
  it('turns the page into the directory, adds the pages as the seed has them, grants them, once', async () => {
    const oldId = await asSeededBefore();
    const tenant = await createTenant(t.db, { code: 'dash-mig' });
    const [clerk] = await t.db.insert(roles).values({ tenantId: tenant.tenantId, name: 'clerk', key: 'clerk' }).returning({ id: roles.id });
    await t.db.insert(roleMenus).values({ tenantId: tenant.tenantId, roleId: clerk!.id, menuId: oldId });
    const [withDashboard] = await t.db
      .insert(tenantPolicies)
      .values({ title: 'With dashboard', menuIds: [oldId] })
      .returning({ id: tenantPolicies.id });
    const [without] = await t.db.insert(tenantPolicies).values({ title: 'Without', menuIds: [] }).returning({ id: tenantPolicies.id });
    await t.db.update(tenants).set({ policyId: withDashboard!.id }).where(eq(tenants.id, tenant.tenantId));

    await migrate();
    await migrate();

    const dir = await byPath('/dashboard');
    expect(dir).toMatchObject({ id: oldId, type: 1, parentId: null, locale: 'menu.dashboard', redirect: seedDir.redirect, component: '', permissions: '' });
    const rows = await dashboardRows();
    const pages = rows.filter((m) => m.parentId === oldId);
    expect(
      pages.map((m) => ({ type: m.type, name: m.name, locale: m.locale, path: m.path, component: m.component, icon: m.icon, permissions: m.permissions })),
    ).toEqual(
      seedDir.children!.map((m) => ({
        type: m.type,
        name: m.name,
        locale: m.locale,
        path: m.path,
        component: m.component,
        icon: m.icon,
        permissions: perms(m),
      })),
    );
    const analysis = pages.find((m) => m.path === '/dashboard/analysis')!;
    const buttons = rows.filter((m) => m.parentId === analysis.id);
    const seedAnalysis = seedDir.children!.find((m) => m.path === '/dashboard/analysis')!;
    expect(buttons.map((m) => ({ type: m.type, name: m.name, locale: m.locale, permissions: m.permissions }))).toEqual(
      seedAnalysis.children!.map((m) => ({ type: m.type, name: m.name, locale: m.locale, permissions: perms(m) })),
    );

    const workplace = pages.find((m) => m.path === '/dashboard/workplace')!.id;
    const everything = [oldId, ...pages.map((m) => m.id), ...buttons.map((m) => m.id)];
    const platform = await heldBy(await platformAdminRole());
    expect(everything.filter((id) => !platform.has(id))).toEqual([]);
    // What held the old page now holds the workplace it was, and no more.
    const held = await heldBy(clerk!.id);
    expect([...held].sort()).toEqual([oldId, workplace].sort());
    expect(await policyIds(withDashboard!.id)).toEqual([oldId, workplace]);
    expect(await policyIds(without!.id)).toEqual([]);
  });

  it('makes the directory anew, first in the menu, where an administrator had deleted the page', async () => {
    const oldId = await asSeededBefore();
    await t.db.delete(menus).where(eq(menus.id, oldId));
    await migrate();
    await migrate();
    const rows = await dashboardRows();
    const dirs = rows.filter((m) => m.path === '/dashboard');
    expect(dirs).toHaveLength(1);
    expect(dirs[0]).toMatchObject({ type: 1, redirect: '/dashboard/workplace', icon: 'DashboardOutlined' });
    expect(rows.filter((m) => m.parentId === dirs[0]!.id).map((m) => m.path)).toEqual(['/dashboard/workplace', '/dashboard/analysis', '/dashboard/monitor']);
    const [first] = await t.db
      .select({ path: menus.path })
      .from(menus)
      .where(sql`${menus.parentId} is null`)
      .orderBy(asc(menus.sort), asc(menus.id))
      .limit(1);
    expect(first!.path).toBe('/dashboard');
  });

  it('changes nothing on a database seeded with the directory', async () => {
    const before = await dashboardRows();
    await migrate();
    expect(await dashboardRows()).toEqual(before);
  });
});
