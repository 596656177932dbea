import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ALL_CALLS,
  TENANT_ACT_PERMISSION,
  TENANT_HEADER,
  TENANT_OPERABLE_CALLS,
  isPagedSchema,
  permissionOf,
  type BatchResult,
  type CallContract,
} from '@uc/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/typed';
import { enterCrossTenant, withTenant, type TenantEpochs } from '../db/tenant-scope';
import { cachedSession, epochReader, noteTransactionAuth, requirePermission, requireSession, type Session } from '../modules/auth/access';
import { sameEpochs, type AuthCache } from '../modules/auth/auth-cache';
import type { SessionPolicy } from '../modules/auth/session.repository';
import { tokenFrom } from '../modules/auth/token';
import { writeAudit } from '../modules/security/audit-log.repository';
import { requireCoverage } from '../modules/member/member-coverage';
import { RowRefusal, runBatchRows } from './batch-rows';
import { ok } from '../lib/envelope';
import { InvalidInput, badRequest, forbidden, notFound, notSignedIn, type AppError } from '../lib/errors';
import { refuseNul } from '../lib/nul-guard';
import { SerializedAnswer } from '../lib/serialized-answer';
import type { OverloadGuard } from '../lib/overload';
import { PARSE_OPTIONS, zodMessage } from '../lib/zod-message';

/** What a call handler gets: validated input, the caller, the raw request. */
export interface CallContext<Q, B> {
  query: Q;
  body: B;
  /** The presented token (null when none), for calls that act on it such as logout. */
  token: string | null;
  /** The signed-in caller; only session and permission calls have one (a public call gets a 61). */
  readonly session: Session;
  /**
   * The caller's tenant-scoped transaction (withTenant: uc_app, row-level security on), for session
   * and permission calls. Public calls have none: they use the system connection of their module.
   */
  readonly db: Db;
  /** Names the record an administrative write acted on, for the audit log (default: the body's id). */
  auditTarget(target: string | number): void;
  /** The fields the audit log lists for this write (default: every field of the body), such as the ones it changed. */
  auditFields(fields: readonly string[]): void;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface CallImplementation {
  call: CallContract;
  handle: (ctx: CallContext<unknown, unknown>) => Promise<unknown>;
  options: ImplementOptions;
  /** A batch call's handler of one row (implementBatch): the registrar runs it for each id (batch-rows.ts). */
  row?: (ctx: CallContext<unknown, unknown>) => Promise<unknown>;
}

export interface ImplementOptions {
  /**
   * The answer depends on the caller alone, and only on what auth_epochs covers (drizzle/0020: the
   * user, the tenant, roles, grants, menus), not on the input: it is kept per caller and, while the
   * epochs stay the same, answered from memory (GET calls of signed-in callers only).
   */
  perCaller?: boolean;
}

/**
 * What a handler answers for its call: a page of a list (pagedOf) without `page` and `pageSize`, which
 * the registrar copies from the query into every such answer.
 */
export type HandlerAnswer<T> = T extends { list: unknown[]; page: number; pageSize: number } ? Omit<T, 'page' | 'pageSize'> : T;

/** Pairs a contract with its handler; the handler's input and output types come from the contract. */
export function implement<Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  call: CallContract<Q, B, D>,
  handle: (ctx: CallContext<z.output<Q>, z.output<B>>) => Promise<HandlerAnswer<z.input<D>>>,
  options: ImplementOptions = {},
): CallImplementation {
  return { call: call as unknown as CallContract, handle: handle as CallImplementation['handle'], options };
}

/** The body a batch call's row handler gets: the batch body's fields with `id` (one of `ids`) in place of `ids`. */
export type RowBody<B> = Omit<B, 'ids'> & { id: number };

/**
 * Pairs a batch call (defineBatchCall) with the handler of one row, which gets the single-row body
 * (`{ id, ...the other fields }`): the single-row call's own function, so each row is checked and
 * refused exactly as that call would be. The registrar runs it per id, each in a savepoint, with the
 * coverage guard of a call acting on users and an audit entry per row done (batch-rows.ts).
 */
export function implementBatch<B extends z.ZodType>(
  call: CallContract<z.ZodType, B, z.ZodType<BatchResult>>,
  row: (ctx: CallContext<unknown, RowBody<z.output<B>>>) => Promise<unknown>,
): CallImplementation {
  if (!call.batch) throw new Error(`${call.path} is not a batch call: use implement()`);
  return {
    call: call as unknown as CallContract,
    handle: () => Promise.reject(new Error(`${call.path} is a batch call: its rows are run by the registrar`)),
    options: {},
    row: row as CallImplementation['row'],
  };
}

function parse(schema: z.ZodType | undefined, value: unknown, part: 'body' | 'query'): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {}, PARSE_OPTIONS);
  if (!result.success) throw new InvalidInput(result.error, part);
  return result.data;
}

