import { sql } from 'drizzle-orm';
import { bigint, index, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Tables of the organisation screens (issue 5). Re-exported from schema.ts, so drizzle-kit and the
 * typed client see them like every other table.
 */

/**
 * Every change of a user's balance or points, written in the transaction that changes it. No foreign
 * key to users on purpose: purging a user keeps the money trail.
 */
export const memberLedger = pgTable(
  'member_ledger',
  {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 1 balance, 2 integral (points). */
    kind: smallint('kind').notNull(),
    before: numeric('before', { precision: 16, scale: 2 }).notNull(),
    after: numeric('after', { precision: 16, scale: 2 }).notNull(),
    /** Signed: positive for an addition, negative for a deduction. */
    change: numeric('change', { precision: 16, scale: 2 }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    operatorName: text('operator_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** A client-chosen key: a retried request with the same key is applied once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('member_ledger_user_idx').on(t.tenantId, t.userId, t.createdAt),
    uniqueIndex('member_ledger_idempotency_uq')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);
