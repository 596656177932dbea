import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { type AdminMenuItem } from '@uc/contracts';
import { useSession } from '@uc/client';

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

/** The area every sign-in lands on (/dashboard, served by the home remote). */
export const LANDING_AREA = 'dashboard';

/** The first page of the user's menu, depth first: where a sign-in lands when the menu has no dashboard. */
export function firstPage(menu: readonly AdminMenuItem[]): string | undefined {
  for (const m of menu) {
    if (m.hidden) continue;
    const below = m.children.length > 0 ? firstPage(m.children) : m.path && !/^https?:\/\//.test(m.path) ? m.path : undefined;
    if (below) return below;
  }
  return undefined;
}

/**
 * Spec section 2: an area address opens its first page; anything else is the remotes' (or the 404 page).
 * The landing area, when the user's menu lacks it (its remote disabled), opens their first page instead.
 */
export function AreaRedirect({ otherwise }: { otherwise: ReactNode }) {
  const { area = '' } = useParams();
  const menu = useSession((s) => s.adminMenu);
  const target = areaTarget(menu, area) ?? (area === LANDING_AREA ? firstPage(menu) : undefined);
  return target ? <Navigate to={target} replace /> : <>{otherwise}</>;
}
