import { and, eq, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Session } from '../auth/access';

/**
 * The one condition deciding which users a caller may see and act on. Every member query (list,
 * recycle list, view, edit, status, reset password, delete, restore, purge, balance, ledger) ANDs it
 * in, so the role's data scope (1 all, 2 own department, 3 department and below, 4 custom, 5 self)
 * is added here, once, when the shared data-scope helper lands. Today: the caller's tenant.
 */
export function memberVisibility(session: Pick<Session, 'tenantId' | 'userId' | 'isSuperAdmin'>): SQL {
  return and(eq(users.tenantId, session.tenantId))!;
}
