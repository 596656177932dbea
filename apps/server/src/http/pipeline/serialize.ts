import type { FastifyReply, FastifyRequest, preSerializationAsyncHookHandler } from 'fastify';
import type { CallContract } from '@uc/contracts';
import type { TenantEpochs } from '../../db/tenant-scope';
import type { Session } from '../../modules/auth/access';
import type { AuthCache } from '../../modules/auth/auth-cache';
import { ok } from '../../lib/envelope';
import { SerializedAnswer } from '../../lib/serialized-answer';
import { zodMessage } from '../../lib/zod-message';
import { RefusalAfterCommit } from './implement';

/*
 * The answer: the list page echo, the memo of a perCaller call, the envelope, and (tests) the check
 * of the answer against the contract.
 */

/** The list mechanism's echo of the page asked for (listQuerySchema gave both their defaults). */
export function echoPage(query: unknown, data: unknown): unknown {
  const { page, pageSize } = query as { page: number; pageSize: number };
  return { ...(data as object), page, pageSize };
}

/**
 * Keeps a perCaller answer under the epochs its transaction read (never fresher). Kept as the
 * answer's bytes: serializing it again on every hit cost more than the lookup.
 */
export function remember(cached: { cache: AuthCache; epochs: TenantEpochs }, session: Session, call: CallContract, data: unknown): void {
  cached.cache.putMemo(session, call.path, cached.epochs, new SerializedAnswer(JSON.stringify(ok(data))));
}

/** The caller's kept answer of a perCaller call under these epochs, if any. */
export const recalled = (auth: AuthCache, session: Session, call: CallContract, epochs: TenantEpochs): SerializedAnswer | undefined =>
  auth.memo<SerializedAnswer>(session, call.path, epochs);

/** What the pipeline's result becomes: a refusal whose writes were committed, kept bytes, or the envelope. */
export function answer(data: unknown, req: FastifyRequest, reply: FastifyReply): unknown {
  if (data instanceof RefusalAfterCommit) throw data.error;
  if (data instanceof SerializedAnswer) return data.send(req, reply);
  return ok(data);
}

/**
 * Tests: every answer of the call checked against its contract's data schema, as a preSerialization
 * hook of the route (costs time in production, so only there when asked for). Refusals (their code is
 * not 0) and kept bytes (not serialized here) pass unchecked, as they always did.
 */
export function checkResponse(call: CallContract): preSerializationAsyncHookHandler<unknown> {
  return async (_req, _reply, payload) => {
    const envelope = payload as { code?: unknown; data?: unknown } | null;
    if (envelope?.code !== 0) return payload;
    const checked = call.data.safeParse(envelope.data);
    if (!checked.success) throw new Error(`Response of ${call.path} breaks its contract: ${zodMessage(checked.error)}`);
    return payload;
  };
}
