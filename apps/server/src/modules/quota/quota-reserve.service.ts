import type { ReservableQuotaKind } from '@uc/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { giveBackQuota, takeQuota, type Reservation } from './quota-reserve.repository';

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

/** Reserves units of a count other services own (quota-reserve.repository.ts), or refuses past the policy's maximum. */
export async function reserveQuota(
  db: Db,
  caller: { tenantId: number; userId: number },
  input: { kind: ReservableQuotaKind; units: number; reference: string },
): Promise<Reservation> {
  const taken = await takeQuota(db, caller, input);
  if (taken.outcome === 'overMax') throw conflict(RESERVE_REFUSED[input.kind], { units: input.units, max: taken.max, used: taken.used });
  return taken.reservation;
}

export async function releaseQuota(db: Db, tenantId: number, reservationId: number): Promise<Reservation> {
  const released = await giveBackQuota(db, tenantId, reservationId);
  if (!released) {
    throw notFound('The reservation {reservationId} does not exist or was already released: release each reservation once, by the id reserve answered', {
      reservationId,
    });
  }
  return released;
}
