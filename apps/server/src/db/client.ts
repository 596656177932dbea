import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
// Trigram indexes for list search (drizzle/0019_list_scale.sql).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { serverRoot } from '../lib/server-root';
import { poolerSafeQuery, sendCancelRequest, type ServerAddress } from './pooler';
import { namingQuery } from './prepared-statements';
import * as schema from './schema';
import { StatementTimings, timedQuery } from './statement-timings';

export type Schema = typeof schema;
/** The drizzle database (or a transaction of it): the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up log (no password). */
  location: string;
  /** Closes the connections; PGlite flushes its files so the data directory is never left corrupt. */
  close(): Promise<void>;
  /** Runs `fn` holding the database-wide start-up lock (migrations and seed of concurrent instances). */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Connections that can run statements at once: the request concurrency is sized from it (lib/overload.ts). */
  connections: number;
  /**
   * Cancels the statements running for `owner` (its HTTP client went away); resolves to how many it
   * cancelled. PGlite runs a statement synchronously on the main thread, so there is nothing left to
   * cancel by the time anyone could ask: 0.
   */
  cancelQueries(owner: QueryOwner): Promise<number>;
  /** How long each SQL statement this process sent took, for the monitor (start-up's excluded). */
  statements: StatementTimings;
  /**
   * PostgreSQL: a new, unconnected client of a session straight to PostgreSQL (DATABASE_DIRECT_URL, or
   * DATABASE_URL), for what needs one: LISTEN (modules/auth/auth-events.ts, modules/notice/notice-events.ts).
   */
  sessionClient?: () => pg.Client;
}

export interface DatabaseOptions {
  /** STATEMENT_TIMEOUT_MS: PostgreSQL cancels a longer statement (error 57014); start-up is exempt. */
  statementTimeoutMs?: number;
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself, when `url` is a pooler in transaction mode (PgBouncer).
   * Then the pool keeps nothing on its connections between transactions (db/pooler.ts), and LISTEN
   * and the start-up lock use this one.
   */
  directUrl?: string;
}

/**
 * The database connections one HTTP request is using, so its statements can be cancelled when its
 * client disconnects. lib/overload.ts runs each API request inside `runAsQueryOwner`; the pool below
 * notes which connection a statement was sent on and forgets it when the connection goes back.
 */
export class QueryOwner {
  readonly connections = new Set<pg.Client>();
}
const currentOwner = new AsyncLocalStorage<QueryOwner>();
export const runAsQueryOwner = <T>(owner: QueryOwner, fn: () => T): T => currentOwner.run(owner, fn);

/*
 * PGlite's memory (measured with bench/memory.ts): the WebAssembly heap holds PostgreSQL's shared
 * buffers, 128 MB by default; 16 MB is plenty for a user centre's working set and keeps the heap at
 * its 128 MiB minimum. And creating a new data directory runs initdb, whose memory the process keeps
 * (about 400 MiB more RSS for as long as it runs, closing PGlite does not give it back), so a new
 * directory is created by a short child process and the server only ever opens an existing one.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Creates the PGlite data directory `dataDir` (initdb) in a child process that exits afterwards. */
