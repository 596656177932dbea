import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { BatchResult, BatchRowResult, CallContract } from '@uc/contracts';
import { hasTranslation, renderMessage } from '@uc/contracts/messages';
import type { Db } from '../db/client';
import { AppError, InvalidInput } from '../lib/errors';
import { uniqueViolationConflict } from '../lib/db-errors';
import { requestLocale } from '../lib/request-locale';
import { zodMessage } from '../lib/zod-message';
import type { Session } from '../modules/auth/access';
import { requireCoverage } from '../modules/member/member-coverage';
import { writeAudit } from '../modules/security/audit-log.repository';

/*
 * The rows of a batch call (packages/contracts/src/batch.ts), run by the route registrar inside the
 * call's one transaction, after the call's permission and its body were checked:
 *
 * - each distinct id, in the order sent, gets a savepoint; in it the coverage guard (a call acting on
 *   users, as the registrar runs it for a single-row call), the row handler (the single-row call's own
 *   function) and the row's audit entry;
 * - a refusal (any AppError a single-row call would answer below 500, or a unique index's clash) rolls
 *   the savepoint back, so the row leaves nothing behind, and is reported in the reader's language;
 * - anything else (a crash, a statement cancelled, a busy server) fails the whole call, which rolls
 *   everything back: the rows done so far are not half-kept behind an error the caller cannot read.
 *
 * The rows done commit with the transaction. Raw savepoints on the call's own transaction object (not
 * drizzle's nested transactions) keep what is tied to that object, such as the cross-tenant secret.
 */

/** A refusal a single-row call would have answered, or undefined for an error that must fail the call. */
export class RowRefusal extends Error {
  constructor(
    readonly error: AppError,
    /** The refusal's writes stand (RefusalAfterCommit): the savepoint is released, not rolled back. */
    readonly keep = false,
  ) {
    super(error.message);
  }
}

const refusalOf = (err: unknown): { error: AppError; keep: boolean } | undefined => {
  if (err instanceof RowRefusal) return { error: err.error, keep: err.keep };
  if (err instanceof AppError && err.statusCode < 500) return { error: err, keep: false };
  const clash = uniqueViolationConflict(err);
  return clash ? { error: clash, keep: false } : undefined;
};

/** One row's context: the handler's body is the single-row body (`id` and the batch body's other fields). */
export interface RowWork {
  body: Record<string, unknown>;
  /** Set by the handler through ctx.auditTarget / auditFields. */
  audit: { target: string; fields: string[] };
}

export interface BatchRowsOptions {
  call: CallContract;
  db: Db;
  session: Session;
  req: FastifyRequest;
  /** Tests: a refusal without a Chinese text fails the call (as the error handler's checkTranslations). */
  checkTranslations: boolean;
  /** Runs the row handler with this row's body and audit record. */
  run: (row: RowWork) => Promise<unknown>;
}

export async function runBatchRows(body: { ids: readonly number[] } & Record<string, unknown>, o: BatchRowsOptions): Promise<BatchResult> {
  const { ids, ...rest } = body;
  const locale = requestLocale(o.req);
  const results: BatchRowResult[] = [];
  for (const id of [...new Set(ids)]) {
    const row: RowWork = { body: { ...rest, id }, audit: { target: String(id), fields: ['id', ...Object.keys(rest)] } };
    await o.db.execute(sql`savepoint uc_batch_row`);
    try {
      if (o.call.actsOnUser === 'ids') await requireCoverage(o.db, o.session, id);
      await o.run(row);
      await writeAudit(o.db, o.session, { action: o.call.path, target: row.audit.target, fields: row.audit.fields, ip: o.req.ip });
      await o.db.execute(sql`release savepoint uc_batch_row`);
      results.push({ id, done: true, status: 200, message: '' });
    } catch (err) {
      const refusal = refusalOf(err);
      await o.db.execute(refusal?.keep ? sql`release savepoint uc_batch_row` : sql`rollback to savepoint uc_batch_row`);
      if (!refusal) throw err;
      if (!refusal.keep) await o.db.execute(sql`release savepoint uc_batch_row`);
      const { error } = refusal;
      let message: string;
      if (error instanceof InvalidInput) message = zodMessage(error.zodError, { root: error.root, locale });
      else {
        if (o.checkTranslations && !hasTranslation(error.message)) {
          throw new Error(`No zh-CN text for this message; add it to packages/contracts/src/messages/zh-CN: ${error.message}`, { cause: err });
        }
        message = renderMessage(error.message, error.params, locale);
      }
      results.push({ id, done: false, status: error.statusCode, message });
    }
  }
  const done = results.filter((r) => r.done).length;
  return { results, done, refused: results.length - done };
}
