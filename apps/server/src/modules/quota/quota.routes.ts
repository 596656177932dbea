import { tenantQuotaCall, tenantQuotaReleaseCall, tenantQuotaReserveCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { quotaSummary } from './quota-reserve.repository';
import { releaseQuota, reserveQuota } from './quota-reserve.service';

/*
 * The caller's own tenant only (withTenant's scope): a service of the platform signs in with its
 * tenant's open access key, and a role of that tenant grants these calls (buttons of the open access
 * menu). The audit log records each reservation and release like any administrative write.
 */
export function tenantQuotaCalls(): CallImplementation[] {
  return [
    implement(tenantQuotaCall, async ({ db, session }) => ({ list: await quotaSummary(db, session.tenantId) })),
    implement(tenantQuotaReserveCall, async ({ db, session, body, auditTarget }) => {
      const reserved = await reserveQuota(db, session, body);
      auditTarget(`${body.kind} ${reserved.reservationId}`);
      return reserved;
    }),
    implement(tenantQuotaReleaseCall, async ({ db, session, body }) => releaseQuota(db, session.tenantId, body.reservationId)),
  ];
}
