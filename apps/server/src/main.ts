import { buildApp } from './app';
import { ConfigError, helpText, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { migrateRecorded } from './modules/upgrade-log/schema-upgrade';
import { seed } from './db/seed';
import { registerReadiness } from './http/readiness';
import { applyPolicyToItsTenants } from './modules/tenant-policy/policy-apply';
import { join } from 'node:path';

async function openDatabase(config: Config): Promise<Database> {
  const options = { statementTimeoutMs: config.statementTimeoutMs, directUrl: config.databaseDirectUrl };
  return config.databaseUrl ? openPostgres(config.databaseUrl, options) : openPglite(join(config.dataDir, 'pglite'));
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(helpText());
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Cannot start: ${err.message}\n`);
    process.exit(1);
  }

  const database = await openDatabase(config);
  const app = await (async () => {
    try {
      await database.withStartupLock(async (db) => {
        await migrateRecorded(database, db);
        await seed(db, {
          adminPassword: config.adminPassword,
          log: { info: (m) => console.log(m), warn: (m) => console.warn(m) },
          applyPolicy: applyPolicyToItsTenants,
        });
      });
      return await buildApp({ config, database });
    } catch (err) {
      await database.close();
      throw err;
    }
  })();
  app.log.info(`Database: ${database.kind} (${database.location}); console files from ${config.webDir}`);
  // /livez and /readyz for a load balancer; readiness turns 503 on SIGTERM (http/readiness.ts).
  const readiness = registerReadiness(app, { unreadyChecks: config.shutdownUnreadyChecks, drainMs: config.shutdownDrainMs });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Still serving, but unready, until the balancers checking this server have taken it out; then no
    // request can arrive on a connection being closed. A second signal ends the process at once.
    app.log.info(`${signal} received: unready, waiting for load balancers to take this server out`);
    await readiness.drain();
    // Stops accepting connections, ends the event streams (their tabs reconnect through the balancer to
    // another server) and waits for the requests in flight.
    app.log.info('finishing requests in flight');
    await app.close();
    app.log.info('HTTP server closed: closing the database');
    await database.close();
    app.log.info('Database closed: bye');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Cannot start: ${err.message}` : err);
  process.exit(1);
});
