import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database, Db } from '../db/client';
import { ADMIN_PASSWORD, openSeededTestDatabase } from './test-database';

export { ADMIN_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  /** Signs in and returns the token (fails the test when sign-in fails). */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A migrated and seeded database of the kind under test, and the app on it (use app.inject()). */
export async function createTestApp(
  options: {
    webDir?: string;
    beforeBuild?: (db: Db) => Promise<void>;
    env?: Record<string, string>;
    /** The overload guard's clock and service-time estimator (lib/overload-race.test.ts). */
    overload?: AppOptions['overload'];
    /** The notice stream's clock (modules/notice/notice-stream.test.ts). */
    clock?: AppOptions['clock'];
  } = {},
): Promise<TestApp> {
  const tmp = mkdtempSync(join(tmpdir(), 'uc-test-'));
  // Tests fire bursts of requests to test races, not overload: the request limit stays out of their way
  // unless a test sets it (lib/overload.test.ts tests the limit itself). And what they check must not
  // depend on how busy the machine is: on a loaded one a burst's statements wait seconds for a row lock,
  // or a queued call for its slot, so the budgets in time are generous unless a test sets them
  // (lib/statement-timeout.test.ts, lib/overload.test.ts; lib/overload-race.test.ts injects the
  // service times its latency budget is computed from).
  const config = loadConfig({
    DATA_DIR: tmp,
    WEB_DIR: options.webDir ?? join(tmp, 'web'),
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    REQUEST_CONCURRENCY: '10000',
    STATEMENT_TIMEOUT_MS: '600000',
    REQUEST_QUEUE_WAIT_MS: '600000',
    // What the market offers is the test's to say, whether or not a build has packed the example addon.
    MARKET_EXAMPLES: 'false',
    ...options.env,
  });
  const { database, dispose } = await openSeededTestDatabase({ statementTimeoutMs: config.statementTimeoutMs });
  if (options.beforeBuild) await options.beforeBuild(database.db);
  const app = await buildApp({ config, database, logger: false, checkResponses: true, overload: options.overload, clock: options.clock });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username, password } });
      const body = res.json<{ code: number; message: string; data: { token: string } }>();
      if (body.code !== 0) throw new Error(`login of ${username} failed: ${body.message}`);
      return body.data.token;
    },
    async close() {
      await app.close();
      await dispose();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
