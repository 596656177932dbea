import { adminMenuCall, headerMenuCall } from '@uc/shared/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { adminMenuTree, headerMenu } from './menu.tree';
import { visibleMenus } from './menu.repository';

export function menuCalls(): CallImplementation[] {
  return [
    implement(headerMenuCall, async ({ db, session }) => ({ list: headerMenu(await visibleMenus(db, session)) })),
    implement(adminMenuCall, async ({ db, session, query }) => ({ list: adminMenuTree(await visibleMenus(db, session), query.addon) })),
  ];
}
