import { randomBytes } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import { ALL_CALLS, menuType } from '@uc/contracts';
import { hashPassword } from '../lib/password-hash';
import type { Db } from './client';
import { depts, menus, roleMenus, roles, seededMenus, tenantPolicies, tenants, userRoles, users, type SeededMenuValues } from './schema';
import { MENU_SEED, type MenuSeed } from './seed-menus';
import { insertMissingSettings, SITE_SETTINGS_DEFAULTS } from './seed-settings';
import { inTransaction } from './typed';

export const PLATFORM_TENANT_ID = 1;

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Applies a tenant policy to the tenants on it (modules/tenant-policy's applyPolicyToItsTenants, which
 * the caller passes: src/db knows no module).
 */
export type ApplyPolicy = (db: Db, policyId: number) => Promise<void>;

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

type CatalogueRow = Pick<typeof menus.$inferSelect, 'id' | 'type' | 'path' | 'parentId' | 'permissions'>;
const catalogueRows = (db: Db): Promise<CatalogueRow[]> =>
  db.select({ id: menus.id, type: menus.type, path: menus.path, parentId: menus.parentId, permissions: menus.permissions }).from(menus).orderBy(asc(menus.id));

/**
 * The entries a tenant policy never allows by default: the platform's own (its areas and pages above,
 * and buttons that grant only calls every tenant but the platform is refused, such as the analysis
 * page's tenant picker), with everything under them, and the upgrade log's buttons (every tenant reads
 * the platform's upgrade log; only the platform writes it).
 */
function platformOnlyMenus(rows: readonly CatalogueRow[]): Set<number> {
  const platformButton = (m: CatalogueRow) =>
    m.type === menuType.button && m.permissions !== '' && m.permissions.split(',').every((p) => PLATFORM_CALLS.has(p.trim()));
  const platformOnly = new Set(
    rows
      .filter((m) => PLATFORM_AREAS.some((area) => m.path === area || m.path.startsWith(`${area}/`)) || PLATFORM_PAGES.includes(m.path) || platformButton(m))
      .map((m) => m.id),
  );
  // Buttons have no path: they follow their parent (to any depth).
  for (let grown = true; grown;) {
    grown = false;
    for (const m of rows)
      if (m.parentId !== null && platformOnly.has(m.parentId) && !platformOnly.has(m.id)) {
        platformOnly.add(m.id);
        grown = true;
      }
  }
  const upgradeLog = rows.find((m) => m.path === '/home/upgrade/logs');
  for (const m of rows) if (upgradeLog && m.parentId === upgradeLog.id && m.path === '') platformOnly.add(m.id);
  return platformOnly;
}

/**
 * The default tenant policy: registration creates a new tenant whose administrator role gets every
 * menu except the platform's own (platformOnlyMenus).
 */
async function seedDefaultPolicy(db: Db, log: SeedLog): Promise<void> {
  const [existing] = await db.select({ id: tenantPolicies.id }).from(tenantPolicies).limit(1);
  if (existing) return;
  const rows = await catalogueRows(db);
  const platformOnly = platformOnlyMenus(rows);
  const menuIds = rows.filter((m) => !platformOnly.has(m.id)).map((m) => m.id);
  await db.insert(tenantPolicies).values({ title: '默认策略', isDefault: true, tenantSetting: 1, menuIds });
  log.info('Seeded the default tenant policy (registration creates a new tenant)');
}

/** What the seed writes of an entry (and follows later: seedMenus). */
const seededValues = (m: MenuSeed): SeededMenuValues => ({
  type: m.type,
  name: m.name,
  path: m.path ?? '',
  component: m.component ?? '',
  redirect: m.redirect ?? '',
  icon: m.icon ?? '',
  permissions: (m.permissions ?? []).map((call) => call.path).join(','),
  hidden: m.hidden ?? false,
});
const SEEDED_FIELDS = Object.keys(seededValues({ type: 1, name: '', locale: '' })) as (keyof SeededMenuValues)[];