const auditTargetOf = (body: unknown): string => {
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
};
const fieldsOf = (body: unknown): string[] => (body && typeof body === 'object' ? Object.keys(body) : []);

export const DEMO_READ_ONLY = 'The demo account is read-only';
export const PLATFORM_ONLY = 'Only the platform administrators manage tenants, their policies and invitations: ask them';

export const NOT_OPERABLE = 'This call cannot be made inside another tenant: leave out the {header} header';
export const PLATFORM_ACTS = 'Only the platform administrators act inside other tenants: leave out the {header} header';

/**
 * The tenant a platform administrator asks to act in (TENANT_HEADER), when it is not their own;
 * undefined without the header. Who may is checked by the caller (signedIn below).
 */
function actingTenant(req: FastifyRequest, call: CallContract): number | undefined {
  const raw = req.headers[TENANT_HEADER.toLowerCase()];
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[1-9][0-9]{0,15}$/.test(value ?? '')) throw badRequest('The {header} header must be a tenant id', { header: TENANT_HEADER });
  if (!TENANT_OPERABLE_CALLS.has(call)) throw badRequest(NOT_OPERABLE, { header: TENANT_HEADER });
  return Number(value);
}

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

/** A cached session whose epochs moved: the call starts again from the database. */
class StaleSession extends Error {}

/**
 * A refusal whose writes must stand: thrown by a handler, it commits the call's transaction and then
 * answers `error`. For counters that guard guessing (a wrong SMS code or password is counted, and a
 * rollback would give the guess back); the handler must not have written anything else by then.
 */
