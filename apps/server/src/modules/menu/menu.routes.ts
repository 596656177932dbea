import { adminMenuCall, headerMenuCall } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../lib/route-registrar';
import { adminMenuTree, headerMenu } from './menu.tree';
import { visibleMenus } from './menu.repository';

export function menuCalls(db: Db): CallImplementation[] {
  return [
    implement(headerMenuCall, async ({ session }) => ({ list: headerMenu(await visibleMenus(db, session)) })),
    implement(adminMenuCall, async ({ session, query }) => ({ list: adminMenuTree(await visibleMenus(db, session), query.addon) })),
  ];
}
