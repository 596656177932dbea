import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BatchResult, CallContract } from '@uc/contracts';
import type { Db } from '../../db/client';
import type { Session } from '../../modules/auth/access';
import type { AppError } from '../../lib/errors';

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