async function initPgliteDir(dataDir: string): Promise<void> {
  const pglite = createRequire(join(serverRoot(), 'package.json')).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dataDir)}).then((db) => db.close())`;
  await promisify(execFile)(process.execPath, ['-e', script], { maxBuffer: 16 * 1024 * 1024 }).catch((err: Error & { stderr?: string }) => {
    throw new Error(
      `Cannot create the embedded database in ${dataDir}: ${err.stderr?.trim() || err.message}. Check that DATA_DIR is writable and has free space`,
    );
  });
}

/**
 * Embedded PGlite: file-backed in `dataDir`, or in memory when `dataDir` is undefined (tests). In
 * memory, `loadDataDir` (a tarball of PGlite's dumpDataDir) starts it as a copy of that database
 * instead of an empty one: the tests' migrated and seeded template (src/test/template-database.ts).
 */
export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initPgliteDir(dataDir);
  }
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  const statements = new StatementTimings();
  // drizzle sends a statement through client.query, or inside a transaction through the query of the
  // object PGlite hands the transaction's function (which does not go through client.query).
  client.query = timedQuery(client.query.bind(client), statements) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<typeof transaction>[0]) =>
    transaction((tx) => fn(Object.assign(tx, { query: timedQuery(tx.query, statements) })))) as typeof client.transaction;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: dataDir ?? 'memory',
    close: () => client.close(),
    // One process owns a PGlite directory, so there is nobody to race with.
    withStartupLock: (fn) => statements.unmeasured(() => fn(db)),
    connections: 1,
    cancelQueries: () => Promise.resolve(0),
    statements,
  };
}

const STARTUP_LOCK = 873_401_002;

const POOL_SIZE = 20;
/**
 * A transaction waits on the server's own code between statements, which can be long (an import
 * hashes every password inside its request's transaction); ten minutes idle is a stuck request
 * holding locks and a connection, which PostgreSQL then ends.
 */
const IDLE_IN_TRANSACTION_MS = 600_000;

/** The connection a statement goes out on, with the request that sent it (see QueryOwner). */
const ownerOfConnection = new WeakMap<pg.Client, QueryOwner>();
class OwnedClient extends pg.Client {}
OwnedClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const owner = currentOwner.getStore();
  if (owner) {
    owner.connections.add(this);
    ownerOfConnection.set(this, owner);
  }
  return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

export async function openPostgres(url: string, options: DatabaseOptions = {}): Promise<Database> {
  const timeout = options.statementTimeoutMs ?? 5000;
  const { directUrl } = options;
  const timeouts = { statementTimeoutMs: timeout, idleInTransactionMs: IDLE_IN_TRANSACTION_MS };
  const statements = new StatementTimings();
  // A class of this pool's own, so its statements are measured into its timings (and, through a
  // transaction pooler, sent without session state: db/pooler.ts).
  class MeasuredClient extends OwnedClient {}
  // Statements asking for a name get one from their text (db/prepared-statements.ts).
  MeasuredClient.prototype.query = namingQuery(
    timedQuery(directUrl ? poolerSafeQuery(OwnedClient.prototype.query, timeouts) : OwnedClient.prototype.query, statements),
  );
  // Straight to PostgreSQL both are session settings sent when the connection opens, so every statement
  // of the app has them; through a pooler each transaction sets them for itself.
  const sessionSettings = { statement_timeout: timeout, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS };
  // Pipelined: statements sent before the previous one answered go out at once, each with its own
  // Sync, and are answered in order (a tenant transaction's BEGIN and opening statement share one
  // round trip: db/tenant-scope.ts). Code that awaits each statement sees no difference.
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, Client: MeasuredClient, pipeline: true, ...(directUrl ? {} : sessionSettings) });
  const sessionConfig: pg.ClientConfig = directUrl ? { connectionString: directUrl, ...sessionSettings } : { ...pool.options, pipeline: false };
  // pool.query runs its statement from the callback of pool.connect, which a connection handed back by
  // another request calls in that request's async context: bind it to the caller's, so the statement is
  // noted under the request that sent it.
  // (Re-entering the owner directly: AsyncResource.bind cost 8 % of the server's CPU per call on Node 20.)
  const connect = pool.connect.bind(pool);
  type Callback = NonNullable<Parameters<typeof connect>[0]>;
  pool.connect = ((callback?: Callback) => {
    if (!callback) return connect();
    const owner = currentOwner.getStore();
    return connect(owner ? (...args: Parameters<Callback>) => currentOwner.run(owner, () => callback(...args)) : callback);
  }) as typeof pool.connect;
  pool.on('release', (_err: Error | undefined, client: pg.Client) => {
    ownerOfConnection.get(client)?.connections.delete(client);
    ownerOfConnection.delete(client);
  });
  // An idle connection the server ends (restart, failover, DROP DATABASE) is an 'error' event on the
  // pool; unhandled, it would crash the process. The pool replaces the connection on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  // Fail fast with a clear message instead of on the first request.
  const probe = await pool.connect().catch((err: Error) => {
    void pool.end();
    // PgBouncer refuses the timeouts sent as start-up parameters: it is a pooler, so say what it needs.
    const pooler = /unsupported startup parameter/i.test(err.message)
      ? '. DATABASE_URL goes through a pooler (PgBouncer): set DATABASE_DIRECT_URL to PostgreSQL itself'
      : '. Check that PostgreSQL runs and the URL is right, or unset DATABASE_URL to use the embedded database';
    throw new Error(`Cannot connect to DATABASE_URL (${redact(url)}): ${err.message}${pooler}`);
  });
  // Through a pooler, statements outside a transaction (token lookups, sign-in) get no timeout from
  // here: only a default of the database role gives them one (docs/operations.md).
  const unbounded = directUrl && (await probe.query<{ t: string }>('select current_setting($1) as t', ['statement_timeout'])).rows[0]?.t === '0';
  probe.release();
  if (unbounded) {
    console.warn(
      `Statements outside a transaction run without a timeout through the pooler of DATABASE_URL: give the database role a default, ALTER ROLE ${roleOf(url)} SET statement_timeout = '${timeout}ms'`,
    );
  }
  if (directUrl) {
    const direct = new pg.Client(sessionConfig);
    await direct.connect().catch((err: Error) => {
      void pool.end();
      throw new Error(
        `Cannot connect to DATABASE_DIRECT_URL (${redact(directUrl)}): ${err.message}. Set it to the URL of PostgreSQL itself (not of the pooler), or unset it when DATABASE_URL is PostgreSQL itself`,
      );
    });
    await direct.end();
  }
  const cancelAddress = addressOf(url);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    location: directUrl ? `${redact(url)}, a pooler; sessions on ${redact(directUrl)}` : redact(url),
    close: () => pool.end(),
    // A session advisory lock and the migrations' session settings need one session: straight to
    // PostgreSQL (a pooler in transaction mode would run each statement wherever it likes).
    withStartupLock: (fn) =>
      statements.unmeasured(async () => {
        if (!directUrl) {
          const client = await pool.connect();
          try {
            return await startupLocked(client, fn);
          } finally {
            client.release();
          }
        }
        const client = new pg.Client(sessionConfig);
        await client.connect();
        try {
          return await startupLocked(client, fn);
        } finally {
          await client.end().catch(() => undefined);
        }
      }),
    connections: POOL_SIZE,
    statements,
    sessionClient: () => new pg.Client(sessionConfig),
    async cancelQueries(owner) {
      // By each connection's cancel key, to where it connected (db/pooler.ts): PostgreSQL, or the pooler,
      // which cancels on the server connection running that client's transaction. No connection of the
      // pool is needed: it may be full, which is when cancelling matters most.
      // A cancel lands on whatever its session runs when it arrives: by then the request may have
      // handed the connection back and another request be running on it. So the connection is not
      // handed to anyone again: the pool closes it when it comes back (pg-pool's set of expired clients).
      const expired = (pool as unknown as { _expired?: WeakSet<pg.Client> })._expired;
      for (const c of owner.connections) expired?.add(c);
      const keys = [...owner.connections]
        .map((c) => c as unknown as { processID: number | null; secretKey: number | null })
        .filter((c) => c.processID !== null && c.secretKey !== null);
      let sent = 0;
      // One after another: a request holds one connection at a time, so there is one to cancel at most.
      for (const c of keys) if (await sendCancelRequest(cancelAddress, c.processID!, c.secretKey!)) sent++;
      return sent;
    },
  };
}

/** The user a connection string signs in as, for a message. */
function roleOf(url: string): string {
  return (new pg.Client({ connectionString: url }) as unknown as { user: string }).user;
}

/** The host and port a connection string connects to, as node-postgres reads it (PGHOST and the like included). */
function addressOf(url: string): ServerAddress {
  const params = new pg.Client({ connectionString: url }) as unknown as { host: string; port: number };
  return { host: params.host, port: params.port };
}

/** Runs `fn` holding the database-wide start-up lock, on `client`, a session of its own. */
async function startupLocked<T>(client: pg.Client | pg.PoolClient, fn: (db: Db) => Promise<T>): Promise<T> {
  // An advisory lock lives on one session: hold it on a dedicated client for the whole run.
  try {
    // Migrations (an index over a large table) and waiting for another instance's lock may take
    // longer than a request's statement: no timeout while starting up.
    await client.query('SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn(drizzlePg({ client, schema }) as unknown as Db);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.query('RESET statement_timeout; RESET idle_in_transaction_session_timeout').catch(() => undefined);
  }
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
