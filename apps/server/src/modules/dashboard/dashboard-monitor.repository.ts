import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { remotes } from '../../db/schema';
import { rowsOf } from '../../db/typed';

/** Connections to this database by state, and the server's limit (PostgreSQL only). */
export interface ConnectionCounts {
  total: number;
  active: number;
  idle: number;
  idleInTransaction: number;
  max: number;
}

/**
 * Connections to this database by state. On the system connection (reviewed bypass, server statistics
 * only, no tenant data): as uc_app, the state of another role's connections reads as null, and every
 * server connects as the owner.
 */
export async function connectionCounts(system: Db): Promise<ConnectionCounts> {
  const [row] = await rowsOf<{ total: number; active: number; idle: number; idle_tx: number; max: number }>(
    system,
    sql`select count(*)::int as total,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'idle')::int as idle,
        count(*) filter (where state like 'idle in transaction%')::int as idle_tx,
        current_setting('max_connections')::int as max
      from pg_stat_activity where datname = current_database()`,
  );
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    idle: Number(row?.idle ?? 0),
    idleInTransaction: Number(row?.idle_tx ?? 0),
    max: Number(row?.max ?? 0),
  };
}

/** The database's size in bytes. */
export async function databaseBytes(db: Db): Promise<number> {
  const [size] = await rowsOf<{ bytes: number }>(db, sql`select pg_database_size(current_database())::float8 as bytes`);
  return Number(size?.bytes ?? 0);
}

/** Live sessions the transaction sees (every tenant's once in the cross-tenant scope), and those seen in the last 5 minutes. */
export async function liveSessionCounts(db: Db): Promise<{ active: number; recent: number }> {
  const [online] = await rowsOf<{ active: number; recent: number }>(
    db,
    sql`select count(*)::int as active, count(*) filter (where last_seen_at >= now() - interval '5 minutes')::int as recent
      from sessions where revoked_at is null and expires_at > now()`,
  );
  return { active: Number(online?.active ?? 0), recent: Number(online?.recent ?? 0) };
}

/** The registered remotes in menu order. */
export function registeredRemotes(db: Db) {
  return db
    .select({ name: remotes.name, version: remotes.version, entry: remotes.entry, enabled: remotes.enabled })
    .from(remotes)
    .orderBy(asc(remotes.sort), asc(remotes.name));
}
