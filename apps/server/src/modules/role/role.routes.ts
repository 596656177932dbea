import {
  roleDeleteCall,
  roleDeptTreeCall,
  roleEditCall,
  roleListCall,
  roleMenusCall,
  roleMenuTreeCall,
  roleOptionCall,
  roleStatusCall,
  roleViewCall,
} from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { deptGrantTree, grantMenus, menuGrantTree, removeRole, roleOptions, roleTree, saveRole, setRoleStatus, viewRole } from './role.service';

/** The role screen. Grants take effect on the users' next request: permissions are read per request. */
export function roleCalls(): CallImplementation[] {
  return [
    implement(roleListCall, async ({ db, session, query }) => ({ list: await roleTree(db, session, query.keyword) })),
    implement(roleViewCall, async ({ db, session, query }) => viewRole(db, session, query.id)),
    implement(roleOptionCall, async ({ db, session }) => ({ list: await roleOptions(db, session) })),
    implement(roleEditCall, async ({ db, session, body }) => ({ id: await saveRole(db, session, body) })),
    implement(roleDeleteCall, async ({ db, session, body }) => {
      await removeRole(db, session, body.id);
      return { id: body.id };
    }),
    implement(roleStatusCall, async ({ db, session, body }) => {
      await setRoleStatus(db, session, body.id, body.status);
      return { id: body.id, status: body.status };
    }),
    implement(roleMenusCall, async ({ db, session, body }) => ({ id: body.id, menuIds: await grantMenus(db, session, body.id, body.menuIds) })),
    implement(roleMenuTreeCall, async ({ db, session }) => ({ list: await menuGrantTree(db, session) })),
    implement(roleDeptTreeCall, async ({ db, session }) => ({ list: await deptGrantTree(db, session) })),
  ];
}
