import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { idSchema } from './fields';
import { listQuerySchema } from './list-query';

export const operateMode = { add: 1, deduct: 2 } as const;
export const ledgerKind = { balance: 1, integral: 2 } as const;

const body = (num: z.ZodType<number>) =>
  z.object({
    id: idSchema,
    operateMode: z.union([z.literal(1), z.literal(2)], { error: 'operateMode must be one of 1 (add), 2 (deduct)' }),
    num,
    remark: z.string().trim().max(255, 'remark must be at most 255 characters').default(''),
    /** Optional: a retried request with the same key is applied once and answers the first result. */
    idempotencyKey: z.string().trim().min(8, 'idempotencyKey must be 8 to 64 characters').max(64, 'idempotencyKey must be 8 to 64 characters').optional(),
  });

export const addBalanceBody = body(
  z
    .number({ error: 'num must be a number' })
    .positive('num must be greater than 0')
    .max(1e10, 'num must be at most 10000000000')
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'num takes at most two decimal places'),
);
export const addIntegralBody = body(
  z
    .number({ error: 'num must be a number' })
    .int('num must be a whole number')
    .positive('num must be greater than 0')
    .max(1e12, 'num must be at most 1000000000000'),
);
export type BalanceChangeBody = z.output<typeof addBalanceBody>;

export const balanceChangeSchema = z.object({
  ledgerId: z.number().int(),
  userId: z.number().int(),
  kind: z.number().int(),
  before: z.string(),
  after: z.string(),
  change: z.string(),
  /** True when an earlier request with the same idempotency key had already applied it. */
  replayed: z.boolean(),
});
export type BalanceChange = z.infer<typeof balanceChangeSchema>;

export const addBalanceCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/addBalance',
  access: 'permission',
  tag: 'member',
  summary: "Adds to (1) or deducts from (2) a user's balance; never below zero; written to the ledger in the same transaction.",
  body: addBalanceBody,
  data: balanceChangeSchema,
});

export const addIntegralCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/addIntegral',
  access: 'permission',
  tag: 'member',
  summary: "Adds to (1) or deducts from (2) a user's points; never below zero; written to the ledger in the same transaction.",
  body: addIntegralBody,
  data: balanceChangeSchema,
});

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** 1 balance, 2 points. */
  kind: z.number().int(),
  before: z.string(),
  after: z.string(),
  change: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
/** What the ledger list filters and sorts on; the keyword searches the operator and the remark. */
export const LEDGER_LIST_FIELDS = ['id', 'kind', 'change', 'before', 'after', 'operatorId', 'operatorName', 'remark', 'createdAt'] as const;
export const LEDGER_KEYWORD_FIELDS = ['operatorName', 'remark'] as const;

export const ledgerListCall = defineCall({
  method: 'GET',
  path: '/user/admin/member/ledger/list',
  access: 'permission',
  tag: 'member',
  summary: "A user's balance and points changes, newest first unless sorted; filters on the ledger fields.",
  query: listQuerySchema.extend({ userId: idSchema }),
  data: pagedOf(ledgerRowSchema),
});

export const MEMBER_BALANCE_CALLS = [addBalanceCall, addIntegralCall, ledgerListCall] as const;
