import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import type { DashboardMonitor } from '@uc/contracts';
import type { Database, Db } from '../../db/client';
import { remotes } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { enterCrossTenant } from '../../db/tenant-scope';
import type { Session } from '../auth/access';
import type { ProcessSampler } from './process-sampler';
import type { RemoteHealth } from './remote-health';
import type { RequestMetrics } from './request-metrics';

export interface MonitorSources {
  database: Database;
  metrics: RequestMetrics;
  sampler: ProcessSampler;
  /** Whether each remote's manifest answers (remote-health.ts). */
  remoteHealth: RemoteHealth;
}

const SLOWEST_CALLS = 10;
const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();

/**
 * Connections to this database by state. On the system connection (reviewed bypass, server statistics
 * only, no tenant data): as uc_app, the state of another role's connections reads as null, and every
 * server connects as the owner. PostgreSQL only: its pool has other connections to run it on.
 */
async function connectionsOf(database: Database): Promise<NonNullable<DashboardMonitor['database']['connections']>> {
  const [row] = await rowsOf<{ total: number; active: number; idle: number; idle_tx: number; max: number }>(
    database.db,
    sql`select count(*)::int as total,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'idle')::int as idle,
        count(*) filter (where state like 'idle in transaction%')::int as idle_tx,
        current_setting('max_connections')::int as max
      from pg_stat_activity where datname = current_database()`,
  );
  const client = (database.db as unknown as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? { open: client.totalCount, idle: client.idleCount, waiting: client.waitingCount } : null;
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    idle: Number(row?.idle ?? 0),
    idleInTransaction: Number(row?.idle_tx ?? 0),
    max: Number(row?.max ?? 0),
    pool,
  };
}

export async function monitorOf(db: Db, session: Session, sources: MonitorSources): Promise<DashboardMonitor> {
  const { database, metrics, sampler } = sources;
  const cpu = sampler.read();
  const memory = process.memoryUsage();
  // Sessions of every tenant: the platform's transaction enters the cross-tenant scope (platformOnly call).
  await enterCrossTenant(db, session);
  const [size] = await rowsOf<{ bytes: number }>(db, sql`select pg_database_size(current_database())::float8 as bytes`);
  const [online] = await rowsOf<{ active: number; recent: number }>(
    db,
    sql`select count(*)::int as active, count(*) filter (where last_seen_at >= now() - interval '5 minutes')::int as recent
      from sessions where revoked_at is null and expires_at > now()`,
  );
  // PGlite has one connection, held by this transaction: the statistics query exists on PostgreSQL only.
  const connections = database.kind === 'postgres' ? await connectionsOf(database) : null;
  const registered = await db
    .select({ name: remotes.name, version: remotes.version, entry: remotes.entry, enabled: remotes.enabled })
    .from(remotes)
    .orderBy(asc(remotes.sort), asc(remotes.name));
  const checks = await sources.remoteHealth.checks(registered.map((r) => r.entry));
  return {
    process: {
      pid: process.pid,
      nodeVersion: process.version,
      startedAt,
      uptimeSeconds: Math.round(process.uptime()),
      cpuPercent: cpu.cpuPercent,
      cores: cpu.cores,
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external },
      eventLoopDelay: cpu.eventLoopDelay,
    },
    database: {
      kind: database.kind,
      sizeBytes: Number(size?.bytes ?? 0),
      connections,
      slowestCalls: metrics.slowest(SLOWEST_CALLS),
      slowestStatements: database.statements.slowest(SLOWEST_CALLS),
    },
    requests: { minutes: metrics.minutes(), hour: metrics.hour() },
    sessions: { active: Number(online?.active ?? 0), recent: Number(online?.recent ?? 0) },
    remotes: registered.map((r, i) => ({ ...r, ...checks[i]! })),
    serverTime: new Date().toISOString(),
  };
}
