import { setTimeout as delay } from 'node:timers/promises';
import type { onSendAsyncHookHandler } from 'fastify';
import type { CallContract } from '@uc/contracts';
import type { Db } from '../../db/client';
import type { TenantEpochs } from '../../db/tenant-scope';
import { cachedSession, requireSession, type Session } from '../../modules/auth/access';
import { sameEpochs, type AuthCache, type EpochReader } from '../../modules/auth/auth-cache';
import type { SessionPolicy } from '../../modules/auth/session.repository';

/*
 * Authentication, the pipeline's first stage: who the caller is. A session comes from the cache or
 * from the database (requireSession, on the system connection); a cached one is only trusted under
 * the auth epochs it was read under, which are proven in the caller's tenant transaction
 * (proveCached) or, for an answer from memory, by a read of the epochs themselves (stillCurrent).
 */

export interface Authentication {
  db: Db;
  sessions: SessionPolicy;
  /** Sessions, grants and memos kept between calls (checked against auth_epochs on every call). */
  auth?: AuthCache;
  /** Epoch reads for answers from memory, shared by the calls waiting at once (absent in process: PGlite). */
  epochReads?: EpochReader;
}

/** A session as the cache holds it, with the epochs it was read under. */
export type CachedCaller = NonNullable<ReturnType<typeof cachedSession>>;

/** A cached session whose epochs moved: the call starts again from the database. */
export class StaleSession extends Error {}

/** The caller as the cache knows them, not yet proven current. */
export const cachedCaller = (a: Authentication, token: string | null): CachedCaller | undefined => (a.auth ? cachedSession(a.auth, token) : undefined);

/** The caller's session read from the database; refuses (61) a missing, expired or revoked token. */
export const sessionOf = (a: Authentication, token: string | null): Promise<Session> => requireSession(a.db, token, a.sessions, a.auth);

/**
 * Inside the caller's tenant transaction: a cached session counts only if the epochs the transaction
 * read are the ones it was read under; any revocation committed since (logout, disable, role change,
 * ...) moved them.
 */
export function proveCached(hit: CachedCaller, epochs: TenantEpochs): void {
  if (!sameEpochs(hit.epochs, epochs)) throw new StaleSession();
}

/** After proveCached refused: the session leaves the cache (and the call reads it again); other errors go on. */
export function dropStale(a: Authentication, hit: CachedCaller, err: unknown): void {
  if (!(err instanceof StaleSession)) throw err;
  a.auth?.dropSession(hit.tokenHash);
}

/**
 * Without a transaction (an answer from memory): are `now`'s epochs those the session was read under?
 * When not, something was revoked or changed in the tenant since, and the session leaves the cache.
 */
export function stillCurrent(a: Authentication, hit: CachedCaller, now: TenantEpochs): boolean {
  if (sameEpochs(hit.epochs, now)) return true;
  a.auth?.dropSession(hit.tokenHash);
  return false;
}

/**
 * A write may have revoked something (logout, disable, role change...): it answers only once the
 * epoch reads other servers may still be using have run out (EpochReader's lease), so the client's
 * next call, on whichever server, sees the change. Refusals too: one may follow a commit. An onSend
 * hook of the write's route, so reads and servers without a lease carry no hook at all.
 */
export function settleAfterWrite(call: CallContract, leaseMs: number | undefined): onSendAsyncHookHandler | undefined {
  if (call.method === 'GET' || !leaseMs) return undefined;
  return async (req, _reply, payload) => {
    if (handled.has(req)) await delay(leaseMs);
    return payload;
  };
}

/**
 * Requests whose route handler ran (markHandled, first thing in it). A write refused before its
 * handler (a body that cannot be read, too large, of the wrong type) committed nothing: it answers at
 * once, as it did when the wait was the handler's own (the call fuzz sends thousands of them).
 */
const handled = new WeakSet<object>();
export const markHandled = (req: object): void => void handled.add(req);
