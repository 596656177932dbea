import { eq, getTableColumns, inArray, isNull, max, sql } from 'drizzle-orm';
import { areaOf, menuLocaleOf, menuType, type AddonManifest } from '@uc/contracts';
import type { Db } from '../../db/client';
import { addonMenus as addonMenuLinks, menus, tenantPolicies } from '../../db/schema';

/*
 * An addon's menu entries, derived from its manifest's pages (addon.contract.ts): a directory per
 * area (the pages' first path segment) named after the addon, a menu per page carrying the page's
 * permissions, a button per declared button carrying its own. They keep the user centre's plugin
 * name (menus.addon), so the console's side menu shows them beside its own; addon_menus records whose
 * they are, which is how update, roll back and uninstall find them again.
 *
 * Grants: entries new to the catalogue go to the platform's default administrator roles. Tenants get
 * nothing by themselves: their policies list every catalogue entry, so the platform may allow the
 * addon's to a policy (modules/tenant-policy/policy-apply.ts then gives them to those tenants'
 * administrators); a tenant role can only ever hold what its policy allows.
 */

type MenuRow = typeof menus.$inferSelect;

/** The key of a button under its page: its English title, so renaming others or reordering keeps its grants. */
const buttonLocale = (pagePath: string, title: Record<string, string>): string =>
  `${menuLocaleOf(pagePath)}.${(title['en-US'] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

const zh = (title: Record<string, string>, fallback: string): string => title['zh-CN'] ?? title['en-US'] ?? fallback;

/** The menu rows an addon has in the catalogue. */
export async function addonMenus(db: Db, name: string): Promise<MenuRow[]> {
  return db.select(getTableColumns(menus)).from(menus).innerJoin(addonMenuLinks, eq(addonMenuLinks.menuId, menus.id)).where(eq(addonMenuLinks.name, name));
}

/**
 * Makes the addon's entries match `m`: adds what is new (granted to the platform's administrators),
 * updates what stays (same ids, so grants and an administrator's sort and status stay), deletes what
 * the version no longer declares (its grants go with it). Returns the ids added.
 */
export async function syncAddonMenus(tx: Db, m: AddonManifest): Promise<number[]> {
  // The same lock as remote-menus.ts: entries of one path are made once, whoever makes them.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uc:remote-menus'))`);
  const existing = await addonMenus(tx, m.name);
  const keep = new Set<number>();
  const added: number[] = [];
  const nextSort = async (parentId: number | null) => {
    const [row] = await tx
      .select({ top: max(menus.sort) })
      .from(menus)
      .where(parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId));
    return (row?.top ?? 0) + 10;
  };
  const upsert = async (match: (r: MenuRow) => boolean, values: Omit<typeof menus.$inferInsert, 'sort'> & { parentId: number | null }): Promise<number> => {
    const found = existing.find((r) => !keep.has(r.id) && match(r));
    if (found) {
      await tx
        .update(menus)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(menus.id, found.id));
      keep.add(found.id);
      return found.id;
    }
    const [row] = await tx
      .insert(menus)
      .values({ ...values, sort: await nextSort(values.parentId) })
      .returning({ id: menus.id });
    await tx.insert(addonMenuLinks).values({ name: m.name, menuId: row!.id });
    keep.add(row!.id);
    added.push(row!.id);
    return row!.id;
  };

  const areas = [...new Set(m.pages.map((p) => areaOf(p.path)))];
  for (const area of areas) {
    const pages = m.pages.filter((p) => areaOf(p.path) === area);
    const dirId = await upsert((r) => r.type === menuType.directory && r.path === area, {
      parentId: null,
      type: menuType.directory,
      name: zh(m.title, m.name),
      locale: menuLocaleOf(area),
      path: area,
      redirect: pages.find((p) => !p.hidden)?.path ?? '',
      icon: m.icon,
      permissions: '',
    });
    for (const page of pages) {
      const pageId = await upsert((r) => r.type === menuType.menu && r.path === page.path, {
        parentId: dirId,
        type: menuType.menu,
        name: zh(page.title, page.path),
        locale: menuLocaleOf(page.path),
        path: page.path,
        component: `${m.name}${page.path}`,
        icon: page.icon ?? '',
        hidden: page.hidden ?? false,
        permissions: page.permissions.join(','),
      });
      for (const button of page.buttons) {
        const locale = buttonLocale(page.path, button.title);
        await upsert((r) => r.type === menuType.button && r.parentId === pageId && r.locale === locale, {
          parentId: pageId,
          type: menuType.button,
          name: zh(button.title, locale),
          locale,
          path: '',
          permissions: button.permissions.join(','),
        });
      }
    }
  }
  const stale = existing.filter((r) => !keep.has(r.id)).map((r) => r.id);
  if (stale.length > 0) await deleteMenus(tx, stale);
  if (added.length > 0) {
    // The platform's default administrator roles (the super-admin role of the seed) hold every new entry.
    await tx.execute(sql`
      insert into role_menus (tenant_id, role_id, menu_id)
      select r.tenant_id, r.id, m.id
      from roles r join tenants t on t.id = r.tenant_id and t.is_platform
      cross join (select unnest(${`{${added.join(',')}}`}::bigint[]) as id) m
      where r.is_default_admin
      on conflict do nothing`);
  }
  return added;
}

/** Deletes menu entries (their grants go by cascade) and drops them from the tenant policies that allowed them. */
async function deleteMenus(tx: Db, ids: number[]): Promise<void> {
  await tx.delete(menus).where(inArray(menus.id, ids));
  const list = `{${ids.join(',')}}`;
  await tx.execute(sql`
    update ${tenantPolicies} set menu_ids = coalesce((
      select jsonb_agg(e) from jsonb_array_elements(menu_ids) e where (e #>> '{}')::bigint <> all(${list}::bigint[])
    ), '[]'::jsonb), updated_at = now()
    where exists (select 1 from jsonb_array_elements(menu_ids) e where (e #>> '{}')::bigint = any(${list}::bigint[]))`);
}

/** Removes every entry of the addon (uninstall). */
export async function removeAddonMenus(tx: Db, name: string): Promise<number> {
  const rows = await addonMenus(tx, name);
  if (rows.length > 0)
    await deleteMenus(
      tx,
      rows.map((r) => r.id),
    );
  return rows.length;
}
