import { Status, type ListQuery, type TenantInviteEditBody, type TenantInviteRow } from '@uc/contracts';
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantInvites, tenantPolicies } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import { tenantInviteListSpec } from './tenant-invite.fields';

/*
 * Invitations are the platform's own records (no tenant_id): the calls that reach this file are
 * platform-only (contract flag platformOnly, checked by the route registrar) and run cross-tenant,
 * the only transactions their row-level security shows them to (tenant-invite.routes.ts).
 */

const columns = {
  id: tenantInvites.id,
  title: tenantInvites.title,
  companyName: tenantInvites.companyName,
  policyId: tenantInvites.policyId,
  policyTitle: sql<string>`coalesce(${tenantPolicies.title}, '')`,
  code: tenantInvites.code,
  creatorUsername: tenantInvites.creatorUsername,
  used: tenantInvites.used,
  usedUserId: tenantInvites.usedUserId,
  usedUsername: tenantInvites.usedUsername,
  usedAt: tenantInvites.usedAt,
  createdAt: tenantInvites.createdAt,
  updatedAt: tenantInvites.updatedAt,
};
type Raw = Omit<TenantInviteRow, 'usedAt' | 'createdAt' | 'updatedAt'> & { usedAt: Date | null; createdAt: Date; updatedAt: Date };
const toRow = (r: Raw): TenantInviteRow => ({
  ...r,
  usedAt: r.usedAt ? r.usedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const missing = () => notFound('The invitation does not exist: it may have been deleted; reload the list');
const selectRows = (db: Db) => db.select(columns).from(tenantInvites).leftJoin(tenantPolicies, eq(tenantPolicies.id, tenantInvites.policyId));

export async function listInvites(db: Db, q: ListQuery): Promise<ListPage<TenantInviteRow>> {
  const where = listWhere(tenantInviteListSpec, q.filter);
  const plan = listPlan(tenantInviteListSpec, q, [{ field: 'createdAt', desc: true }], [{ column: tenantInvites.id, desc: true }]);
  const rows = await db
    .select({ ...columns, ...plan.keyFields })
    .from(tenantInvites)
    .leftJoin(tenantPolicies, eq(tenantPolicies.id, tenantInvites.policyId))
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, tenantInvites, where), toRow);
}

export async function getInvite(db: Db, id: number): Promise<TenantInviteRow> {
  const [row] = await selectRows(db).where(eq(tenantInvites.id, id));
  if (!row) throw missing();
  return toRow(row);
}

/** A code people can read out and type: 12 characters of an alphabet without 0/O and 1/I/L. */
export function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export async function saveInvite(db: Db, creator: { userId: number; username: string }, body: TenantInviteEditBody): Promise<TenantInviteRow> {
  const { id, code, ...values } = body;
  const [policy] = await db.select({ status: tenantPolicies.status }).from(tenantPolicies).where(eq(tenantPolicies.id, values.policyId));
  if (!policy) throw badRequest('policyId: the tenant policy does not exist: choose one of the list');
  if (policy.status !== Status.enabled) throw badRequest('policyId: the tenant policy is disabled: enable it or choose another');
  if (id !== undefined && (await getInvite(db, id)).used) {
    throw conflict('This invitation was already used and is kept as the record of who used it: make a new one instead');
  }
  const taken = () => conflict('code: the invitation code "{code}" is already used by another invitation: choose another, or leave it empty', { code });
  try {
    const [saved] =
      id === undefined
        ? await db
            .insert(tenantInvites)
            .values({ ...values, code: code || newInviteCode(), creatorId: creator.userId, creatorUsername: creator.username })
            .returning({ id: tenantInvites.id })
        : await db
            .update(tenantInvites)
            .set({ ...values, ...(code ? { code } : {}), updatedAt: sql`now()` })
            // The row may have been used since it was read: never rewrite a used invitation.
            .where(and(eq(tenantInvites.id, id), eq(tenantInvites.used, false)))
            .returning({ id: tenantInvites.id });
    if (!saved) throw conflict('This invitation was used a moment ago: make a new one instead');
    return getInvite(db, saved.id);
  } catch (err) {
    if (isUniqueViolation(err, 'tenant_invites_code_uq')) throw taken();
    throw err;
  }
}

export async function deleteInvite(db: Db, id: number): Promise<void> {
  const removed = await db.delete(tenantInvites).where(eq(tenantInvites.id, id)).returning({ id: tenantInvites.id });
  if (removed.length === 0) throw missing();
}
