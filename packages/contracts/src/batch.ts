import { z } from 'zod';
import { defineCall, permissionOf, type CallContract } from './define-call';
import { idSchema } from './fields';
import { MAX_PAGE_SIZE } from './list-query';

/*
 * Batch actions: the rows chosen on a list (users, departments, posts, notices) acted on by one call
 * per action. The server takes each id on its own, in a savepoint of the call's one transaction, through
 * the very function the single-row call uses (and, for a call acting on users, the same coverage guard),
 * so a row is refused exactly when the single-row call would refuse it, with the same words. A refused
 * row leaves no trace (its savepoint is rolled back); the rows done commit together, each with its own
 * audit entry. The answer lists every row: done, or refused and why, in the reader's language.
 */

/**
 * The most ids one batch call takes: the largest page a list shows (MAX_PAGE_SIZE), so every row of a
 * page goes in one call. The bound keeps one call's transaction short: each row costs what its
 * single-row call costs (a user's status: about ten statements), the transaction holds its row locks and
 * one of the server's request slots until it ends, and the whole must stay well inside the latency budget.
 * A longer selection (rows of several pages) is sent by the console in calls of this size, with progress.
 */
export const BATCH_MAX_IDS = MAX_PAGE_SIZE;

export const batchIdsSchema = z
  .array(idSchema, { error: 'The selection must be a list of record IDs' })
  .min(1, 'Choose at least one row')
  .max(BATCH_MAX_IDS, `At most ${BATCH_MAX_IDS} rows at once: send the rest in another call`);

export const batchRowResultSchema = z.object({
  id: z.number().int(),
  /** True: the row was acted on. False: refused, and nothing of it was written. */
  done: z.boolean(),
  /** The HTTP status the single-row call would have answered: 200 when done, else 400, 403, 404, 409... */
  status: z.number().int(),
  /** Why the row was refused, in the reader's language (the single-row call's refusal); '' when done. */
  message: z.string(),
});
export type BatchRowResult = z.infer<typeof batchRowResultSchema>;

export const batchResultSchema = z.object({
  /** One entry per distinct id, in the order sent. */
  results: z.array(batchRowResultSchema),
  done: z.number().int(),
  refused: z.number().int(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

/** What a batch call's body holds besides `ids`: the single-row call's other fields. */
type Extra = Record<string, z.ZodType>;
type BatchBody<E extends Extra> = z.ZodObject<{ ids: typeof batchIdsSchema } & E>;

/**
 * A batch call of the action `of` (the single-row call whose permission it needs and whose code acts on
 * each row): POST, body `{ ids, ...extra }`, answer BatchResult. A call acting on users (`of.actsOnUser`)
 * runs the coverage guard on every row.
 */
export function defineBatchCall<E extends Extra = Record<never, never>>(c: {
  /** The single-row call: its permission is this call's, its tag too. */
  of: CallContract;
  path: string;
  summary: string;
  extra?: E;
}): CallContract<z.ZodNever, BatchBody<E>, typeof batchResultSchema> {
  return defineCall<typeof batchResultSchema, z.ZodNever, BatchBody<E>>({
    method: 'POST',
    path: c.path,
    access: 'permission',
    permission: permissionOf(c.of),
    ...(c.of.actsOnUser ? { actsOnUser: 'ids' as const } : {}),
    batch: true,
    tag: c.of.tag,
    summary: c.summary,
    body: z.object({ ids: batchIdsSchema, ...(c.extra ?? ({} as E)) }) as BatchBody<E>,
    data: batchResultSchema,
  });
}
