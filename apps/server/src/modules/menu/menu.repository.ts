import { asc, count, eq } from 'drizzle-orm';
import type { MenuRecord } from '@uc/contracts';
import type { Db } from '../../db/client';
import { menus } from '../../db/schema';
import type { MenuRow } from './menu-grants.repository';

/** A stored menu as the editor shows it. */
export function toMenuRecord(m: MenuRow): MenuRecord {
  return {
    id: m.id,
    parentId: m.parentId,
    type: m.type,
    client: m.client,
    addon: m.addon,
    name: m.name,
    locale: m.locale,
    icon: m.icon,
    path: m.path,
    alias: m.alias,
    component: m.component,
    redirect: m.redirect,
    permissions: m.permissions,
    highlight: m.highlight,
    isRoot: m.isRoot,
    popup: m.popup,
    simplified: m.simplified,
    keepAlive: m.keepAlive,
    hidden: m.hidden,
    external: m.external,
    affix: m.affix,
    sort: m.sort,
    status: m.status,
    remark: m.remark,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The whole catalogue in display order (sort, then id). */
export const allMenus = (db: Db): Promise<MenuRow[]> => db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));

export async function findMenu(db: Db, id: number): Promise<MenuRow | undefined> {
  const [row] = await db.select().from(menus).where(eq(menus.id, id));
  return row;
}

export async function findMenuByAlias(db: Db, alias: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: menus.id }).from(menus).where(eq(menus.alias, alias));
  return row;
}

export async function childCount(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(menus).where(eq(menus.parentId, id));
  return row?.n ?? 0;
}

export type MenuValues = Omit<typeof menus.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertMenu(db: Db, values: MenuValues): Promise<number> {
  const [row] = await db.insert(menus).values(values).returning({ id: menus.id });
  return row!.id;
}

export async function updateMenu(db: Db, id: number, values: Partial<MenuValues>): Promise<void> {
  await db
    .update(menus)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(menus.id, id));
}

export async function deleteMenu(db: Db, id: number): Promise<void> {
  await db.delete(menus).where(eq(menus.id, id));
}