export class RefusalAfterCommit extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
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
  for (const { call, handle, row, options: how } of byKey.values()) {
    const paged = isPagedSchema(call.data);
    app.route({
      method: call.method,
      url: call.path,
      // Browsers never send compressed bodies: no request-decompression hook on every call.
      decompress: false,
      // JSON answers, not documents: the lean API set of security headers (lib/security-headers.ts).
      config: { api: true },
      handler: async (req, reply) => {
        const token = tokenFrom(req.headers.authorization);
        const auth = options.auth;
        const guard = options.guard;
        const limited = <T>(work: () => Promise<T>): Promise<T> => (guard ? guard.run(req, reply, work) : work());
        // Who may call comes before what they sent: strangers learn nothing from validation messages.
        const admit = (session: Session) => {
          // The demo account looks but never changes anything: one rule here, for every call.
          if (session.readOnly && call.method !== 'GET') throw forbidden(DEMO_READ_ONLY);
          if (call.platformOnly && !session.tenantIsPlatform) throw forbidden(PLATFORM_ONLY);
        };
        const run = async (session: Session | undefined, db: Db | undefined, epochs: TenantEpochs | undefined) => {
          const cached = auth && epochs ? { cache: auth, epochs } : undefined;
          if (cached && db) noteTransactionAuth(db, cached);
          // An operator's permission was checked in their own tenant (operate below).
          if (session && !session.operator && call.access === 'permission') await requirePermission(db!, session, permissionOf(call), cached);
          refuseNul(req.body, 'body');
          refuseNul(req.query, 'query');
          const body = parse(call.body, req.body, 'body');
          // One guard for every call that acts on a user: nobody acts on an account stronger than their own.
          const targetUser = call.actsOnUser === true ? (body as { id?: number }).id : undefined;
          if (session && db && targetUser !== undefined) await requireCoverage(db, session, targetUser);
          let target = auditTargetOf(body);
          let fields = fieldsOf(body);
          const ctx: CallContext<unknown, unknown> = {
            query: parse(call.query, req.query, 'query'),
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
              target = String(value);
            },
            auditFields(value) {
              fields = [...value];
            },
            req,
            reply,
          };
          let data: unknown;
          try {
            data =
              row && session && db
                ? // A batch call: each id on its own, through the single-row code, audited per row done.
                  await runBatchRows(body as { ids: number[] }, {
                    call,
                    db,
                    session,
                    req,
                    checkTranslations: !!options.checkResponses,
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
                  })
                : await handle(ctx);
          } catch (err) {
            // Returned, not thrown, so the transaction commits; answered as the error below.
            if (err instanceof RefusalAfterCommit) return err;
            throw err;
          }
          if (paged) {
            // The list mechanism's echo of the page asked for (listQuerySchema gave both their defaults).
            const { page, pageSize } = ctx.query as { page: number; pageSize: number };
            data = { ...(data as object), page, pageSize };
          }
          // Computed after the epochs were read (same transaction): stored under them, never fresher.
          // Kept as the answer's bytes: serializing it again on every hit cost more than the lookup.
          if (how.perCaller && session && cached) cached.cache.putMemo(session, call.path, cached.epochs, new SerializedAnswer(JSON.stringify(ok(data))));
          // Every administrative write is audited, in the same transaction as the write itself.
          if (session && db && call.access === 'permission' && call.method !== 'GET' && !call.batch) {
            await writeAudit(db, session, { action: call.path, target, fields, ip: req.ip });
          }
          return data;
        };
        const target = call.access === 'public' ? undefined : actingTenant(req, call);
        /**
         * A platform administrator's call inside another tenant: admitted and checked in their own
         * tenant (the call's permission and TENANT_ACT_PERMISSION), then run in the target tenant's
         * scope, with row-level security for that tenant, as its operator (Session.operator).
         */
        const operate = async (session: Session, tenantId: number): Promise<unknown> => {
          await withTenant(options.db, session.tenantId, async (tx, epochs) => {
            admit(session);
            if (!session.tenantIsPlatform) throw forbidden(PLATFORM_ACTS, { header: TENANT_HEADER });
            const cached = auth ? { cache: auth, epochs } : undefined;
            await requirePermission(tx, session, permissionOf(call), cached);
            await requirePermission(tx, session, TENANT_ACT_PERMISSION, cached);
            await enterCrossTenant(tx, session);
            const [found] = await rowsOf<{ is_platform: boolean }>(tx, sql`select is_platform from tenants where id = ${tenantId}`);
            if (!found) throw notFound('The tenant does not exist: it may have been deleted; reload the list');
          });
          const operator: Session = { ...session, tenantId, tenantIsPlatform: false, isSuperAdmin: false, operator: true };
          return withTenant(options.db, tenantId, (tx) => run(operator, tx, undefined));
        };
        const signedIn = async (): Promise<unknown> => {
          // A cached session counts only if the epochs its transaction reads are the ones it was read
          // under: any revocation committed since (logout, disable, role change, ...) moved them.
          let hit = auth ? cachedSession(auth, token) : undefined;
          if (target !== undefined) {
            // Read from the database, not the cache: rare administrative calls, and no epochs to compare yet.
            const session = await requireSession(options.db, token, options.sessions, auth);
            if (target !== session.tenantId) return limited(() => operate(session, target));
          }
          if (hit && how.perCaller) {
            // The answer of a perCaller call is the caller's own, computed in a tenant transaction
            // under these epochs. With current epochs (read in one statement shared with the calls
            // waiting now and sent after this one arrived; or, in process, known from notifications
            // already applied to the cache) it is served without a transaction, as no query runs.
            const now = epochReads ? await epochReads.epochsOf(hit.session.tenantId) : hit.epochs;
            if (!sameEpochs(hit.epochs, now)) {
              // Something was revoked or changed in the tenant since: read the session again.
              auth!.dropSession(hit.tokenHash);
              hit = undefined;
            } else {
              const answer = auth!.memo<SerializedAnswer>(hit.session, call.path, now);
              if (answer !== undefined) {
                admit(hit.session);
                refuseNul(req.query, 'query');
                parse(call.query, req.query, 'query');
                return answer;
              }
            }
          }
          const cachedHit = hit;
          return limited(async () => {
            if (cachedHit) {
              try {
                return await withTenant(options.db, cachedHit.session.tenantId, async (tx, epochs) => {
                  if (!sameEpochs(cachedHit.epochs, epochs)) throw new StaleSession();
                  admit(cachedHit.session);
                  return run(cachedHit.session, tx, epochs);
                });
              } catch (err) {
                if (!(err instanceof StaleSession)) throw err;
                auth!.dropSession(cachedHit.tokenHash);
              }
            }
            const session = await requireSession(options.db, token, options.sessions, auth);
            admit(session);
            return withTenant(options.db, session.tenantId, (tx, epochs) => run(session, tx, epochs));
          });
        };
        // A write may have revoked something (logout, disable, role change...): it answers only once
        // the epoch reads other servers may still be using have run out (EpochReader's lease), so the
        // client's next call, on whichever server, sees the change. Refusals too: one may follow a commit.
        const settle = call.method !== 'GET' && epochReads?.leaseMs ? epochReads.leaseMs : 0;
        let data: unknown;
        try {
          data = call.access === 'public' ? await limited(() => run(undefined, undefined, undefined)) : await signedIn();
        } finally {
          if (settle) await delay(settle);
        }
        if (data instanceof RefusalAfterCommit) throw data.error;
        if (data instanceof SerializedAnswer) return data.send(req, reply);
        if (options.checkResponses) {
          const checked = call.data.safeParse(data);
          if (!checked.success) throw new Error(`Response of ${call.path} breaks its contract: ${zodMessage(checked.error)}`);
        }
        return ok(data);
      },
    });
  }
}
