import type { Db } from '../../db/client';
import type { Session } from '../../modules/auth/access';
import { RowRefusal, runBatchRows } from '../batch-rows';
import { RefusalAfterCommit, type CallContext, type CallImplementation } from './implement';

/**
 * The handler stage: the call's handler, or for a batch call each id on its own through the
 * single-row code, audited per row done (batch-rows.ts). A RefusalAfterCommit is returned, not thrown,
 * so the transaction commits; serialize.ts answers it as the error it carries.
 */
export async function handle(
  impl: CallImplementation,
  ctx: CallContext<unknown, unknown>,
  session: Session | undefined,
  db: Db | undefined,
  checkTranslations: boolean,
): Promise<unknown> {
  const { call, row } = impl;
  try {
    if (!row || !session || !db) return await impl.handle(ctx);
    return await runBatchRows(ctx.body as { ids: number[] }, {
      call,
      db,
      session,
      req: ctx.req,
      checkTranslations,
      run: ({ body: rowBody, audit }) =>
        row({
          ...ctx,
          body: rowBody,
          auditTarget: (value) => void (audit.target = String(value)),
          auditFields: (value) => void (audit.fields = [...value]),
          session,
          db,
        }).catch((err: unknown) => {
          throw err instanceof RefusalAfterCommit ? new RowRefusal(err.error, true) : err;
        }),
    });
  } catch (err) {
    if (err instanceof RefusalAfterCommit) return err;
    throw err;
  }
}
