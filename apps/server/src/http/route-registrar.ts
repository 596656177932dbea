import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_CALLS, isPagedSchema, type CallContract } from '@uc/contracts';
import type { Db } from '../db/client';
import { withTenant, type TenantEpochs } from '../db/tenant-scope';
import { epochReader, noteTransactionAuth, type Session } from '../modules/auth/access';
import type { AuthCache } from '../modules/auth/auth-cache';
import type { SessionPolicy } from '../modules/auth/session.repository';
import { tokenFrom } from '../modules/auth/token';
import { notSignedIn } from '../lib/errors';
import type { OverloadGuard } from '../lib/overload';
import { admit, checkCoverage, checkPermission, requiredPermission } from './pipeline/admit';
import { audit, isAudited, type AuditNote } from './pipeline/audit';
import { cachedCaller, dropStale, markHandled, proveCached, sessionOf, settleAfterWrite, stillCurrent, type Authentication } from './pipeline/authenticate';
import { handle } from './pipeline/handle';
import { RefusalAfterCommit, type CallContext, type CallImplementation } from './pipeline/implement';
import { answer, checkResponse, echoPage, recalled, remember } from './pipeline/serialize';
import { actingTenant, enterCallScope, operate } from './pipeline/tenant-scope';
import { validBody, validQuery } from './pipeline/validate';

export {
  implement,
  implementBatch,
  RefusalAfterCommit,
  type CallContext,
  type CallImplementation,
  type HandlerAnswer,
  type ImplementOptions,
  type RowBody,
} from './pipeline/implement';
export { DEMO_READ_ONLY, PLATFORM_ACTS, PLATFORM_ONLY } from './pipeline/admit';
export { NOT_OPERABLE } from './pipeline/tenant-scope';

/*
 * The request pipeline of every call of the contract catalogue, one stage per file in pipeline/:
 *
 *   authenticate -> admit -> tenant scope -> validate -> handler -> audit -> serialize
 *
 * with the overload guard (lib/overload.ts) around the part that uses the database. Most stages run as
 * one chain of functions inside the route's handler rather than as Fastify hooks, because they share
 * the caller's tenant transaction: a cached session is proven by the epochs that transaction reads,
 * the permission is checked in it, and the write and its audit entry commit together; a hook cannot
 * hold a transaction open for the next one. What needs no transaction is a route-level hook, added
 * only to the routes that need it so the hot path carries none: the answer's check against the
 * contract (preSerialization, tests) and a write's wait for the epoch lease (onSend).
 */

const registered = new WeakMap<FastifyInstance, CallContract[]>();
/** The calls registered on `app` (the route-table tests walk them, so new routes are covered). */
export const registeredCalls = (app: FastifyInstance): readonly CallContract[] => registered.get(app) ?? [];

export interface RegistrarOptions {
  db: Db;
  sessions: SessionPolicy;
  /** Checks every response against the contract's data schema (tests; costs time in production). */
  checkResponses?: boolean;
  /** Sessions, grants and memos kept between calls (checked against auth_epochs on every call). */
  auth?: AuthCache;
  /**
   * Every write to the database is made in this process and its uc_auth notification reaches the
   * cache before the commit returns (PGlite, auth-events.ts): a perCaller answer needs no epoch read.
   */
  inProcessExact?: boolean;
  /** Bounds the calls using the database at once (lib/overload.ts); memo answers pass it by. */
  guard?: OverloadGuard;
}

/** What every route shares. */
interface Pipeline extends Authentication {
  guard?: OverloadGuard;
  checkTranslations: boolean;
}

/** One route: its implementation and what its contract decides, read once at start-up. */
interface Route {
  impl: CallImplementation;
  call: CallContract;
  perCaller: boolean;
  paged: boolean;
  permission: string | undefined;
  audited: boolean;
}

/**
 * Registers exactly the calls of the contract catalogue: a call without an implementation, an
 * implementation without a contract, or two implementations of one call stop start-up.
 */
