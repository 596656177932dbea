import { TENANT_ACT_PERMISSION, TENANT_HEADER, permissionOf, type CallContract } from '@uc/contracts';
import type { Db } from '../../db/client';
import { requirePermission, type Session } from '../../modules/auth/access';
import type { AuthCache, AuthEpochs } from '../../modules/auth/auth-cache';
import { requireCoverage } from '../../modules/member/member-coverage';
import { forbidden } from '../../lib/errors';

/*
 * Admission: may this caller make this call? Who may call comes before what they sent (validate.ts):
 * strangers learn nothing from validation messages. The coverage guard comes after it, as it reads
 * the validated body.
 */

export const DEMO_READ_ONLY = 'The demo account is read-only';
export const PLATFORM_ONLY = 'Only the platform administrators manage tenants, their policies and invitations: ask them';
export const PLATFORM_ACTS = 'Only the platform administrators act inside other tenants: leave out the {header} header';

/** The rules that need no query: the session's own flags against the contract's. */
export function admit(call: CallContract, session: Session): void {
  // The demo account looks but never changes anything: one rule here, for every call.
  if (session.readOnly && call.method !== 'GET') throw forbidden(DEMO_READ_ONLY);
  if (call.platformOnly && !session.tenantIsPlatform) throw forbidden(PLATFORM_ONLY);
}

/** The permission string a call asks of its caller, or undefined (public and session calls): read once per route. */
export const requiredPermission = (call: CallContract): string | undefined => (call.access === 'permission' ? permissionOf(call) : undefined);

type Cached = { cache: AuthCache; epochs: AuthEpochs } | undefined;

/** The call's permission, in the caller's tenant transaction; undefined when there is nothing to check. */
export function checkPermission(db: Db, session: Session, permission: string | undefined, cached: Cached): Promise<void> | undefined {
  // An operator's permission was checked in their own tenant (admitOperator).
  if (permission === undefined || session.operator) return undefined;
  return requirePermission(db, session, permission, cached);
}

/**
 * A platform administrator asking to act inside another tenant, in a transaction of their own tenant:
 * they need the call's permission and TENANT_ACT_PERMISSION there.
 */
export async function admitOperator(tx: Db, session: Session, call: CallContract, cached: Cached): Promise<void> {
  admit(call, session);
  if (!session.tenantIsPlatform) throw forbidden(PLATFORM_ACTS, { header: TENANT_HEADER });
  await requirePermission(tx, session, permissionOf(call), cached);
  await requirePermission(tx, session, TENANT_ACT_PERMISSION, cached);
}

/**
 * One guard for every call that acts on a user (`actsOnUser: true`, on `body.id`): nobody acts on an
 * account stronger than their own. Batch calls guard each row (batch-rows.ts).
 */
export function checkCoverage(db: Db, session: Session, call: CallContract, body: unknown): Promise<void> | undefined {
  const targetUser = call.actsOnUser === true ? (body as { id?: number }).id : undefined;
  return targetUser === undefined ? undefined : requireCoverage(db, session, targetUser);
}
