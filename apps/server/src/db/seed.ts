import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { ALL_CALLS, menuType } from '@uc/contracts';
import { hashPassword } from '../modules/auth/auth.service';
import { insertMissingSettings } from '../modules/site/settings.repository';
import { SITE_SETTINGS_DEFAULTS } from '../modules/site/site.settings';
import type { Db } from './client';
import { depts, menus, roles, tenantPolicies, tenants, userRoles, users } from './schema';
import { MENU_SEED, type MenuSeed } from './seed-menus';
import { inTransaction } from './typed';

export const PLATFORM_TENANT_ID = 1;

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

async function insertMenus(db: Db, items: readonly MenuSeed[], parentId: number | null): Promise<number> {
  let inserted = 0;
  for (const [i, m] of items.entries()) {
    const [row] = await db
      .insert(menus)
      .values({
        parentId,
        type: m.type,
        name: m.name,
        locale: m.locale,
        path: m.path ?? '',
        component: m.component ?? '',
        redirect: m.redirect ?? '',
        icon: m.icon ?? '',
        permissions: (m.permissions ?? []).map((call) => call.path).join(','),
        hidden: m.hidden ?? false,
        sort: (i + 1) * 10,
      })
      .returning({ id: menus.id });
    inserted += 1;
    if (row && m.children) inserted += await insertMenus(db, m.children, row.id);
  }
  return inserted;
}

/** The platform tenant, its root department, the super-admin role and the `admin` user. */
async function seedPlatform(db: Db, adminPassword: string | undefined, log: SeedLog): Promise<void> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, PLATFORM_TENANT_ID));
  if (existing) return;
  await db.insert(tenants).values({ id: PLATFORM_TENANT_ID, name: '平台', code: 'platform', isPlatform: true });
  // The id was given explicitly: move the identity sequence past it.
  await db.execute(sql`select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`);
  const [dept] = await db.insert(depts).values({ tenantId: PLATFORM_TENANT_ID, name: '平台', code: 'platform' }).returning({ id: depts.id });
  const [role] = await db
    .insert(roles)
    .values({ tenantId: PLATFORM_TENANT_ID, name: '超级管理员', key: 'super_admin', dataScope: 1, isDefaultAdmin: true })
    .returning({ id: roles.id });
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const [admin] = await db
    .insert(users)
    .values({
      tenantId: PLATFORM_TENANT_ID,
      username: 'admin',
      passwordHash: await hashPassword(password),
      realName: '管理员',
      deptId: dept?.id,
      isSuperAdmin: true,
    })
    .returning({ id: users.id });
  if (admin && role) await db.insert(userRoles).values({ tenantId: PLATFORM_TENANT_ID, userId: admin.id, roleId: role.id });
  if (adminPassword) log.info('Created the platform administrator "admin" with the password from ADMIN_PASSWORD');
  else
    log.warn(
      `Created the platform administrator "admin" with the generated password: ${password}  (shown only this once: sign in and change it, or set ADMIN_PASSWORD before the first start)`,
    );
}

/** The platform's own areas: tenant management, the application market, the site settings. */
const PLATFORM_AREAS = ['/tenant', '/addons', '/system'];
/** The platform's own pages in areas tenants share: platform binding, the dashboard's monitor. */
const PLATFORM_PAGES = ['/pt/bind', '/dashboard/monitor'];
const PLATFORM_CALLS = new Set(ALL_CALLS.filter((c) => c.platformOnly).map((c) => c.path));

/**
 * The default tenant policy: registration creates a new tenant whose administrator role gets every
 * menu except the platform's own (its areas and pages above, and buttons that grant only calls every
 * tenant but the platform is refused, such as the analysis page's tenant picker).
 */
async function seedDefaultPolicy(db: Db, log: SeedLog): Promise<void> {
  const [existing] = await db.select({ id: tenantPolicies.id }).from(tenantPolicies).limit(1);
  if (existing) return;
  const rows = await db.select({ id: menus.id, type: menus.type, path: menus.path, parentId: menus.parentId, permissions: menus.permissions }).from(menus);
  const platformButton = (m: (typeof rows)[number]) =>
    m.type === menuType.button && m.permissions !== '' && m.permissions.split(',').every((p) => PLATFORM_CALLS.has(p.trim()));
  const platformOnly = new Set(
    rows
      .filter((m) => PLATFORM_AREAS.some((area) => m.path === area || m.path.startsWith(`${area}/`)) || PLATFORM_PAGES.includes(m.path) || platformButton(m))
      .map((m) => m.id),
  );
  // Buttons have no path: they follow their parent.
  for (const m of rows) if (m.parentId !== null && platformOnly.has(m.parentId)) platformOnly.add(m.id);
  // Every tenant reads the platform's upgrade log; only the platform writes it (its buttons).
  const upgradeLog = rows.find((m) => m.path === '/home/upgrade/logs');
  for (const m of rows) if (upgradeLog && m.parentId === upgradeLog.id && m.path === '') platformOnly.add(m.id);
  const menuIds = rows.filter((m) => !platformOnly.has(m.id)).map((m) => m.id);
  await db.insert(tenantPolicies).values({ title: '默认策略', isDefault: true, tenantSetting: 1, menuIds });
  log.info('Seeded the default tenant policy (registration creates a new tenant)');
}

/**
 * First-start data, idempotent: each part is written only when missing, so a second start (or a second
 * instance, which waits on the start-up lock) changes nothing and an administrator's edits are kept.
 */
export async function seed(db: Db, options: { adminPassword?: string; log: SeedLog }): Promise<void> {
  await inTransaction(db, async (tx) => {
    await seedPlatform(tx, options.adminPassword, options.log);
    const [menuCount] = await tx.select({ n: count() }).from(menus);
    if ((menuCount?.n ?? 0) === 0) options.log.info(`Seeded ${await insertMenus(tx, MENU_SEED, null)} menu entries`);
    await seedDefaultPolicy(tx, options.log);
    await insertMissingSettings(tx, SITE_SETTINGS_DEFAULTS);
  });
}
