import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ADMIN_PASSWORD } from '../test/test-app';
import { createPostgresDatabase, testDbKind } from '../test/test-database';
import { openPostgres, QueryOwner, runAsQueryOwner, type Database } from './client';
import { runMigrations } from './migrate';
import { beginWithTimeouts, forTransactionPooler } from './pooler';
import { seed } from './seed';
import { inTransaction, rowsOf } from './typed';

/*
 * DATABASE_URL through a pooler in transaction mode (PgBouncer), DATABASE_DIRECT_URL straight to
 * PostgreSQL (db/pooler.ts). The scale-out test (e2e/tests/scale-out.test.ts) runs it through a real
 * PgBouncer; here both URLs reach PostgreSQL itself, told apart by their application_name, so each
 * connection's role shows in pg_stat_activity and what the pool's connections keep can be read.
 */

const timeouts = { statementTimeoutMs: 1234, idleInTransactionMs: 600_000 };

describe('queries made safe for a transaction pooler', () => {
  it('sends the timeouts with BEGIN, local to the transaction, in one message', () => {
    expect(forTransactionPooler([{ text: 'begin' }, []], timeouts)).toEqual([
      { name: undefined, text: 'begin; set local statement_timeout = 1234; set local idle_in_transaction_session_timeout = 600000' },
      [],
    ]);
    expect(forTransactionPooler(['BEGIN'], timeouts)).toEqual([beginWithTimeouts(timeouts)]);
    // drizzle's BEGIN with a transaction mode, a savepoint and everything else go as they are.
    for (const text of ['begin isolation level serializable', 'savepoint sp1', 'select 1', 'commit']) {
      expect(forTransactionPooler([{ text }, []], timeouts)).toEqual([{ text }, []]);
    }
  });

  it('sends no named prepared statement', () => {
    const named = { name: 'uc_auth_epochs', text: 'select $1::int', values: [1] };
    expect(forTransactionPooler([named], timeouts)).toEqual([{ name: undefined, text: 'select $1::int', values: [1] }]);
    // A submittable (a cursor) is left alone.
    const cursor = { name: 'c', text: 'select 1', submit: () => undefined };
    expect(forTransactionPooler([cursor], timeouts)[0]).toBe(cursor);
  });
});

const onPostgres = testDbKind() === 'postgres' ? describe : describe.skip;

onPostgres('PostgreSQL through a transaction pooler (DATABASE_DIRECT_URL set)', () => {
  let drop: () => Promise<void>;
  let database: Database;
  let direct: pg.Client;
  let warnings: string[];
  const tmp = mkdtempSync(join(tmpdir(), 'uc-pooler-'));
  const withName = (url: string, name: string) => {
    const u = new URL(url);
    u.searchParams.set('application_name', name);
    return u.toString();
  };

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    database = await openPostgres(withName(created.url, 'uc_pooled'), { statementTimeoutMs: 1234, directUrl: withName(created.url, 'uc_direct') });
    // The role has no default timeout here: statements outside a transaction would run unbounded.
    warnings = warn.mock.calls.map((c) => String(c[0]));
    warn.mockRestore();
    direct = new pg.Client({ connectionString: created.url });
    await direct.connect();
  });
  afterAll(async () => {
    await direct.end();
    await database.close();
    await drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;

  it('migrates under the start-up lock on a session straight to PostgreSQL', async () => {
    await database.withStartupLock(async (db) => {
      const holders = await direct.query<{ application_name: string }>(
        `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.datname = current_database()`,
      );
      expect(holders.rows.map((r) => r.application_name)).toEqual(['uc_direct']);
      await runMigrations(database, db);
      await seed(db, { adminPassword: ADMIN_PASSWORD, log: { info: () => undefined, warn: () => undefined } });
    });
  });

  it('keeps no setting on the pool’s connections: the timeouts hold inside each transaction only', async () => {
    const show = async (c: pg.ClientBase) => (await c.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]?.statement_timeout;
    const client = await pool().connect();
    try {
      // PostgreSQL's default, as on a fresh session: nothing of this process was left on it.
      expect(await show(client)).toBe(await show(direct));
    } finally {
      client.release();
    }
    const inside = await inTransaction(database.db, (tx) =>
      rowsOf<{ statement: string; idle: string }>(
        tx,
        sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
      ),
    );
    expect(inside).toEqual([{ statement: '1234ms', idle: '10min' }]);
  });

  it('says at start when statements outside a transaction have no timeout, and how to give them one', () => {
    expect(warnings).toEqual([expect.stringMatching(/ALTER ROLE \S+ SET statement_timeout = '1234ms'$/)]);
  });

  it('runs a statement past STATEMENT_TIMEOUT_MS in a transaction into the timeout', async () => {
    await expect(inTransaction(database.db, (tx) => tx.execute(sql`select pg_sleep(5)`))).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
  });

  it('prepares no named statement on the pool’s connections', async () => {
    const client = await pool().connect();
    try {
      await client.query({ name: 'uc_named', text: 'select 1 as one' });
      expect((await client.query('select name from pg_prepared_statements')).rows).toEqual([]);
    } finally {
      client.release();
    }
  });

  it('LISTENs on sessions straight to PostgreSQL', async () => {
    const config = loadConfig({ DATA_DIR: tmp, WEB_DIR: join(tmp, 'web'), LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    try {
      const listeners = await direct.query<{ application_name: string }>(
        `select application_name from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      );
      expect(listeners.rows.map((r) => r.application_name)).toEqual(['uc_direct', 'uc_direct']);
    } finally {
      await app.close();
    }
  });

  it('cancels the running statement of a request by its connection’s cancel key', async () => {
    const owner = new QueryOwner();
    const running = runAsQueryOwner(owner, () => inTransaction(database.db, (tx) => tx.execute(sql`select pg_sleep(60)`))).catch((err: Error) => err);
    const sleeping = async () =>
      (await direct.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep' and state = 'active'`)).rowCount;
    for (let i = 0; i < 100 && (await sleeping()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await sleeping()).toBe(1);
    expect(await database.cancelQueries(owner)).toBe(1);
    expect(await running).toMatchObject({ cause: expect.objectContaining({ code: '57014', message: expect.stringContaining('user request') }) });
  });
});
