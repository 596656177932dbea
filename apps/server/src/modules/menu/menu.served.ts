import { menuType, SHELL_PAGES, type RemoteEntry } from '@uc/contracts';
import type { MenuRow } from './menu-grants.repository';

const matches = (pattern: string, path: string): boolean => {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
};

/** Whether an address is a page someone serves: the shell's own, or one of an enabled remote's. */
export function servedBy(remotes: readonly Pick<RemoteEntry, 'routes' | 'pages'>[]): (path: string) => boolean {
  const prefixes = [...SHELL_PAGES, ...remotes.flatMap((r) => r.routes)];
  const patterns = remotes.flatMap((r) => r.pages.map((p) => p.path)).filter((p) => p.includes(':'));
  return (path) => prefixes.some((p) => path === p || path.startsWith(`${p}/`)) || patterns.some((p) => matches(p, path));
}

/**
 * The menu rows that lead somewhere: a menu entry whose page no one serves (its remote is not
 * deployed, disabled, or not built yet) is left out, and so is a directory left with no entry;
 * buttons and links to other sites stay. Without this, a role granted a screen before it ships
 * would see a menu entry that opens the 404 page.
 */
export function rowsThatLeadSomewhere(rows: readonly MenuRow[], served: (path: string) => boolean): MenuRow[] {
  const leads = (m: MenuRow) => m.type !== menuType.menu || !m.path || /^https?:\/\//.test(m.path) || served(m.path);
  const kept = rows.filter((m) => m.type !== menuType.directory && leads(m));
  const keptIds = new Set(kept.map((m) => m.id));
  const byId = new Map(rows.map((m) => [m.id, m]));
  // A directory stays when some entry it holds (at any depth) stays and shows: one holding only hidden
  // pages (a details page open to everyone) would be an empty entry leading nowhere the user may go.
  const liveDirs = new Set<number>();
  for (const m of kept) {
    if (m.type !== menuType.menu || m.hidden) continue;
    for (let p = m.parentId === null ? undefined : byId.get(m.parentId); p; p = p.parentId === null ? undefined : byId.get(p.parentId)) {
      if (p.type === menuType.directory) liveDirs.add(p.id);
    }
  }
  return rows.filter((m) => keptIds.has(m.id) || liveDirs.has(m.id));
}
