import { ADMIN_PASSWORD } from './server';
import { startCluster } from './cluster';

/*
 * scripts/scale-out.sh: three servers (SERVERS) behind HAProxy on PORT (8080), through PgBouncer in
 * transaction mode, on the database uc_scale (DATABASE, kept between runs; FRESH=1 starts it anew) of
 * the PostgreSQL server DATABASE_URL names (default postgres://postgres@127.0.0.1:5432/postgres).
 * Ctrl-C stops them in order: each server drains while HAProxy still checks it.
 */

const env = process.env;
const postgresUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const database = env.DATABASE || 'uc_scale';
const port = Number(env.PORT || 8080);
const servers = Number(env.SERVERS || 3);
const adminPassword = env.ADMIN_PASSWORD || ADMIN_PASSWORD;

async function main(): Promise<void> {
  if (env.FRESH === '1') {
    const { execFileSync } = await import('node:child_process');
    const u = new URL(postgresUrl);
    execFileSync('psql', [
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      u.username || 'postgres',
      '-d',
      'postgres',
      '-qc',
      `drop database if exists ${database} with (force)`,
    ]);
  }
  const cluster = await startCluster({
    servers,
    postgresUrl,
    database,
    keepDatabase: true,
    balancerPort: port,
    checkIntervalMs: 1000,
    fall: 2,
    logLevel: env.LOG_LEVEL || 'info',
    echo: true,
    env: { ADMIN_PASSWORD: adminPassword },
  });
  const lines = [
    '',
    `  Console: ${cluster.origin}/user/web/   (sign in as admin, password ${adminPassword})`,
    `  HAProxy: ${cluster.origin} → ${cluster.servers.map((s) => `${s.name} 127.0.0.1:${s.port}`).join(', ')} (X-Served-By names the server)`,
    `  PgBouncer (transaction mode): ${cluster.pooledUrl}; PostgreSQL: ${cluster.directUrl}`,
    '  Ctrl-C stops them all (the database stays; FRESH=1 starts it anew).',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('Stopping: servers first (each drains while HAProxy still checks it), then HAProxy and PgBouncer\n');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