export function registerCalls(app: FastifyInstance, implementations: CallImplementation[], options: RegistrarOptions): void {
  const byKey = new Map<string, CallImplementation>();
  for (const impl of implementations) {
    const key = `${impl.call.method} ${impl.call.path}`;
    if (byKey.has(key)) throw new Error(`Two implementations of ${key}: keep one`);
    if (impl.options.perCaller && (impl.call.method !== 'GET' || impl.call.access !== 'session'))
      throw new Error(`${key} cannot be perCaller: only GET calls with access 'session' answer from memory`);
    if (!!impl.call.batch !== !!impl.row) throw new Error(`${key}: a batch call is implemented with implementBatch, any other call with implement`);
    if (!ALL_CALLS.includes(impl.call)) throw new Error(`${key} is implemented but not in ALL_CALLS: add its contract to packages/contracts/src/catalogue.ts`);
    byKey.set(key, impl);
  }
  const missing = ALL_CALLS.filter((c) => !byKey.has(`${c.method} ${c.path}`)).map((c) => `${c.method} ${c.path}`);
  if (missing.length > 0) throw new Error(`No implementation for ${missing.join(', ')}: add a handler in apps/server/src/modules`);

  registered.set(
    app,
    [...byKey.values()].map((i) => i.call),
  );
  const epochReads = options.auth && !options.inProcessExact ? epochReader(options.db) : undefined;
  if (epochReads) app.addHook('onClose', async () => epochReads.close());
  const p: Pipeline = {
    db: options.db,
    sessions: options.sessions,
    auth: options.auth,
    epochReads,
    guard: options.guard,
    checkTranslations: !!options.checkResponses,
  };
  for (const impl of byKey.values()) {
    const { call } = impl;
    const route: Route = {
      impl,
      call,
      perCaller: !!impl.options.perCaller,
      paged: isPagedSchema(call.data),
      permission: requiredPermission(call),
      audited: isAudited(call),
    };
    const settle = settleAfterWrite(call, epochReads?.leaseMs);
    app.route({
      method: call.method,
      url: call.path,
      // Browsers never send compressed bodies: no request-decompression hook on every call.
      decompress: false,
      // JSON answers, not documents: the lean API set of security headers (lib/security-headers.ts).
      config: { api: true },
      ...(settle ? { onSend: [settle] } : {}),
      ...(options.checkResponses ? { preSerialization: [checkResponse(call)] } : {}),
      handler: async (req, reply) => {
        if (settle) markHandled(req);
        const token = tokenFrom(req.headers.authorization);
        const data =
          call.access === 'public'
            ? await limited(p, req, reply, () => runInScope(p, route, req, reply, token, undefined, undefined, undefined))
            : await signedIn(p, route, req, reply, token);
        return answer(data, req, reply);
      },
    });
  }
}

/** The overload guard around the part of a call that uses the database. */
const limited = <T>(p: Pipeline, req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> =>
  p.guard ? p.guard.run(req, reply, work) : work();

/** Authentication and tenant scope of a session or permission call, then the rest in that scope. */
async function signedIn(p: Pipeline, route: Route, req: FastifyRequest, reply: FastifyReply, token: string | null): Promise<unknown> {
  const { call } = route;
  const target = actingTenant(req, call);
  let hit = cachedCaller(p, token);
  if (target !== undefined) {
    // Read from the database, not the cache: rare administrative calls, and no epochs to compare yet.
    const session = await sessionOf(p, token);
    if (target !== session.tenantId)
      return limited(p, req, reply, () =>
        operate(p.db, p.auth, call, session, target, (operator, tx) => runInScope(p, route, req, reply, token, operator, tx, undefined)),
      );
  }
  if (hit && route.perCaller) {
    // The answer of a perCaller call is the caller's own, computed in a tenant transaction under these
    // epochs. With current epochs (read in one statement shared with the calls waiting now and sent
    // after this one arrived; or, in process, known from notifications already applied to the cache)
    // it is served without a transaction, as no query runs.
    const now = p.epochReads ? await p.epochReads.epochsOf(hit.session.tenantId) : hit.epochs;
    if (!stillCurrent(p, hit, now)) hit = undefined;
    else {
      const kept = recalled(p.auth!, hit.session, call, now);
      if (kept !== undefined) {
        admit(call, hit.session);
        validQuery(call, req, false);
        return kept;
      }
    }
  }
  const cachedHit = hit;
  return limited(p, req, reply, async () => {
    if (cachedHit) {
      try {
        return await withTenant(p.db, cachedHit.session.tenantId, async (tx, epochs) => {
          proveCached(cachedHit, epochs);
          admit(call, cachedHit.session);
          return runInScope(p, route, req, reply, token, cachedHit.session, tx, epochs);
        });
      } catch (err) {
        dropStale(p, cachedHit, err);
      }
    }
    const session = await sessionOf(p, token);
    admit(call, session);
    return withTenant(p.db, session.tenantId, (tx, epochs) => runInScope(p, route, req, reply, token, session, tx, epochs));
  });
}

/**
 * Inside the call's transaction (none for a public call): the permission, the cross-tenant scope of a
 * platform call, validation, the coverage guard, the handler, the page echo, the memo and the audit.
 */
async function runInScope(
  p: Pipeline,
  route: Route,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string | null,
  session: Session | undefined,
  db: Db | undefined,
  epochs: TenantEpochs | undefined,
): Promise<unknown> {
  const { call } = route;
  const cached = p.auth && epochs ? { cache: p.auth, epochs } : undefined;
  if (cached && db) noteTransactionAuth(db, cached);
  if (session && db) {
    await checkPermission(db, session, route.permission, cached);
    await enterCallScope(db, session, call);
  }
  const body = validBody(call, req);
  const query = validQuery(call, req, true);
  if (session && db) await checkCoverage(db, session, call, body);
  const note: AuditNote = {};
  const ctx: CallContext<unknown, unknown> = {
    query,
    body,
    token,
    get session(): Session {
      if (!session) throw notSignedIn();
      return session;
    },
    get db(): Db {
      if (!db) throw new Error(`${call.path} is public and has no tenant scope: use the system connection`);
      return db;
    },
    auditTarget(value) {
      note.target = String(value);
    },
    auditFields(value) {
      note.fields = [...value];
    },
    req,
    reply,
  };
  let data = await handle(route.impl, ctx, session, db, p.checkTranslations);
  if (data instanceof RefusalAfterCommit) return data;
  if (route.paged) data = echoPage(query, data);
  if (route.perCaller && session && cached) remember(cached, session, call, data);
  if (route.audited && session && db) await audit(db, session, call, body, note, req.ip);
  return data;
}
