import { z } from 'zod';
import { defineCall } from './define-call';
import { NO_NUL } from './fields';

/*
 * A tenant's quotas (/user/admin/tenant/quota*). The tenant policy caps ten counts. This server owns
 * four (users, departments, roles, posts: refused past the maximum when created); the other six belong
 * to other services of the platform (an addon owning projects or devices, signed in with an open
 * access key), which reserve units here before they create and release them when they delete.
 */

/** Every count a tenant policy caps, in the order screens list them. */
export const QUOTA_KINDS = [
  'users',
  'depts',
  'roles',
  'posts',
  'projects',
  'projectDevices',
  'projectScenes',
  'products',
  'devices',
  'deviceProperties',
] as const;
export type QuotaKindName = (typeof QUOTA_KINDS)[number];

/** The counts other services reserve (the first four are counted from this server's own records). */
export const RESERVABLE_QUOTA_KINDS = ['projects', 'projectDevices', 'projectScenes', 'products', 'devices', 'deviceProperties'] as const;
export type ReservableQuotaKind = (typeof RESERVABLE_QUOTA_KINDS)[number];

/** Most units one reservation may take (a guard against typos, not a policy). */
export const QUOTA_RESERVE_MAX_UNITS = 1_000_000;

const quotaLine = z.object({
  kind: z.enum(QUOTA_KINDS),
  /** The policy's maximum; 0: unlimited (no policy, or the platform's own tenant). */
  max: z.number().int(),
  /** Live records for the first four; units reserved and not released for the others. */
  used: z.number().int(),
});

export const tenantQuotaCall = defineCall({
  method: 'GET',
  path: '/user/admin/tenant/quota',
  access: 'permission',
  tag: 'tenant',
  summary: "The caller's tenant: each policy maximum (0 = unlimited) with the usage this server knows.",
  data: z.object({ list: z.array(quotaLine) }),
});

export const tenantQuotaReserveBody = z.object({
  kind: z.enum(RESERVABLE_QUOTA_KINDS, { error: `The quota kind must be one of ${RESERVABLE_QUOTA_KINDS.join(', ')}` }),
  units: z
    .number({ error: 'The units to reserve must be a whole number from 1 to 1000000' })
    .int('The units to reserve must be a whole number from 1 to 1000000')
    .min(1, 'The units to reserve must be a whole number from 1 to 1000000')
    .max(QUOTA_RESERVE_MAX_UNITS, 'The units to reserve must be a whole number from 1 to 1000000'),
  /** The reserving service's own name for what the units are for (a project id), kept with the reservation. */
  reference: z.string().max(128, 'The reference must be at most 128 characters').regex(NO_NUL, 'The reference cannot contain NUL characters').default(''),
});

const reservation = z.object({
  reservationId: z.number().int(),
  kind: z.enum(RESERVABLE_QUOTA_KINDS),
  units: z.number().int(),
  /** The tenant's usage of this count after the call. */
  used: z.number().int(),
  max: z.number().int(),
});

export const tenantQuotaReserveCall = defineCall({
  method: 'POST',
  path: '/user/admin/tenant/quota/reserve',
  access: 'permission',
  tag: 'tenant',
  summary: "Reserves units of a count in the caller's tenant, atomically: all or none, refused (409) past the policy maximum.",
  body: tenantQuotaReserveBody,
  data: reservation,
});

export const tenantQuotaReleaseCall = defineCall({
  method: 'POST',
  path: '/user/admin/tenant/quota/release',
  access: 'permission',
  tag: 'tenant',
  summary: 'Gives back the units of one reservation (once; a second release is a 404).',
  body: z.object({ reservationId: z.number({ error: 'The reservation ID is required' }).int().positive('The reservation ID is required') }),
  data: reservation,
});

export const TENANT_QUOTA_CALLS = [tenantQuotaCall, tenantQuotaReserveCall, tenantQuotaReleaseCall] as const;
