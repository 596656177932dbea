import { QUOTA_KINDS, RESERVABLE_QUOTA_KINDS, type QuotaKindName, type ReservableQuotaKind } from '@uc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quotaReservations, quotaUsage, tenantPolicies, tenants } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { LIMIT_COLUMN, liveCount, quotaOf } from './quota';

/*
 * Reservations of the counts other services own (drizzle/0027_tenant_quota.sql). A reservation is one
 * conditional UPDATE of the tenant's counter row: concurrent ones queue on its row lock, and each
 * re-checks `used + units <= max` against the value the one before it committed, so the sum granted
 * never passes the maximum. The counter row is made first if missing (ON CONFLICT DO NOTHING: two
 * first reservations make it once). Everything runs in the caller's tenant transaction (ctx.db).
 */

/** The refusal per count ({units} asked, {max} allowed, {used} in use). */
const RESERVE_REFUSED: Record<ReservableQuotaKind, string> = {
  projects:
    "{units} more projects cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy",
  projectDevices:
    "{units} more project devices cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy",
  projectScenes:
    "{units} more project scenes cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy",
  products:
    "{units} more products cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy",
  devices:
    "{units} more devices cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy",
  deviceProperties:
    "{units} more device properties cannot be reserved: the tenant's policy allows at most {max} and {used} are in use; release some, or ask the platform administrator for a larger policy",
};

export interface Reservation {
  reservationId: number;
  kind: ReservableQuotaKind;
  units: number;
  used: number;
  max: number;
}

const isReservable = (kind: string): kind is ReservableQuotaKind => (RESERVABLE_QUOTA_KINDS as readonly string[]).includes(kind);

export async function reserveQuota(
  db: Db,
  caller: { tenantId: number; userId: number },
  input: { kind: ReservableQuotaKind; units: number; reference: string },
): Promise<Reservation> {
  const { tenantId } = caller;
  const max = await quotaOf(db, tenantId, input.kind);
  await db.insert(quotaUsage).values({ tenantId, kind: input.kind, used: 0 }).onConflictDoNothing();
  const [granted] = await db
    .update(quotaUsage)
    .set({ used: sql`${quotaUsage.used} + ${input.units}` })
    .where(and(eq(quotaUsage.tenantId, tenantId), eq(quotaUsage.kind, input.kind), max > 0 ? sql`${quotaUsage.used} + ${input.units} <= ${max}` : undefined))
    .returning({ used: quotaUsage.used });
  if (!granted) {
    const [now] = await db
      .select({ used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.tenantId, tenantId), eq(quotaUsage.kind, input.kind)));
    throw conflict(RESERVE_REFUSED[input.kind], { units: input.units, max, used: now?.used ?? 0 });
  }
  const [row] = await db
    .insert(quotaReservations)
    .values({ tenantId, kind: input.kind, units: input.units, reference: input.reference, userId: caller.userId })
    .returning({ id: quotaReservations.id });
  return { reservationId: row!.id, kind: input.kind, units: input.units, used: Number(granted.used), max };
}

export async function releaseQuota(db: Db, tenantId: number, reservationId: number): Promise<Reservation> {
  // Deleted first: of two releases of one reservation only one finds the row, so units go back once.
  const [gone] = await db
    .delete(quotaReservations)
    .where(and(eq(quotaReservations.tenantId, tenantId), eq(quotaReservations.id, reservationId)))
    .returning({ kind: quotaReservations.kind, units: quotaReservations.units });
  if (!gone || !isReservable(gone.kind)) {
    throw notFound('The reservation {reservationId} does not exist or was already released: release each reservation once, by the id reserve answered', {
      reservationId,
    });
  }
  const [left] = await db
    .update(quotaUsage)
    .set({ used: sql`greatest(${quotaUsage.used} - ${gone.units}, 0)` })
    .where(and(eq(quotaUsage.tenantId, tenantId), eq(quotaUsage.kind, gone.kind)))
    .returning({ used: quotaUsage.used });
  return { reservationId, kind: gone.kind, units: gone.units, used: Number(left?.used ?? 0), max: await quotaOf(db, tenantId, gone.kind) };
}

/** Each policy maximum of the tenant with its usage: live records for this server's counts, reserved units for the rest. */
export async function quotaSummary(db: Db, tenantId: number): Promise<{ kind: QuotaKindName; max: number; used: number }[]> {
  const [limits] = await db
    .select({ isPlatform: tenants.isPlatform, ...Object.fromEntries(QUOTA_KINDS.map((k) => [k, LIMIT_COLUMN[k]])) })
    .from(tenants)
    .leftJoin(tenantPolicies, eq(tenantPolicies.id, tenants.policyId))
    .where(eq(tenants.id, tenantId));
  const reserved = new Map(
    (await db.select({ kind: quotaUsage.kind, used: quotaUsage.used }).from(quotaUsage).where(eq(quotaUsage.tenantId, tenantId))).map((r) => [
      r.kind,
      Number(r.used),
    ]),
  );
  const maxOf = (kind: QuotaKindName): number => {
    if (!limits || limits.isPlatform) return 0;
    return Number((limits as Record<string, unknown>)[kind] ?? 0);
  };
  const list = [];
  for (const kind of QUOTA_KINDS) {
    const used = isReservable(kind) ? (reserved.get(kind) ?? 0) : await liveCount(db, tenantId, kind);
    list.push({ kind, max: maxOf(kind), used });
  }
  return list;
}
