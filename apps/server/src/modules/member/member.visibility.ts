import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Session } from '../auth/access';
import { dataScopeCondition } from '../scope/data-scope';

/**
 * The one condition deciding which users a caller may see and act on: their tenant, narrowed by the
 * data scope of their roles (1 all, 2 own department, 3 department and below, 4 custom, 5 self; the
 * union over several roles). Every member query (list, recycle list, view, edit, status, reset
 * password, delete, restore, purge, balance, ledger, force logout) ANDs it in.
 */
export async function memberVisibility(db: Db, session: Session): Promise<SQL> {
  return (await memberReach(db, session)).visible;
}

/** memberVisibility, and whether it is the whole tenant (no data scope narrows it). */
export async function memberReach(db: Db, session: Session): Promise<{ visible: SQL; wholeTenant: boolean }> {
  const scope = await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id });
  return { visible: and(eq(users.tenantId, session.tenantId), scope)!, wholeTenant: scope === undefined };
}

/** Whether user `id` is a live user the caller may see and act on (memberVisibility); outside it is the same as not there. */
export async function isVisibleMember(db: Db, session: Session, id: number): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), await memberVisibility(db, session)));
  return user !== undefined;
}
