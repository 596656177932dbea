import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { runMigrations } from './migrate';
import { PLATFORM_TENANT_ID, seed } from './seed';
import { MENU_SEED, type MenuSeed } from './seed-menus';
import { menus, roleMenus, roles, seededMenus, tenantPolicies, tenants } from './schema';
import { applyPolicyToItsTenants, applyTenantPolicy } from '../modules/tenant-policy/policy-apply';
import { memberPurgeCall, memberRecycleListCall, memberRestoreCall, memberViewCall, uploadImageCall } from '@uc/contracts';
import { openTestDatabase } from '../test/test-database';
import { withTenant } from './tenant-scope';
import { rowsOf } from './typed';

/*
 * The menu seed reconciled at every start (seed.ts, seedMenus; drizzle/0042): a database seeded by an
 * older catalogue gets the entries new to the seed at its next start, with a fresh database's grants;
 * what an administrator deleted or edited stays as he left it; a second start adds nothing; a fresh
 * database is seeded as before.
 */

const log = { info: jest.fn(), warn: jest.fn() };

const all = (entries: readonly MenuSeed[]): MenuSeed[] => entries.flatMap((m) => [m, ...all(m.children ?? [])]);
/** The catalogue without the entries of these keys (and what is under them): an older seed. */
const without = (entries: readonly MenuSeed[], keys: readonly string[]): MenuSeed[] =>
  entries.filter((m) => !keys.includes(m.locale)).map((m) => (m.children ? { ...m, children: without(m.children, keys) } : m));

/** The catalogue with the entry of this key changed. */
const edited = (entries: readonly MenuSeed[], key: string, patch: Partial<MenuSeed>): MenuSeed[] =>
  entries.map((m) => (m.locale === key ? { ...m, ...patch } : m.children ? { ...m, children: edited(m.children, key, patch) } : m));

/** Entries a newer seed adds: a platform-only area, a tenant page with a platform-only button, a button. */
const NEW_KEYS = ['menu.system', 'menu.dashboard.analysis', 'menu.org.user.upload'];
const OLD_SEED = without(MENU_SEED, NEW_KEYS);

let database: Database;
let db: Db;
let dispose: () => Promise<void>;
const start = (menuSeed: readonly MenuSeed[] = MENU_SEED) =>
  database.withStartupLock(async (lockDb) => {
    await runMigrations(database, lockDb);
    await seed(lockDb, { adminPassword: 'admin-password-1', log, menuSeed, applyPolicy: applyPolicyToItsTenants });
  });

const rowOf = async (locale: string) => (await db.select().from(menus).where(eq(menus.locale, locale)))[0];
const idOf = async (locale: string) => (await rowOf(locale))?.id;
const snapshot = async () => ({
  menus: await db.select().from(menus).orderBy(asc(menus.id)),
  grants: await db.select().from(roleMenus).orderBy(asc(roleMenus.tenantId), asc(roleMenus.roleId), asc(roleMenus.menuId)),
  policies: await db.select({ id: tenantPolicies.id, menuIds: tenantPolicies.menuIds }).from(tenantPolicies).orderBy(asc(tenantPolicies.id)),
  seeded: await db.select({ key: seededMenus.key, menuId: seededMenus.menuId }).from(seededMenus).orderBy(asc(seededMenus.key)),
});

/** A tenant on `policyId` with its default administrator role holding what the policy allows, as tenant creation does. */
async function tenantOn(code: string, policyId: number): Promise<{ tenantId: number; roleId: number }> {
  const [tenant] = await db.insert(tenants).values({ name: code, code, policyId }).returning({ id: tenants.id });
  const [role] = await db
    .insert(roles)
    .values({ tenantId: tenant!.id, name: '管理员', key: 'admin', dataScope: 1, isDefaultAdmin: true })
    .returning({ id: roles.id });
  await applyTenantPolicy(db, tenant!.id);
  return { tenantId: tenant!.id, roleId: role!.id };
}
const heldBy = async (tenantId: number, roleId: number) =>
  new Set(
    (
      await db
        .select({ id: roleMenus.menuId })
        .from(roleMenus)
        .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)))
    ).map((r) => r.id),
  );

