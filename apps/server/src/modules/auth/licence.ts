import { Status } from '@uc/contracts';
import { AppError, noLicence } from '../../lib/errors';

/** A tenant as far as its licence goes: enabled, and until when. */
export interface TenantLicence {
  tenantName: string;
  tenantStatus: number;
  tenantExpiresAt: Date | null;
}

export const TENANT_DISABLED = 'Your tenant "{tenant}" is disabled: ask the platform administrator to enable it';
export const TENANT_EXPIRED = 'The licence of your tenant "{tenant}" expired on {date} (UTC): ask the platform administrator to renew it';

/**
 * The code-60 refusal of a tenant that may not be used now, naming why; undefined when it may.
 * Checked at sign-in and on every signed-in call (requireSession, and the cache's expiry check), so a
 * session open when the licence runs out is refused at its very next call, not at its next sign-in.
 */
export function licenceRefusal(t: TenantLicence, now = Date.now()): AppError | undefined {
  if (t.tenantStatus !== Status.enabled) return noLicence(TENANT_DISABLED, { tenant: t.tenantName });
  if (t.tenantExpiresAt && t.tenantExpiresAt.getTime() <= now) {
    return noLicence(TENANT_EXPIRED, { tenant: t.tenantName, date: t.tenantExpiresAt.toISOString().slice(0, 16).replace('T', ' ') });
  }
  return undefined;
}