async function insertMenu(db: Db, m: MenuSeed, parentId: number | null, sort: number): Promise<number> {
  const [row] = await db
    .insert(menus)
    .values({ parentId, locale: m.locale, ...seededValues(m), sort })
    .returning({ id: menus.id });
  return row!.id;
}

/**
 * The menu catalogue, reconciled with the seed (src/db/seed-menus) at every start: one source of truth,
 * so a screen ships its menu entries in the seed and no migration writes them. Each entry is known by
 * its key (its `locale`, unique in the seed); seeded_menus (drizzle/0042) records every key the seed
 * has ever written, with its row and the values it wrote:
 * - a key never recorded is inserted under its seeded parent, right after the sibling the seed puts
 *   before it (its sort + 1; a first child at (i + 1) * 10), with a fresh database's grants: the
 *   platform's default administrator roles hold it, and unless it is the platform's own
 *   (platformOnlyMenus) the default tenant policy allows it, and that policy is applied to its
 *   tenants (their administrators get it);
 * - a recorded key is never inserted again: an entry an administrator deleted stays deleted (and its
 *   children new to the seed are recorded without a row);
 * - in a recorded entry, a field the seed changed since it last wrote it (a button granting one more
 *   call, a new icon) takes the seed's value only where the administrator left it as the seed wrote
 *   it: his edits are kept. Its parent and place are his.
 * A fresh database gets the whole seed as before (nothing granted: its super administrator holds all,
 * and the default policy is made from the catalogue right after).
 */
async function seedMenus(db: Db, catalogue: readonly MenuSeed[], log: SeedLog, applyPolicy: ApplyPolicy | undefined): Promise<void> {
  // The lock remote pages and addons take to write menus (remote-menus.ts): one writer at a time.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('uc:remote-menus'))`);
  const recorded = new Map((await db.select().from(seededMenus)).map((r) => [r.key, r]));
  const [menuCount] = await db.select({ n: count() }).from(menus);
  const fresh = (menuCount?.n ?? 0) === 0;
  const rows = new Map(fresh ? [] : (await db.select().from(menus)).map((r) => [r.id, r]));
  const newSorts = new Map<number, number>();
  const added: number[] = [];
  const addedKeys: string[] = [];
  const followed: string[] = [];
  // `parent` is the row of the seeded parent (null at the top), or 'gone' when that entry was deleted.
  const walk = async (items: readonly MenuSeed[], parent: number | null | 'gone'): Promise<void> => {
    // The row of the last sibling before this entry that is still there.
    let previous: number | undefined;
    for (const [i, m] of items.entries()) {
      const values = seededValues(m);
      const known = recorded.get(m.locale);
      let id: number | 'gone';
      if (known) {
        id = known.menuId ?? 'gone';
        const row = known.menuId === null ? undefined : rows.get(known.menuId);
        const before = known.seeded;
        if (row && (!before || SEEDED_FIELDS.some((f) => before[f] !== values[f]))) {
          const changes = before
            ? Object.fromEntries(SEEDED_FIELDS.filter((f) => before[f] !== values[f] && row[f] === before[f]).map((f) => [f, values[f]]))
            : {};
          if (Object.keys(changes).length > 0) {
            await db
              .update(menus)
              .set({ ...changes, updatedAt: sql`now()` })
              .where(eq(menus.id, row.id));
            followed.push(`${m.locale} (${Object.keys(changes).join(', ')})`);
          }
          await db.update(seededMenus).set({ seeded: values }).where(eq(seededMenus.key, m.locale));
        }
      } else if (parent === 'gone') {
        await db.insert(seededMenus).values({ key: m.locale, menuId: null, seeded: values });
        id = 'gone';
      } else {
        // A fresh catalogue is numbered 10, 20, ...; an entry new to an existing one goes right after
        // the sibling the seed puts before it (where the administrator left that one).
        const after = previous === undefined ? undefined : (rows.get(previous)?.sort ?? newSorts.get(previous));
        const sort = fresh || after === undefined ? (i + 1) * 10 : after + 1;
        id = await insertMenu(db, m, parent, sort);
        await db.insert(seededMenus).values({ key: m.locale, menuId: id, seeded: values });
        newSorts.set(id, sort);
        added.push(id);
        addedKeys.push(m.locale);
      }
      if (typeof id === 'number') previous = id;
      if (m.children) await walk(m.children, id);
    }
  };
  await walk(catalogue, null);
  if (fresh) {
    log.info(`Seeded ${added.length} menu entries`);
    return;
  }
  if (followed.length > 0) log.info(`Updated ${followed.length} menu entries to the seed: ${followed.join(', ')}`);
  if (added.length === 0) return;
  await grantNewMenus(db, added, applyPolicy);
  log.info(`Added ${added.length} menu entries new to the seed: ${addedKeys.join(', ')}`);
}