describe('the menu seed at every start', () => {
  beforeEach(async () => {
    ({ database, dispose } = await openTestDatabase());
    db = database.db;
  });
  afterEach(() => dispose());

  it('seeds a fresh database as before: every entry once, in order, under its parent, nothing granted, and records each key', async () => {
    await start();
    const rows = await db.select().from(menus);
    const seedEntries = all(MENU_SEED);
    expect(rows).toHaveLength(seedEntries.length);
    const check = (entries: readonly MenuSeed[], parentId: number | null) => {
      for (const [i, m] of entries.entries()) {
        const row = rows.find((r) => r.locale === m.locale);
        expect(row).toMatchObject({
          parentId,
          type: m.type,
          name: m.name,
          path: m.path ?? '',
          component: m.component ?? '',
          redirect: m.redirect ?? '',
          icon: m.icon ?? '',
          permissions: (m.permissions ?? []).map((c) => c.path).join(','),
          hidden: m.hidden ?? false,
          sort: (i + 1) * 10,
        });
        check(m.children ?? [], row!.id);
      }
    };
    check(MENU_SEED, null);
    expect(await db.select().from(roleMenus)).toEqual([]);
    const seeded = await db.select().from(seededMenus);
    expect(seeded.map((s) => [s.key, s.menuId]).sort()).toEqual(rows.map((r) => [r.locale, r.id]).sort());
    const user = rows.find((r) => r.locale === 'menu.org.user')!;
    expect(seeded.find((s) => s.key === 'menu.org.user')?.seeded).toEqual({
      type: 2,
      name: user.name,
      path: '/org/user',
      component: 'org/user',
      redirect: '',
      icon: user.icon,
      permissions: user.permissions,
      hidden: false,
    });
    // The default policy allows every entry but the platform's own.
    const [policy] = await db.select().from(tenantPolicies);
    const allowed = new Set(policy!.menuIds);
    expect(allowed.has((await idOf('menu.org.user'))!)).toBe(true);
    expect(allowed.has((await idOf('menu.dashboard.analysis'))!)).toBe(true);
    for (const key of [
      'menu.system',
      'menu.system.settings',
      'menu.tenant.policy.create',
      'menu.dashboard.monitor',
      'menu.dashboard.analysis.tenant',
      'menu.home.upgrade.logs.edit',
    ])
      expect(allowed.has((await idOf(key))!)).toBe(false);
    expect(log.info).toHaveBeenCalledWith(`Seeded ${seedEntries.length} menu entries`);
  });

  it('gives a database seeded by an older catalogue the new entries at its next start, with their grants', async () => {
    await start(OLD_SEED);
    for (const key of NEW_KEYS) expect(await rowOf(key)).toBeUndefined();
    const [policy] = await db.select().from(tenantPolicies);
    // A tenant on the default policy, and one on a policy the platform wrote (left to the platform).
    const [custom] = await db
      .insert(tenantPolicies)
      .values({ title: 'custom', menuIds: policy!.menuIds })
      .returning({ id: tenantPolicies.id, menuIds: tenantPolicies.menuIds });
    const onDefault = await tenantOn('t-default', policy!.id);
    const onCustom = await tenantOn('t-custom', custom!.id);
    const customHeld = await heldBy(onCustom.tenantId, onCustom.roleId);
    const [platformAdmin] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.isDefaultAdmin, true)));

    await start();
    // Each new entry once, under its seeded parent, where a fresh database puts it.
    const system = await rowOf('menu.system');
    expect(system).toMatchObject({ parentId: null, type: 1, path: '/system', sort: (await rowOf('menu.addons'))!.sort + 1 });
    expect(await rowOf('menu.system.settings')).toMatchObject({ parentId: system!.id, path: '/system/settings' });
    const analysis = await rowOf('menu.dashboard.analysis');
    expect(analysis).toMatchObject({
      parentId: await idOf('menu.dashboard'),
      path: '/dashboard/analysis',
      permissions: '/admin/admin/dashboard/analysis',
      sort: 11,
    });
    expect(await rowOf('menu.dashboard.analysis.tenant')).toMatchObject({ parentId: analysis!.id, type: 3 });
    expect(await rowOf('menu.org.user.upload')).toMatchObject({ parentId: await idOf('menu.org.user'), type: 3, permissions: '/admin/admin/upload/image' });
    const added = ['menu.system', 'menu.system.settings', 'menu.dashboard.analysis', 'menu.dashboard.analysis.tenant', 'menu.org.user.upload'];
    const addedIds = await Promise.all(added.map(async (k) => (await idOf(k))!));
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Added 5 menu entries new to the seed: /));

    // The platform's administrators hold every new entry.
    const platformHeld = await heldBy(PLATFORM_TENANT_ID, platformAdmin!.id);
    for (const id of addedIds) expect(platformHeld.has(id)).toBe(true);
    // The default policy allows the tenants' ones (not the platform's own), and its tenants' administrators get them.
    const tenantOnes = [await idOf('menu.dashboard.analysis'), await idOf('menu.org.user.upload')];
    const platformOnes = [await idOf('menu.system'), await idOf('menu.system.settings'), await idOf('menu.dashboard.analysis.tenant')];
    const [after] = await db.select().from(tenantPolicies).where(eq(tenantPolicies.id, policy!.id));
    expect(after!.menuIds).toEqual([...policy!.menuIds, ...tenantOnes]);
    const defaultHeld = await heldBy(onDefault.tenantId, onDefault.roleId);
    for (const id of tenantOnes) expect(defaultHeld.has(id!)).toBe(true);
    for (const id of platformOnes) expect(defaultHeld.has(id!)).toBe(false);
    // Another policy, and its tenants, are the platform administrator's to change.
    expect((await db.select().from(tenantPolicies).where(eq(tenantPolicies.id, custom!.id)))[0]!.menuIds).toEqual(custom!.menuIds);
    expect(await heldBy(onCustom.tenantId, onCustom.roleId)).toEqual(customHeld);

    // A fresh database with the new seed has the same catalogue: entries, parents, addresses, grants, and
    // each level in the same order.
    const shape = async (d: Db) => {
      const rows = await d.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const keyOf = (id: number | null) => (id === null ? null : byId.get(id)!.locale);
      return {
        entries: rows
          .map((r) => [r.locale, keyOf(r.parentId), r.type, r.name, r.path, r.component, r.redirect, r.icon, r.permissions, r.hidden].join('|'))
          .sort(),
        order: Object.fromEntries(
          [null, ...rows.map((r) => r.id)].map((parent) => [String(keyOf(parent)), rows.filter((r) => r.parentId === parent).map((r) => r.locale)]),
        ),
      };
    };
    const upgraded = await shape(db);
    const fresh = await openTestDatabase();
    try {
      await fresh.database.withStartupLock(async (lockDb) => {
        await runMigrations(fresh.database, lockDb);
        await seed(lockDb, { log, menuSeed: MENU_SEED });
      });
      expect(upgraded).toEqual(await shape(fresh.database.db));
    } finally {
      await fresh.dispose();
    }
  });

  it('refuses to add entries its tenants would miss when not given how to apply the default policy', async () => {
    await start(OLD_SEED);
    const [policy] = await db.select().from(tenantPolicies);
    await tenantOn('t-unapplied', policy!.id);
    const before = await snapshot();
    await expect(database.withStartupLock((lockDb) => seed(lockDb, { log, menuSeed: MENU_SEED }))).rejects.toThrow(/call seed\(\) with applyPolicy/);
    // One transaction: nothing of it stays.
    expect(await snapshot()).toEqual(before);
  });

  it('never re-adds an entry an administrator deleted, nor writes over one he edited; a second start adds nothing', async () => {
    await start();
    const user = await rowOf('menu.org.user');
    await db.update(menus).set({ name: '成员', sort: 5, permissions: '/user/admin/member/list' }).where(eq(menus.id, user!.id));
    // A page and a directory (its pages go with it), as the menu editor deletes them.
    await db.delete(menus).where(inArray(menus.locale, ['menu.org.post', 'menu.system']));
    expect(await rowOf('menu.system.settings')).toBeUndefined();
    const before = await snapshot();
    expect(before.seeded.find((s) => s.key === 'menu.org.post')).toEqual({ key: 'menu.org.post', menuId: null });

    await start();
    await start();
    expect(await snapshot()).toEqual(before);
    expect(await rowOf('menu.org.user')).toMatchObject({ name: '成员', sort: 5, permissions: '/user/admin/member/list' });
  });

  it("follows the seed's later changes of an entry only in the fields the administrator left as seeded", async () => {
    await start();
    const upload = (await rowOf('menu.org.user.upload'))!;
    const recycle = (await rowOf('menu.org.user.recycle'))!;
    // The administrator renames one button and narrows what the other grants.
    await db.update(menus).set({ name: '传图' }).where(eq(menus.id, upload.id));
    await db.update(menus).set({ permissions: '/user/admin/member/recycle/list' }).where(eq(menus.id, recycle.id));
    // A newer seed: both buttons grant one call more, and one is renamed.
    let newer = edited(MENU_SEED, 'menu.org.user.upload', { name: '上传头像', icon: 'UploadOutlined', permissions: [uploadImageCall, memberViewCall] });
    newer = edited(newer, 'menu.org.user.recycle', { permissions: [memberRecycleListCall, memberRestoreCall, memberPurgeCall, memberViewCall] });
    await start(newer);
    // His name stays; the calls and the icon he left follow the seed.
    expect(await rowOf('menu.org.user.upload')).toMatchObject({
      name: '传图',
      icon: 'UploadOutlined',
      permissions: `${uploadImageCall.path},${memberViewCall.path}`,
    });
    // The calls he chose stay.
    expect(await rowOf('menu.org.user.recycle')).toMatchObject({ permissions: '/user/admin/member/recycle/list' });
    expect(log.info).toHaveBeenCalledWith('Updated 1 menu entries to the seed: menu.org.user.upload (icon, permissions)');
    const before = await snapshot();
    await start(newer);
    expect(await snapshot()).toEqual(before);
  });

  it('does not add a new entry under a parent an administrator deleted', async () => {
    await start(without(MENU_SEED, ['menu.system.settings']));
    await db.delete(menus).where(eq(menus.locale, 'menu.system'));
    await start();
    expect(await rowOf('menu.system.settings')).toBeUndefined();
    expect((await db.select().from(seededMenus).where(eq(seededMenus.key, 'menu.system.settings')))[0]).toMatchObject({ menuId: null });
    await start();
    expect(await rowOf('menu.system.settings')).toBeUndefined();
  });

  it('drizzle/0042 records an existing database as it stands: nothing is added or changed, and later entries still arrive', async () => {
    await start();
    // A database of the release before 0042: no record; an administrator had deleted an entry.
    await db.delete(seededMenus);
    await db.delete(menus).where(eq(menus.locale, 'menu.org.user.upload'));
    await db.update(menus).set({ name: '成员' }).where(eq(menus.locale, 'menu.org.user'));
    const sqlText = readFileSync(join(process.cwd(), 'drizzle', '0042_seeded_menus.sql'), 'utf8');
    for (const statement of sqlText.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const before = await snapshot();
    await start();
    expect(await snapshot()).toEqual(before);
    expect(await rowOf('menu.org.user.upload')).toBeUndefined();
    expect(await rowOf('menu.org.user')).toMatchObject({ name: '成员' });
    // Every key the seed had at 0042 is recorded (so none is added again), and only seed keys by name.
    const listed = [...sqlText.matchAll(/\('(menu\.[^']+)'\)/g)].map((m) => m[1]);
    const keys = new Set(all(MENU_SEED).map((m) => m.locale));
    expect(listed.filter((k) => !keys.has(k!))).toEqual([]);
    const recorded = new Set(before.seeded.map((s) => s.key));
    expect(listed.filter((k) => !recorded.has(k!))).toEqual([]);

    // An entry the seed gets after 0042 arrives at the next start.
    // and a later change of the seed reaches the fields as seeded: the name edited before 0042 stays.
    const org = MENU_SEED.find((m) => m.locale === 'menu.org')!;
    let later = edited(MENU_SEED, 'menu.org', {
      children: [...org.children!, { type: 2, name: '新页面', locale: 'menu.org.later', path: '/org/later', component: 'org/later' }],
    });
    later = edited(later, 'menu.org.user', { name: '用户列表', icon: 'TeamOutlined' });
    await start(later);
    expect(await rowOf('menu.org.later')).toMatchObject({ parentId: await idOf('menu.org'), path: '/org/later' });
    expect(await rowOf('menu.org.user')).toMatchObject({ name: '成员', icon: 'TeamOutlined' });
  });

  it('keeps the key of an entry the menu editor deleted (as uc_app, under row-level security)', async () => {
    await start();
    const post = await idOf('menu.org.post');
    await withTenant(db, PLATFORM_TENANT_ID, async (tx) => {
      await tx.delete(menus).where(eq(menus.id, post!));
    });
    expect(await db.select({ menuId: seededMenus.menuId }).from(seededMenus).where(eq(seededMenus.key, 'menu.org.post'))).toEqual([{ menuId: null }]);
    await start();
    expect(await rowOf('menu.org.post')).toBeUndefined();
  });

  it('is not reachable by the application role (only the start-up seed writes it)', async () => {
    await start();
    const [row] = await rowsOf<{ s: boolean; i: boolean }>(
      db,
      sql`select has_table_privilege('uc_app', 'seeded_menus', 'SELECT') as s, has_table_privilege('uc_app', 'seeded_menus', 'INSERT') as i`,
    );
    expect(row).toEqual({ s: false, i: false });
  });
});
