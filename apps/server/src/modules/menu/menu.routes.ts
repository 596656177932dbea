import { menuDeleteCall, menuEditCall, menuListCall, menuOptionCall, menuStatusCall, menuViewCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { menuOptions, menuTree, removeMenu, requireCatalogueEditor, saveMenu, setMenuStatus, viewMenu } from './menu.service';

/** The menu catalogue screen: anyone granted may read, only the platform super admin may change. */
export function menuCalls(): CallImplementation[] {
  return [
    implement(menuListCall, async ({ db, query }) => ({ list: await menuTree(db, query) })),
    implement(menuViewCall, async ({ db, query }) => viewMenu(db, query.id)),
    implement(menuOptionCall, async ({ db }) => ({ list: await menuOptions(db) })),
    implement(menuEditCall, async ({ db, session, body }) => {
      requireCatalogueEditor(session);
      return { id: await saveMenu(db, body) };
    }),
    implement(menuDeleteCall, async ({ db, session, body }) => {
      requireCatalogueEditor(session);
      await removeMenu(db, body.id);
      return { id: body.id };
    }),
    implement(menuStatusCall, async ({ db, session, body }) => {
      requireCatalogueEditor(session);
      await setMenuStatus(db, body.id, body.status);
      return { id: body.id, status: body.status };
    }),
  ];
}
