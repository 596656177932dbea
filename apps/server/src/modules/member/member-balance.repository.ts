import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { ledgerKind, operateMode, type BalanceChange, type BalanceChangeBody, type LedgerRow, type ListQuery } from '@uc/contracts';
import type { Db } from '../../db/client';
import { memberLedger, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { ledgerListSpec } from './member-ledger.fields';
import { visibleMember } from './member-write.repository';
import { inTransaction } from '../../db/typed';

export type Kind = (typeof ledgerKind)[keyof typeof ledgerKind];
/** An amount as the ledger shows it: balances with 2 decimals, points whole. */
export const money = (kind: Kind, v: string | number) => (kind === ledgerKind.balance ? Number(v).toFixed(2) : String(Math.trunc(Number(v))));

const toChange = (kind: Kind, r: { id: number; userId: number; before: string; after: string; change: string }, replayed: boolean): BalanceChange => ({
  ledgerId: r.id,
  userId: r.userId,
  kind,
  before: money(kind, r.before),
  after: money(kind, r.after),
  change: money(kind, r.change),
  replayed,
});

/** What a change ended as: made (or replayed), its key used for another change, no such user, or too little to deduct. */
export type BalanceOutcome =
  { outcome: 'changed'; change: BalanceChange } | { outcome: 'keyReused' } | { outcome: 'notFound' } | { outcome: 'insufficient'; has: string };

/** The change stored earlier under the body's idempotency key: undefined when none, 'keyReused' when it was another change. */
async function replay(db: Db, session: Session, kind: Kind, body: BalanceChangeBody): Promise<BalanceOutcome | undefined> {
  if (!body.idempotencyKey) return undefined;
  const [row] = await db
    .select()
    .from(memberLedger)
    .where(and(eq(memberLedger.tenantId, session.tenantId), eq(memberLedger.idempotencyKey, body.idempotencyKey)));
  if (!row) return undefined;
  const delta = body.operateMode === operateMode.add ? body.num : -body.num;
  if (row.userId !== body.id || row.kind !== kind || Number(row.change) !== delta) return { outcome: 'keyReused' };
  return { outcome: 'changed', change: toChange(kind, row, true) };
}

/**
 * Adds or deducts in one statement: `SET v = v + delta WHERE v + delta >= 0` is re-checked by the
 * database on the row version it finally updates, so concurrent deductions queue on the row lock and
 * none can take the value below zero or lose another's update. The ledger row is written in the same
 * transaction (a savepoint), so a refused or duplicate change leaves no trace.
 */
export async function applyBalanceChange(db: Db, session: Session, kind: Kind, body: BalanceChangeBody): Promise<BalanceOutcome> {
  const earlier = await replay(db, session, kind, body);
  if (earlier) return earlier;
  const column = kind === ledgerKind.balance ? users.balance : users.integral;
  const delta = body.operateMode === operateMode.add ? body.num : -body.num;
  const deltaSql = kind === ledgerKind.balance ? sql`${delta.toFixed(2)}::numeric` : sql`${delta}::bigint`;
  const target = await visibleMember(db, session, body.id);
  try {
    return await inTransaction(db, async (sp): Promise<BalanceOutcome> => {
      const [updated] = await sp
        .update(users)
        .set(kind === ledgerKind.balance ? { balance: sql`${users.balance} + ${deltaSql}` } : { integral: sql`${users.integral} + ${deltaSql}` })
        .where(and(target, sql`${column} + ${deltaSql} >= 0`))
        .returning({ after: sql<string>`${column}::text`, before: sql<string>`(${column} - ${deltaSql})::text` });
      if (!updated) {
        const [user] = await sp
          .select({ value: sql<string>`${column}::text` })
          .from(users)
          .where(target);
        // Nothing was written: the savepoint ends without a trace.
        return user ? { outcome: 'insufficient', has: money(kind, user.value) } : { outcome: 'notFound' };
      }
      const [row] = await sp
        .insert(memberLedger)
        .values({
          tenantId: session.tenantId,
          userId: body.id,
          kind,
          before: updated.before,
          after: updated.after,
          change: kind === ledgerKind.balance ? delta.toFixed(2) : String(delta),
          operatorId: session.userId,
          operatorName: session.username,
          remark: body.remark,
          idempotencyKey: body.idempotencyKey ?? null,
        })
        .returning();
      return { outcome: 'changed', change: toChange(kind, row!, false) };
    });
  } catch (err) {
    // A concurrent request with the same key won the race: its change stands, this one is undone.
    if (body.idempotencyKey && isUniqueViolation(err, 'member_ledger_idempotency_uq')) {
      const again = await replay(db, session, kind, body);
      if (again) return again;
    }
    throw err;
  }
}

export async function listLedger(db: Db, session: Session, userId: number, q: ListQuery): Promise<ListPage<LedgerRow>> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(await visibleMember(db, session, userId, 'any'));
  if (!user) return { list: [], total: 0, totalExact: true, next: null };
  const where = and(eq(memberLedger.tenantId, session.tenantId), eq(memberLedger.userId, userId), listWhere(ledgerListSpec, q.filter));
  const plan = listPlan(
    ledgerListSpec,
    q,
    [],
    [
      { column: memberLedger.createdAt, desc: true },
      { column: memberLedger.id, desc: true },
    ],
  );
  const rows = await db
    .select({ ...getTableColumns(memberLedger), ...plan.keyFields })
    .from(memberLedger)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, memberLedger, where), (r) => {
    const kind = r.kind as Kind;
    return {
      id: r.id,
      userId: r.userId,
      kind,
      before: money(kind, r.before),
      after: money(kind, r.after),
      change: money(kind, r.change),
      operatorId: r.operatorId,
      operatorName: r.operatorName,
      remark: r.remark,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
