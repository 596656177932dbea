import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { areaOf, menuLocaleOf, menuType, type RemotePage } from '@uc/contracts';
import type { Db } from '../../db/client';
import { menus } from '../../db/schema';
import { MENU_SEED, type MenuSeed } from '../../db/seed-menus';
import { inTransaction } from '../../db/typed';

const pathsOf = (entries: readonly MenuSeed[]): string[] => entries.flatMap((m) => [...(m.path ? [m.path] : []), ...pathsOf(m.children ?? [])]);
/** Pages the seed gives entries (db/seed.ts, seedMenus): theirs to add, once, and to leave deleted. */
const SEEDED_PATHS = new Set(pathsOf(MENU_SEED));

interface DeclaredRemote {
  name: string;
  title: Record<string, string>;
  icon: string;
  pages: RemotePage[];
}

/**
 * Gives a remote's declared pages their menu entries (under a directory for each of their areas) where the
 * catalogue has none with that path yet: a new remote appears in the console after its build without
 * a migration, and entries an administrator edited, moved or deleted-and-recreated are never touched
 * again. A page the seed has an entry for is left to the seed (which adds it once, with its grants, and
 * never again once an administrator deleted it). Super administrators see the new entries at once;
 * other roles when granted (role menus).
 * Several servers scanning at once add each entry once (transaction-level advisory lock).
 */
export async function addMissingMenus(db: Db, remote: DeclaredRemote): Promise<number> {
  if (remote.pages.length === 0) return 0;
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uc:remote-menus'))`);
    // A remote may serve pages in several areas (home: /home and /dashboard): each has its directory.
    const areas = [...new Set(remote.pages.map((p) => areaOf(p.path)))];
    const paths = [...areas, ...remote.pages.map((p) => p.path)];
    const existing = await tx
      .select({ id: menus.id, path: menus.path, type: menus.type })
      .from(menus)
      .where(and(inArray(menus.path, paths), inArray(menus.type, [menuType.directory, menuType.menu])));
    const next = async (parentId: number | null) => {
      const [row] = await tx
        .select({ top: max(menus.sort) })
        .from(menus)
        .where(parentId === null ? sql`${menus.parentId} is null` : eq(menus.parentId, parentId));
      return (row?.top ?? 0) + 10;
    };
    let added = 0;
    for (const [i, area] of areas.entries()) {
      const missing = remote.pages.filter((p) => areaOf(p.path) === area && !SEEDED_PATHS.has(p.path) && !existing.some((m) => m.path === p.path));
      if (missing.length === 0) continue;
      let parentId = existing.find((m) => m.path === area && m.type === menuType.directory)?.id;
      if (parentId === undefined) {
        // The remote's title names its first area (the shell reads it under that key too); another
        // area is named after its first page.
        const title = i === 0 ? remote.title : missing[0]!.title;
        const [dir] = await tx
          .insert(menus)
          .values({
            type: menuType.directory,
            name: title['zh-CN'] ?? remote.name,
            locale: menuLocaleOf(area),
            path: area,
            redirect: missing.find((p) => !p.hidden)?.path ?? '',
            icon: remote.icon,
            sort: await next(null),
          })
          .returning({ id: menus.id });
        parentId = dir!.id;
        added += 1;
      }
      for (const page of missing) {
        await tx.insert(menus).values({
          parentId,
          type: menuType.menu,
          name: page.title['zh-CN'] ?? page.path,
          locale: menuLocaleOf(page.path),
          path: page.path,
          component: `${remote.name}${page.path}`,
          icon: page.icon ?? '',
          hidden: page.hidden ?? false,
          sort: await next(parentId),
        });
        added += 1;
      }
    }
    return added;
  });
}
