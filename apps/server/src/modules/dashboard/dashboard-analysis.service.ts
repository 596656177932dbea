import { LOGIN_METHODS, type DashboardAnalysis, type DashboardAnalysisQuery } from '@uc/contracts';
import type { Db } from '../../db/client';
import { enterCrossTenant } from '../../db/tenant-scope';
import { forbidden, notFound } from '../../lib/errors';
import type { Session } from '../auth/access';
import { quotaSummary } from '../quota/quota-reserve.repository';
import { activeUsers, ledgerPerDay, registrationsPerDay, signInGroups, tenantName, usersByTenant, type TenantFilter } from './dashboard-analysis.repository';
import { everyDay, resolveRange } from './dashboard-range';

const OTHER_TENANT = "tenantId: only the platform administrators look at another tenant's figures: leave tenantId out to see your own tenant";
const NO_TENANT = 'tenantId: the tenant {tenantId} does not exist: it may have been deleted; choose another tenant';

interface Scope {
  tenantId: TenantFilter;
  tenantName: string | null;
  platform: boolean;
}

/**
 * Whose figures the caller gets. The platform's callers enter the cross-tenant scope (as their log
 * lists do) and see every tenant, or the one they name. Anyone else stays in their tenant's scope, and
 * naming another tenant is refused rather than quietly ignored, so a page never shows one tenant's
 * figures under another's name.
 */
async function scopeOf(db: Db, session: Session, tenantId: number | undefined): Promise<Scope> {
  if (session.tenantIsPlatform) {
    await enterCrossTenant(db, session);
    if (tenantId === undefined) return { tenantId: null, tenantName: null, platform: true };
    const name = await tenantName(db, tenantId);
    if (name === undefined) throw notFound(NO_TENANT, { tenantId });
    return { tenantId, tenantName: name, platform: true };
  }
  if (tenantId !== undefined && tenantId !== session.tenantId) throw forbidden(OTHER_TENANT);
  return { tenantId: session.tenantId, tenantName: (await tenantName(db, session.tenantId)) ?? '', platform: false };
}

/** Every login method in LOGIN_METHODS order (zeros included), then any other the log holds, by name. */
function byMethod(groups: { method: string; result: number; n: number }[]): DashboardAnalysis['signInMethods'] {
  const totals = new Map<string, { method: string; succeeded: number; failed: number }>(LOGIN_METHODS.map((m) => [m, { method: m, succeeded: 0, failed: 0 }]));
  for (const g of groups) {
    let line = totals.get(g.method);
    if (!line) totals.set(g.method, (line = { method: g.method, succeeded: 0, failed: 0 }));
    if (g.result === 1) line.succeeded += Number(g.n);
    else line.failed += Number(g.n);
  }
  const known = new Set<string>(LOGIN_METHODS);
  const others = [...totals.values()].filter((l) => !known.has(l.method)).sort((a, b) => a.method.localeCompare(b.method));
  return [...LOGIN_METHODS.map((m) => totals.get(m)!), ...others];
}

export async function analysisOf(db: Db, session: Session, q: DashboardAnalysisQuery): Promise<DashboardAnalysis> {
  const scope = await scopeOf(db, session, q.tenantId);
  const range = await resolveRange(db, q);
  const tenantId = scope.tenantId;

  const groups = await signInGroups(db, tenantId, range);
  const perDay = new Map<string, { date: string; succeeded: number; failed: number }>();
  for (const g of groups) {
    let line = perDay.get(g.day);
    if (!line) perDay.set(g.day, (line = { date: g.day, succeeded: 0, failed: 0 }));
    if (g.result === 1) line.succeeded += Number(g.n);
    else line.failed += Number(g.n);
  }

  const registrations = new Map(
    (await registrationsPerDay(db, tenantId, range)).map((r) => [r.day, { date: r.day, count: Number(r.n), registered: Number(r.registered) }]),
  );
  const ledger = new Map(
    (await ledgerPerDay(db, tenantId, range)).map((r) => [
      r.day,
      {
        date: r.day,
        balanceAdded: r.balance_added,
        balanceDeducted: r.balance_deducted,
        pointsAdded: Number(r.points_added),
        pointsDeducted: Number(r.points_deducted),
        changes: Number(r.n),
      },
    ]),
  );
  const active = await activeUsers(db, tenantId);
  // One tenant's user count is the quota's (live users); every tenant's comes from the ranking's count.
  const quota = tenantId === null ? null : await quotaSummary(db, tenantId);
  const ranking = scope.platform ? await usersByTenant(db) : null;
  const total = quota ? (quota.find((line) => line.kind === 'users')?.used ?? 0) : (ranking?.total ?? 0);

  return {
    scope: { tenantId, tenantName: scope.tenantName },
    range: { from: range.from, to: range.to, timezone: range.timezone, days: range.days.length },
    users: { total, active1d: active.d1, active7d: active.d7, active30d: active.d30 },
    registrations: everyDay(range, registrations, (date) => ({ date, count: 0, registered: 0 })),
    signIns: everyDay(range, perDay, (date) => ({ date, succeeded: 0, failed: 0 })),
    signInMethods: byMethod(groups),
    topTenants: ranking?.top ?? null,
    quota,
    ledger: everyDay(range, ledger, (date) => ({
      date,
      balanceAdded: '0.00',
      balanceDeducted: '0.00',
      pointsAdded: 0,
      pointsDeducted: 0,
      changes: 0,
    })),
  };
}
