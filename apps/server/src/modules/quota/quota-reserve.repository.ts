import { QUOTA_KINDS, RESERVABLE_QUOTA_KINDS, type QuotaKindName, type ReservableQuotaKind } from '@uc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quotaReservations, quotaUsage, tenantPolicies, tenants } from '../../db/schema';
import { LIMIT_COLUMN, liveCount, quotaOf } from './quota';

/*
 * Reservations of the counts other services own (drizzle/0027_tenant_quota.sql). A reservation is one
 * conditional UPDATE of the tenant's counter row: concurrent ones queue on its row lock, and each
 * re-checks `used + units <= max` against the value the one before it committed, so the sum granted
 * never passes the maximum. The counter row is made first if missing (ON CONFLICT DO NOTHING: two
 * first reservations make it once). Everything runs in the caller's tenant transaction (ctx.db).
 */

export interface Reservation {
  reservationId: number;
  kind: ReservableQuotaKind;
  units: number;
  used: number;
  max: number;
}

const isReservable = (kind: string): kind is ReservableQuotaKind => (RESERVABLE_QUOTA_KINDS as readonly string[]).includes(kind);

/** A reservation made, or refused over the maximum with the usage it met (nothing is counted then). */
export type ReserveOutcome = { outcome: 'reserved'; reservation: Reservation } | { outcome: 'overMax'; max: number; used: number };

export async function takeQuota(
  db: Db,
  caller: { tenantId: number; userId: number },
  input: { kind: ReservableQuotaKind; units: number; reference: string },
): Promise<ReserveOutcome> {
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
    return { outcome: 'overMax', max, used: now?.used ?? 0 };
  }
  const [row] = await db
    .insert(quotaReservations)
    .values({ tenantId, kind: input.kind, units: input.units, reference: input.reference, userId: caller.userId })
    .returning({ id: quotaReservations.id });
  return { outcome: 'reserved', reservation: { reservationId: row!.id, kind: input.kind, units: input.units, used: Number(granted.used), max } };
}

/** Gives a reservation's units back; undefined when there is no such reservation (or it was released already). */
export async function giveBackQuota(db: Db, tenantId: number, reservationId: number): Promise<Reservation | undefined> {
  // Deleted first: of two releases of one reservation only one finds the row, so units go back once.
  const [gone] = await db
    .delete(quotaReservations)
    .where(and(eq(quotaReservations.tenantId, tenantId), eq(quotaReservations.id, reservationId)))
    .returning({ kind: quotaReservations.kind, units: quotaReservations.units });
  if (!gone || !isReservable(gone.kind)) return undefined;
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
