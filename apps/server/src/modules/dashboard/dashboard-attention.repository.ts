import { addonVersionId, ATTENTION_EXPIRY_DAYS, DASHBOARD_RECENT_ROWS, InstallStatus, Status, type DashboardAttention } from '@uc/contracts';
import type { MessageLocale } from '@uc/contracts/messages';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { remotes } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { enterCrossTenant } from '../../db/tenant-scope';
import type { Session } from '../auth/access';
import { jobOf, statusOf } from '../addon/addon-cards';
import { allAddons } from '../addon/addon.repository';
import type { RemoteHealth } from './remote-health';

/*
 * The workplace's "needs attention" card for the platform's operators (issue 16): what they expect to
 * see first thing in the morning. Each part is one small read, as the workplace is where every sign-in
 * lands: an index range of tenants (drizzle/0038), the remotes and addons tables (a few rows each), and
 * the monitor's manifest checks without waiting on any network address.
 */

/** Which lists the caller may see: each one's screen's permission (dashboardAttentionSchema). */
export interface AttentionGrants {
  tenants: boolean;
  remotes: boolean;
  addons: boolean;
}

/**
 * Enabled tenants, the platform's own aside, whose licence ends within ATTENTION_EXPIRY_DAYS days or has
 * ended. Literals, not parameters: the planner then matches the partial index tenants_expiring_idx
 * (drizzle/0038), whose (expires_at, id) order is the answer's, so the list stops after its rows and the
 * count reads that index range only.
 */
export const EXPIRING_TENANTS = sql.raw(
  `status = ${Status.enabled} and not is_platform and expires_at is not null and expires_at < now() + interval '${ATTENTION_EXPIRY_DAYS} days'`,
);
const LIMIT = sql.raw(String(DASHBOARD_RECENT_ROWS));

async function expiringTenants(db: Db, session: Session): Promise<NonNullable<DashboardAttention['tenants']>> {
  // Every tenant's row: tenants are platform data read cross-tenant (the caller is the platform's).
  await enterCrossTenant(db, session);
  const list = await rowsOf<{ id: number | string; name: string; expires_at: Date | string; expired: boolean }>(
    db,
    sql`select id, name, expires_at, expires_at <= now() as expired from tenants where ${EXPIRING_TENANTS} order by expires_at, id limit ${LIMIT}`,
  );
  // Counted only when the list is full: otherwise the list is the whole answer.
  const total =
    list.length < DASHBOARD_RECENT_ROWS
      ? list.length
      : Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from tenants where ${EXPIRING_TENANTS}`))[0]?.n ?? 0);
  return {
    total,
    list: list.map((r) => ({ id: Number(r.id), name: r.name, expiresAt: new Date(r.expires_at).toISOString(), expired: Boolean(r.expired) })),
  };
}

/** Enabled remotes whose manifest did not answer at the last check: a disabled one is served to nobody. */
async function remotesDown(db: Db, health: RemoteHealth): Promise<NonNullable<DashboardAttention['remotes']>> {
  const registered = await db
    .select({ name: remotes.name, version: remotes.version, entry: remotes.entry })
    .from(remotes)
    .where(eq(remotes.enabled, true))
    .orderBy(asc(remotes.sort), asc(remotes.name));
  const checks = await health.lastChecks(registered.map((r) => r.entry));
  return registered.flatMap((r, i) => {
    const check = checks[i];
    if (!check?.checkedAt || check.manifest === 'ok' || check.manifest === 'checking') return [];
    return [{ name: r.name, version: r.version, manifest: check.manifest, httpStatus: check.httpStatus, checkedAt: check.checkedAt }];
  });
}

/** Addons whose last job failed, a job that died with its server included (as the market's card says). */
async function failedAddons(db: Db, locale: MessageLocale): Promise<NonNullable<DashboardAttention['addons']>> {
  const rows = (await allAddons(db)).filter((row) => statusOf(row) === InstallStatus.failed);
  return rows
    .map((row) => {
      const version = row.jobVersion || row.version;
      return {
        name: row.name,
        version,
        versionId: addonVersionId(row.name, version),
        error: jobOf(row, locale).error,
        failedAt: (row.jobFinishedAt ?? row.updatedAt).toISOString(),
      };
    })
    .sort((a, b) => b.failedAt.localeCompare(a.failedAt) || a.name.localeCompare(b.name));
}

export async function attentionOf(
  db: Db,
  session: Session,
  grants: AttentionGrants,
  deps: { remoteHealth: RemoteHealth; locale: MessageLocale },
): Promise<DashboardAttention> {
  return {
    tenants: grants.tenants ? await expiringTenants(db, session) : null,
    remotes: grants.remotes ? await remotesDown(db, deps.remoteHealth) : null,
    addons: grants.addons ? await failedAddons(db, deps.locale) : null,
  };
}
