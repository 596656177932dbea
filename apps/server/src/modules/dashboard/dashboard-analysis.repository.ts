import { DASHBOARD_TOP_TENANTS, ledgerKind, userSource } from '@uc/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/typed';
import { daysWith, type DayRange } from './dashboard-range';

/*
 * The analysis's aggregates: one statement each, grouped in the database, reading index ranges only
 * (drizzle/0036_dashboard_indexes.sql says which; per day, see daysWith). They run in the caller's
 * transaction: row-level security decides which tenants exist (the caller's own; every one once the
 * platform entered the cross-tenant scope) and `tenantId` narrows to one tenant, in the index
 * condition. Counts come back as int or float8 so both drivers answer JS numbers.
 */

/** One tenant, or null for every tenant the transaction sees. */
export type TenantFilter = number | null;

const ofTenant = (tenantId: TenantFilter): SQL => (tenantId === null ? sql`` : sql`tenant_id = ${tenantId} and`);
const onTheDay = sql`created_at >= days.lo and created_at < days.hi`;

export interface SignInGroup {
  day: string;
  method: string;
  result: number;
  n: number;
}

/** Sign-in attempts per day, method and result (1 success, 2 failure). */
export async function signInGroups(db: Db, tenantId: TenantFilter, r: DayRange): Promise<SignInGroup[]> {
  return rowsOf<SignInGroup>(
    db,
    sql`with ${daysWith(r)}
      select to_char(days.d, 'YYYY-MM-DD') as day, g.method, g.result, g.n from days cross join lateral (
        select method, result::int as result, count(*)::int as n from login_logs
        where ${ofTenant(tenantId)} ${onTheDay}
        group by 1, 2) g`,
  );
}

// A literal, not a parameter: the planner matches it to the partial indexes' WHERE source = 1.
const REGISTERED = sql.raw(String(userSource.registered));

/**
 * Users created per day, deleted ones included, and of them the self-registered ones: two counts, so
 * each reads its own index (the registered ones a partial index of only them, drizzle/0039).
 */
export async function registrationsPerDay(db: Db, tenantId: TenantFilter, r: DayRange): Promise<{ day: string; n: number; registered: number }[]> {
  return rowsOf(
    db,
    sql`with ${daysWith(r)}
      select to_char(days.d, 'YYYY-MM-DD') as day,
        (select count(*)::int from users where ${ofTenant(tenantId)} ${onTheDay}) as n,
        (select count(*)::int from users where ${ofTenant(tenantId)} ${onTheDay} and source = ${REGISTERED}) as registered
      from days`,
  );
}

export interface LedgerDay {
  day: string;
  balance_added: string;
  balance_deducted: string;
  points_added: number;
  points_deducted: number;
  n: number;
}

const BALANCE = sql.raw(String(ledgerKind.balance));
const POINTS = sql.raw(String(ledgerKind.integral));

/** Ledger changes per day: added and deducted (both positive) per kind, and how many changes. */
export async function ledgerPerDay(db: Db, tenantId: TenantFilter, r: DayRange): Promise<LedgerDay[]> {
  return rowsOf<LedgerDay>(
    db,
    sql`with ${daysWith(r)}
      select to_char(days.d, 'YYYY-MM-DD') as day, g.ba::text as balance_added, g.bd::text as balance_deducted,
        g.pa as points_added, g.pd as points_deducted, g.n from days cross join lateral (
        select
          coalesce(sum(change) filter (where kind = ${BALANCE} and change > 0), 0)::numeric(20, 2) as ba,
          coalesce(-sum(change) filter (where kind = ${BALANCE} and change < 0), 0)::numeric(20, 2) as bd,
          coalesce(sum(change) filter (where kind = ${POINTS} and change > 0), 0)::float8 as pa,
          coalesce(-sum(change) filter (where kind = ${POINTS} and change < 0), 0)::float8 as pd,
          count(*)::int as n
        from member_ledger
        where ${ofTenant(tenantId)} ${onTheDay}) g`,
  );
}

/** Live users whose latest sign-in is within the last 1, 7 and 30 days (a range of the last 30 only). */
export async function activeUsers(db: Db, tenantId: TenantFilter): Promise<{ d1: number; d7: number; d30: number }> {
  const [row] = await rowsOf<{ d1: number; d7: number; d30: number }>(
    db,
    sql`select count(*) filter (where last_login_at >= now() - interval '1 day')::int as d1,
        count(*) filter (where last_login_at >= now() - interval '7 days')::int as d7,
        count(*)::int as d30
      from users
      where ${ofTenant(tenantId)} deleted_at is null and last_login_at >= now() - interval '30 days'`,
  );
  return { d1: Number(row?.d1 ?? 0), d7: Number(row?.d7 ?? 0), d30: Number(row?.d30 ?? 0) };
}

/**
 * Live users per tenant, counted once: the tenants with the most, and the total of every tenant. For
 * the platform's cross-tenant transaction (another would see its own tenant only).
 */
export async function usersByTenant(db: Db): Promise<{ total: number; top: { tenantId: number; name: string; users: number }[] }> {
  const rows = await rowsOf<{ tenant_id: number | string; name: string; n: number; total: number }>(
    db,
    sql`with per as materialized (
        select tenant_id, count(*) as n from users where deleted_at is null group by tenant_id)
      select p.tenant_id, coalesce(t.name, '') as name, p.n::float8 as n, (select sum(n) from per)::float8 as total
      from per p left join tenants t on t.id = p.tenant_id
      order by p.n desc, p.tenant_id
      limit ${sql.raw(String(DASHBOARD_TOP_TENANTS))}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    top: rows.map((r) => ({ tenantId: Number(r.tenant_id), name: r.name, users: Number(r.n) })),
  };
}

/** The tenant's name, or undefined when the transaction sees no such tenant. */
export async function tenantName(db: Db, tenantId: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ name: string }>(db, sql`select name from tenants where id = ${tenantId}`);
  return row?.name;
}
