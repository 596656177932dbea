import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Session } from '../auth/access';
import { dataScopeCondition } from '../scope/data-scope';

/*
 * What data scope means for the logs and the live sessions (登录日志, 操作日志, 在线用户): a row is
 * about a user (who signed in, who wrote, whose session), and it is read by whoever may see that user in
 * the user list. So a department administrator reads the sign-ins, writes and sessions of the users of
 * the departments his roles reach (and his own), scope "all" reads the whole tenant, and rows without a
 * known user (a user name that matched nobody) only scope "all" reads. Tenant isolation is row-level
 * security's, as for every list: this only narrows within the tenant.
 *
 * The platform reads every tenant's rows (as its lists of every tenant's users do, whatever its own
 * departments): its data scope narrows only its own tenant's rows, and the sign-ins no tenant owns
 * (unknown user names) are its to read.
 */

/**
 * The rows of a log (`tenantId`, `userId` columns) the caller reads: a tenant's caller, their tenant's
 * (written out although row-level security says the same: the policy's "own tenant or cross-tenant"
 * is no condition an index can serve, and a small tenant's rows among millions are then found by
 * reading them all), narrowed to their data scope; the platform, every tenant's (undefined when its
 * scope is all).
 */
export async function logScope(db: Db, session: Session, columns: { tenantId: AnyPgColumn; userId: AnyPgColumn }): Promise<SQL | undefined> {
  const scope = await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id });
  const visible = scope && sql`${columns.userId} in (select ${users.id} from ${users} where ${users.tenantId} = ${session.tenantId} and ${scope})`;
  if (session.tenantIsPlatform) return visible && sql`(${columns.tenantId} is distinct from ${session.tenantId} or ${visible})`;
  const own = sql`${columns.tenantId} = ${session.tenantId}`;
  return visible ? sql`(${own} and ${visible})` : own;
}
