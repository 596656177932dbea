import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useSession, type AdminMenuItem } from '@uc/shared';

/**
 * Where an area's own address (/org) leads: its menu entry's redirect when the user's menu holds that
 * page, else the area's first page in the menu. The server's menu holds only pages that are served
 * and granted, so nothing here names a page that may not exist; undefined: no such area for this user.
 */
export function areaTarget(menu: readonly AdminMenuItem[], area: string): string | undefined {
  const dir = menu.find((m) => m.path === `/${area}`);
  const pages = (dir?.children ?? []).filter((c) => !c.hidden && c.path);
  if (dir?.redirect && pages.some((p) => p.path === dir.redirect)) return dir.redirect;
  return pages[0]?.path;
}

/** Spec section 2: an area address opens its first page; anything else is the remotes' (or the 404 page). */
export function AreaRedirect({ otherwise }: { otherwise: ReactNode }) {
  const { area = '' } = useParams();
  const menu = useSession((s) => s.adminMenu);
  const target = areaTarget(menu, area);
  return target ? <Navigate to={target} replace /> : <>{otherwise}</>;
}
