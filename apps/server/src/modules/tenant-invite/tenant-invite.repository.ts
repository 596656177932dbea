import { type ListQuery, type TenantInviteEditBody, type TenantInviteRow } from '@uc/contracts';
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantInvites, tenantPolicies } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
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

/** An invitation; undefined when there is none. */
export async function findInvite(db: Db, id: number): Promise<TenantInviteRow | undefined> {
  const [row] = await selectRows(db).where(eq(tenantInvites.id, id));
  return row ? toRow(row) : undefined;
}

/** A tenant policy's status; undefined when there is no such policy. */
export async function policyStatus(db: Db, policyId: number): Promise<number | undefined> {
  const [policy] = await db.select({ status: tenantPolicies.status }).from(tenantPolicies).where(eq(tenantPolicies.id, policyId));
  return policy?.status;
}

/** A code people can read out and type: 12 characters of an alphabet without 0/O and 1/I/L. */
export function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * Inserts (no id) or updates an unused invitation: its id; 'usedMeanwhile' when the row was used since
 * it was read (a used invitation is never rewritten); 'codeTaken' when the unique code index refused it.
 */
export async function writeInvite(
  db: Db,
  creator: { userId: number; username: string },
  body: TenantInviteEditBody,
): Promise<number | 'usedMeanwhile' | 'codeTaken'> {
  const { id, code, ...values } = body;
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
            .where(and(eq(tenantInvites.id, id), eq(tenantInvites.used, false)))
            .returning({ id: tenantInvites.id });
    return saved ? saved.id : 'usedMeanwhile';
  } catch (err) {
    if (isUniqueViolation(err, 'tenant_invites_code_uq')) return 'codeTaken';
    throw err;
  }
}

/** Deletes an invitation; false when there was none. */
export async function removeInvite(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(tenantInvites).where(eq(tenantInvites.id, id)).returning({ id: tenantInvites.id });
  return removed.length > 0;
}
