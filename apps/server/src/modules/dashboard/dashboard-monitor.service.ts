import pg from 'pg';
import type { DashboardMonitor } from '@uc/contracts';
import type { Database, Db } from '../../db/client';
import { enterCrossTenant } from '../../db/tenant-scope';
import type { Session } from '../auth/access';
import { connectionCounts, databaseBytes, liveSessionCounts, registeredRemotes } from './dashboard-monitor.repository';
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

/** Connections by state (dashboard-monitor.repository.ts) and this server's pool. PostgreSQL only: its pool has other connections to run it on. */
async function connectionsOf(database: Database): Promise<NonNullable<DashboardMonitor['database']['connections']>> {
  const counts = await connectionCounts(database.db);
  const client = (database.db as unknown as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? { open: client.totalCount, idle: client.idleCount, waiting: client.waitingCount } : null;
  return { ...counts, pool };
}

export async function monitorOf(db: Db, session: Session, sources: MonitorSources): Promise<DashboardMonitor> {
  const { database, metrics, sampler } = sources;
  const cpu = sampler.read();
  const memory = process.memoryUsage();
  // Sessions of every tenant: the platform's transaction enters the cross-tenant scope (platformOnly call).
  await enterCrossTenant(db, session);
  const sizeBytes = await databaseBytes(db);
  const online = await liveSessionCounts(db);
  // PGlite has one connection, held by this transaction: the statistics query exists on PostgreSQL only.
  const connections = database.kind === 'postgres' ? await connectionsOf(database) : null;
  const registered = await registeredRemotes(db);
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
      sizeBytes,
      connections,
      slowestCalls: metrics.slowest(SLOWEST_CALLS),
      slowestStatements: database.statements.slowest(SLOWEST_CALLS),
    },
    requests: { minutes: metrics.minutes(), hour: metrics.hour() },
    sessions: online,
    remotes: registered.map((r, i) => ({ ...r, ...checks[i]! })),
    serverTime: new Date().toISOString(),
  };
}
