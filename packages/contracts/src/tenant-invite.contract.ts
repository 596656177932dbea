import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { idBody, idQuery, idSchema } from './fields';
import { listQuerySchema } from './list-query';
import { NO_NUL } from './fields';

/*
 * Tenant invitations (/tenant/invite): a single-use code with which someone registers a new tenant,
 * named after the invite's company and run under its policy (POST /user/admin/site/register takes
 * the code). The platform administers them; a used invite is kept as the record of who used it.
 */

export const INVITE_CODE_PATTERN = /^[A-Za-z0-9-]{6,32}$/;
export const INVITE_CODE_RULE = 'Invitation code must be 6 to 32 letters, digits or dashes';

export const tenantInviteRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  companyName: z.string(),
  policyId: z.number().int(),
  /** The policy's title ('' when the policy is gone). */
  policyTitle: z.string(),
  code: z.string(),
  creatorUsername: z.string(),
  used: z.boolean(),
  usedUserId: z.number().int().nullable(),
  usedUsername: z.string(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TenantInviteRow = z.infer<typeof tenantInviteRowSchema>;

export const TENANT_INVITE_LIST_FIELDS = [
  'id',
  'title',
  'companyName',
  'policyId',
  'code',
  'creatorUsername',
  'used',
  'usedUsername',
  'usedAt',
  'createdAt',
] as const;
export const TENANT_INVITE_KEYWORD_FIELDS = ['title', 'companyName', 'code', 'usedUsername'] as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} cannot be empty` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(NO_NUL, `${field} cannot contain NUL characters`);

export const tenantInviteEditBody = z.object({
  /** Absent: create; present: update (an invite that was used can no longer change). */
  id: idSchema.optional(),
  title: text('Title', 64),
  companyName: text('Company name', 128),
  policyId: z.number({ error: 'Choose the tenant policy the new tenant runs under' }).int().positive('Choose the tenant policy the new tenant runs under'),
  /** Empty or absent on create: the server makes a random code. */
  code: z
    .string()
    .trim()
    .refine((v) => v === '' || INVITE_CODE_PATTERN.test(v), INVITE_CODE_RULE)
    .default(''),
});
export type TenantInviteEditBody = z.output<typeof tenantInviteEditBody>;
export type TenantInviteInput = z.input<typeof tenantInviteEditBody>;

export const tenantInviteListCall = defineCall({
  method: 'GET',
  path: '/user/admin/tenant/invite/list',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'Tenant invitations, newest first, paged and filtered (used = true or false).',
  query: listQuerySchema,
  data: pagedOf(tenantInviteRowSchema),
});

export const tenantInviteViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/tenant/invite/view',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'One tenant invitation.',
  query: idQuery,
  data: tenantInviteRowSchema,
});

export const tenantInviteEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/tenant/invite/edit',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'Creates an invitation (no id; a random code unless one is given) or updates an unused one (id); codes are unique.',
  body: tenantInviteEditBody,
  data: tenantInviteRowSchema,
});

export const tenantInviteDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/tenant/invite/delete',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'Deletes an invitation; an unused code stops working at once.',
  body: idBody,
  data: z.null(),
});

/* The policy select's call, tenantPolicyOptionCall, belongs to the policy resource: tenant-policy.contract.ts. */

export const TENANT_INVITE_CALLS = [tenantInviteListCall, tenantInviteViewCall, tenantInviteEditCall, tenantInviteDeleteCall] as const;
