import { connect as connectTcp, type Socket } from 'node:net';
import type pg from 'pg';

/*
 * What the connections of the request pool may rely on when DATABASE_URL goes through a pooler in
 * transaction mode (PgBouncer), where each transaction, or each statement outside one, may run on
 * another PostgreSQL session than the one before:
 *
 * - no session state: the timeouts are set in each transaction (SET LOCAL, sent with its BEGIN in one
 *   round trip), not as start-up parameters (PgBouncer refuses those) or a session SET (it would stay on
 *   whichever server connection ran it, for whoever gets that connection next);
 * - no named prepared statements: a statement prepared on one server connection is unknown to the
 *   next (PgBouncer before 1.21 does not track them): every statement goes unnamed;
 * - nothing that needs a session (LISTEN, session advisory locks): those use DATABASE_DIRECT_URL;
 * - cancelling a statement by the connection's cancel key (the CancelRequest of the protocol, which the
 *   pooler passes on to the server connection that runs it), never pg_cancel_backend of the process id
 *   the connection was told: through a pooler that is the pooler's own number, not a backend's.
 *
 * The tenant scope (db/tenant-scope.ts) is set_config(..., true), local to its transaction, anyway.
 */

/** The timeouts every statement of the app runs under (db/client.ts), set per transaction when pooled. */
export interface SessionTimeouts {
  statementTimeoutMs: number;
  idleInTransactionMs: number;
}

/** drizzle opens every transaction with exactly this statement (drizzle-orm/node-postgres/session.js). */
const BEGIN = /^\s*begin\s*;?\s*$/i;

type QueryArgs = unknown[];

/** The same query arguments, changed for a transaction pooler: timeouts with BEGIN, no statement names. */
export function forTransactionPooler(args: QueryArgs, timeouts: SessionTimeouts): QueryArgs {
  const first = args[0];
  if (typeof first === 'string') {
    if (!BEGIN.test(first)) return args;
    return [beginWithTimeouts(timeouts), ...args.slice(1)];
  }
  // A submittable (a cursor, a prepared Query object) is the caller's own business.
  if (!first || typeof first !== 'object' || typeof (first as { submit?: unknown }).submit === 'function') return args;
  const config = first as pg.QueryConfig & { name?: string };
  if (typeof config.text === 'string' && BEGIN.test(config.text) && !(args[1] as unknown[] | undefined)?.length && !config.values?.length) {
    return [{ ...config, name: undefined, text: beginWithTimeouts(timeouts) }, ...args.slice(1)];
  }
  if (config.name) return [{ ...config, name: undefined }, ...args.slice(1)];
  return args;
}

/** `query` (pg.Client's) with its arguments changed by forTransactionPooler. */
export function poolerSafeQuery<F extends (...args: never[]) => unknown>(query: F, timeouts: SessionTimeouts): F {
  return function (this: unknown, ...args: unknown[]) {
    return (query as unknown as (...a: unknown[]) => unknown).apply(this, forTransactionPooler(args, timeouts));
  } as unknown as F;
}

/** BEGIN and the timeouts, local to the transaction it opens: one simple-protocol message. */
export function beginWithTimeouts({ statementTimeoutMs, idleInTransactionMs }: SessionTimeouts): string {
  return `begin; set local statement_timeout = ${Math.trunc(statementTimeoutMs)}; set local idle_in_transaction_session_timeout = ${Math.trunc(idleInTransactionMs)}`;
}

/** Where a connection string connects (TCP host and port, or a Unix socket path). */
export interface ServerAddress {
  host: string;
  port: number;
}

/**
 * Sends PostgreSQL's CancelRequest for the connection whose start-up gave `processId` and `secretKey`
 * (pg.Client's processID and secretKey), to the address that connection was made to: PostgreSQL
 * cancels what that session runs; PgBouncer cancels what the server connection linked to that client
 * runs, if any. Resolves once the other side has closed (it never answers): whether the request went
 * out. Never rejects.
 */
export function sendCancelRequest(address: ServerAddress, processId: number, secretKey: number, timeoutMs = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const packet = Buffer.alloc(16);
    packet.writeInt32BE(16, 0);
    // The cancel request code, 1234 << 16 | 5678.
    packet.writeInt32BE(80877102, 4);
    packet.writeInt32BE(processId | 0, 8);
    packet.writeInt32BE(secretKey | 0, 12);
    const socket: Socket = address.host.startsWith('/')
      ? connectTcp({ path: `${address.host}/.s.PGSQL.${address.port}` })
      : connectTcp({ host: address.host, port: address.port });
    let sent = false;
    const finish = () => {
      socket.destroy();
      resolve(sent);
    };
    socket.setTimeout(timeoutMs, finish);
    socket.once('error', finish);
    socket.once('close', finish);
    // Then wait for the other side to close: PgBouncer drops a cancel whose sender hangs up first
    // (it forwards the request on a connection of its own, and takes our end-of-stream for an abort).
    socket.once('connect', () => socket.write(packet, () => (sent = true)));
  });
}
