import { adminMenuCall, headerMenuCall } from '@uc/contracts';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../http/route-registrar';
import type { Session } from '../auth/access';
import { enabledRemotes } from '../remote/remote.repository';
import { rowsThatLeadSomewhere, servedBy } from '../menu/menu.served';
import { adminMenuTree, headerMenu } from '../menu/menu.tree';
import { visibleMenus } from '../menu/menu-grants.repository';

/** The caller's menu rows, less the entries whose page nobody serves (what the menu calls answer, and what an open tab's registry watch compares: remote/registry-push.ts). */
export async function navigableMenus(db: Db, session: Session) {
  const remotes = await enabledRemotes(db);
  const open = remotes.flatMap((r) => r.pages.filter((p) => p.everyone));
  const rows = await visibleMenus(db, session, {
    everyone: open.filter((p) => !p.byPolicy).map((p) => p.path),
    byPolicy: open.filter((p) => p.byPolicy).map((p) => p.path),
  });
  return rowsThatLeadSomewhere(rows, servedBy(remotes));
}

export function roleNavigationCalls(): CallImplementation[] {
  return [
    implement(headerMenuCall, async ({ db, session }) => ({ list: headerMenu(await navigableMenus(db, session)) })),
    implement(adminMenuCall, async ({ db, session, query }) => ({ list: adminMenuTree(await navigableMenus(db, session), query.addon) })),
  ];
}