/** A fresh database's grants of entries the seed added to an existing catalogue (seedMenus). */
async function grantNewMenus(db: Db, added: number[], applyPolicy: ApplyPolicy | undefined): Promise<void> {
  const platformAdmins = await db
    .select({ tenantId: roles.tenantId, id: roles.id })
    .from(roles)
    .innerJoin(tenants, eq(tenants.id, roles.tenantId))
    .where(sql`${tenants.isPlatform} and ${roles.isDefaultAdmin}`);
  const grants = platformAdmins.flatMap((r) => added.map((menuId) => ({ tenantId: r.tenantId, roleId: r.id, menuId })));
  if (grants.length > 0) await db.insert(roleMenus).values(grants).onConflictDoNothing();
  const [policy] = await db
    .select({ id: tenantPolicies.id, menuIds: tenantPolicies.menuIds })
    .from(tenantPolicies)
    .where(eq(tenantPolicies.isDefault, true))
    .orderBy(asc(tenantPolicies.id))
    .limit(1);
  if (!policy) return;
  const platformOnly = platformOnlyMenus(await catalogueRows(db));
  const allowed = added.filter((id) => !platformOnly.has(id) && !policy.menuIds.includes(id));
  if (allowed.length === 0) return;
  await db
    .update(tenantPolicies)
    .set({ menuIds: [...policy.menuIds, ...allowed], updatedAt: sql`now()` })
    .where(eq(tenantPolicies.id, policy.id));
  if (applyPolicy) return applyPolicy(db, policy.id);
  // Without it the policy's tenants would miss what it now allows: refuse rather than start so.
  const [onIt] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.policyId, policy.id)).limit(1);
  if (onIt)
    throw new Error(
      'The seed added menu entries to the default tenant policy, whose tenants must get them: call seed() with applyPolicy (applyPolicyToItsTenants of modules/tenant-policy/policy-apply.ts), as src/main.ts does',
    );
}

/**
 * Start-up data, idempotent: each part is written only when missing (the menus: the seed's entries never
 * seeded before, seedMenus), so a second start (or a second instance, which waits on the start-up lock)
 * changes nothing and an administrator's edits are kept.
 */
export async function seed(
  db: Db,
  options: {
    adminPassword?: string;
    log: SeedLog;
    /** The menu catalogue to reconcile (tests give an older one); MENU_SEED otherwise. */
    menuSeed?: readonly MenuSeed[];
    /**
     * Needed when the seed adds entries to an existing catalogue whose default policy has tenants (the
     * seed refuses to go on without it then); a fresh database never needs it.
     */
    applyPolicy?: ApplyPolicy;
  },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await seedPlatform(tx, options.adminPassword, options.log);
    await seedMenus(tx, options.menuSeed ?? MENU_SEED, options.log, options.applyPolicy);
    await seedDefaultPolicy(tx, options.log);
    await insertMissingSettings(tx, SITE_SETTINGS_DEFAULTS);
  });
}
