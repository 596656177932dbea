import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';

/** A statement sent with a transaction's BEGIN: prepared once per connection under `name`. */
export interface OpeningStatement {
  name: string;
  text: string;
  values: unknown[];
}

interface DrizzleInternals {
  $client?: unknown;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: ConstructorParameters<typeof NodePgSession>[3] };
}

/**
 * drizzle's transaction on a node-postgres pool, with `opening` sent together with its BEGIN: the pool's
 * clients pipeline (db/client.ts), so both go out in one write and come back in one round trip where
 * drizzle's transaction awaits BEGIN first. `fn` gets the transaction and the opening's first row;
 * COMMIT when it resolves, ROLLBACK when it throws, as drizzle does.
 *
 * Undefined when `db` is not the database of such a pool (PGlite, a connection of its own): the caller
 * opens its transaction the ordinary way.
 */
export function pipelinedTransaction<T, Row>(db: Db, opening: OpeningStatement, fn: (tx: Db, row: Row | undefined) => Promise<T>): Promise<T> | undefined {
  const internals = db as unknown as DrizzleInternals;
  const pool = internals.$client;
  if (!(pool instanceof pg.Pool) || !(pool.options as { pipeline?: boolean }).pipeline) return undefined;
  return run(pool, internals, opening, fn);
}

async function run<T, Row>(
  pool: pg.Pool,
  internals: DrizzleInternals,
  opening: OpeningStatement,
  fn: (tx: Db, row: Row | undefined) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const session = new NodePgSession(client, internals.dialect, internals.session.schema, internals.session.options);
    const tx = new NodePgTransaction(internals.dialect, session, internals.session.schema) as unknown as Db;
    // Both leave in one write, before either answers.
    const [begun, sent] = sentTogether(
      client,
      () => [client.query('begin'), client.query<Row & pg.QueryResultRow>({ name: opening.name, text: opening.text, values: opening.values })] as const,
    );
    // Awaited below, after BEGIN: should BEGIN fail, its own failure is not left unhandled.
    sent.catch(() => undefined);
    await begun;
    const opened = await sent;
    const result = await fn(tx, opened.rows[0]);
    await client.query('commit');
    return result;
  } catch (err) {
    // As drizzle's transaction does; a connection that cannot even roll back is not given to anyone else.
    await client.query('rollback').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The socket under a pg client (node-postgres keeps it as connection.stream). */
const socketOf = (client: pg.Client): { cork(): void; uncork(): void } | undefined =>
  (client as unknown as { connection?: { stream?: { cork(): void; uncork(): void } } }).connection?.stream;

/** Runs `send`, which starts statements without awaiting them, with the socket corked: they leave in one write (one system call). */
function sentTogether<T>(client: pg.Client, send: () => T): T {
  const socket = socketOf(client);
  socket?.cork();
  try {
    return send();
  } finally {
    socket?.uncork();
  }
}

/**
 * Starts the statements `send` sends on `db` (without awaiting them) so that they go out together
 * where the connection pipelines (one write, answered in one round trip), else one after another.
 */
export function sendTogether<T>(db: Db, send: () => T): T {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client && pipelines(db) ? sentTogether(client, send) : send();
}

/**
 * Whether statements sent on `db` (a transaction of pipelinedTransaction) before the previous ones
 * answered go out at once: then a query sure to be needed can be sent beside another (PGlite runs
 * one statement at a time, and another client would only queue them).
 */
export function pipelines(db: Db): boolean {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client && (client as pg.Client & { pipeline?: boolean }).pipeline === true;
}
