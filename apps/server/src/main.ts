import { buildApp } from './app';
import { ConfigError, helpText, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { seed } from './db/seed';
import { join } from 'node:path';

async function openDatabase(config: Config): Promise<Database> {
  const options = { statementTimeoutMs: config.statementTimeoutMs };
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
        await runMigrations(database, db);
        await seed(db, { adminPassword: config.adminPassword, log: { info: (m) => console.log(m), warn: (m) => console.warn(m) } });
      });
      return await buildApp({ config, database });
    } catch (err) {
      await database.close();
      throw err;
    }
  })();
  app.log.info(`Database: ${database.kind} (${database.location}); console files from ${config.webDir}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight`);
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
