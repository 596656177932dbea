import { z } from 'zod';
import { defineCall, TENANT_ACT_PERMISSION, type CallContract } from './define-call';
import { pagedOf } from './envelope';
import { idBody, idQuery, idSchema, NO_NUL, optionalEmail, optionalPhone, remarkSchema, statusBody, statusSchema } from './fields';
import { listQuerySchema } from './list-query';
import { MEMBER_LIST_FIELDS, memberRowSchema, USERNAME_PATTERN } from './member.contract';

/*
 * Tenants and their users, administered by the platform (/user/admin/tenant/*): every call is
 * platformOnly and runs cross-tenant on the server.
 */

export const tenantOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The platform's own tenant. */
  isPlatform: z.boolean(),
  status: z.number().int(),
});
export type TenantOption = z.infer<typeof tenantOptionSchema>;

export const tenantOptionCall = defineCall({
  method: 'GET',
  path: '/user/admin/tenant/option',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'Every tenant for selects (id, name, code), the platform first.',
  data: z.object({ list: z.array(tenantOptionSchema) }),
});

/** A tenant as the list and the details page show it (spec section 3, Tenant). */
export const tenantRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  leader: z.string(),
  /** The tenant's administrator: its first live user holding a default administrator role (null: none left). */
  adminUserId: z.number().int().nullable(),
  adminUsername: z.string(),
  adminRealName: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Null only for the platform tenant (it runs under no policy) and tenants made before policies. */
  policyId: z.number().int().nullable(),
  /** The policy's title ('' when none). */
  policyTitle: z.string(),
  status: z.number().int(),
  /** The instant the licence ends (ISO), null: never. See tenantExpiryDate for the date a person chose. */
  expiresAt: z.string().nullable(),
  isPlatform: z.boolean(),
  /** Live users (the recycle bin not counted). */
  userCount: z.number().int(),
  /** Users in the recycle bin. */
  deletedUserCount: z.number().int(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;

/** Fields the tenant list may filter and sort on (the server allow-list; anything else is a 400). */
export const TENANT_LIST_FIELDS = [
  'id',
  'name',
  'code',
  'leader',
  'phone',
  'email',
  'policyId',
  'status',
  'expiresAt',
  'isPlatform',
  'createdAt',
  'updatedAt',
] as const;
/** Fields the `keyword` operator searches. */
export const TENANT_KEYWORD_FIELDS = ['name', 'code', 'leader', 'phone', 'email'] as const;

/*
 * Expiry. People choose a day: the licence runs through the end of that day (UTC, the time the
 * licence refusal names), that is until 00:00 UTC of the next day. The API takes the day and answers
 * the instant; these two turn one into the other, the same way on the server and in the console.
 */
const DAY_MS = 86_400_000;
/** The instant a licence chosen to run through `date` (YYYY-MM-DD) ends. */
export const tenantExpiryInstant = (date: string): Date => new Date(Date.parse(`${date}T00:00:00.000Z`) + DAY_MS);
/** The last day (YYYY-MM-DD) of a licence ending at `iso`. */
export const tenantExpiryDate = (iso: string): string => new Date(Date.parse(iso) - 1).toISOString().slice(0, 10);

export const TENANT_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;
export const TENANT_CODE_RULE = 'Tenant code must be 2 to 32 letters, digits, _ or -';

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} cannot be empty` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(NO_NUL, `${field} cannot contain NUL characters`);
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .regex(NO_NUL, `${field} cannot contain NUL characters`)
    .default('');

export const tenantEditBody = z
  .object({
    /** Absent: create the tenant with its top department, administrator role and administrator; present: update the tenant's own fields. */
    id: idSchema.optional(),
    name: text('Tenant name', 64),
    code: z.string({ error: 'Tenant code cannot be empty' }).trim().min(1, 'Tenant code cannot be empty').regex(TENANT_CODE_PATTERN, TENANT_CODE_RULE),
    leader: optionalText('Leader', 64),
    phone: optionalPhone.default(''),
    email: optionalEmail.default(''),
    /** Required for every tenant but the platform's, which runs under none (send null for it). */
    policyId: idSchema.nullable().default(null),
    /** The last day of the licence (YYYY-MM-DD); null: it never expires. */
    expiresAt: z.iso.date('Expiry must be a date such as 2027-12-31').nullable().default(null),
    status: statusSchema.default(1),
    remark: remarkSchema,
    /** Create only: the tenant's administrator user (ignored on update: manage users in the tenant). */
    adminUsername: z
      .string()
      .trim()
      .refine((v) => v === '' || USERNAME_PATTERN.test(v), 'Administrator user name may use letters, digits and _ . @ - only (2 to 64)')
      .default(''),
    adminRealName: optionalText('Administrator real name', 64),
    adminMobile: optionalPhone.default(''),
    /** Create only: empty or absent, the server generates one and answers it once (generatedPassword). */
    adminPassword: z
      .string()
      .max(64, 'Administrator password must be at most 64 characters')
      .refine((v) => v === '' || v.length >= 8, 'Administrator password must be at least 8 characters, or empty to generate one')
      .default(''),
  })
  .superRefine((b, ctx) => {
    if (b.id !== undefined) return;
    if (!b.adminUsername) ctx.addIssue({ code: 'custom', path: ['adminUsername'], message: 'Administrator user name is required' });
    if (!b.adminRealName) ctx.addIssue({ code: 'custom', path: ['adminRealName'], message: 'Administrator real name is required' });
  });
export type TenantEditBody = z.output<typeof tenantEditBody>;
export type TenantEditInput = z.input<typeof tenantEditBody>;

export const tenantEditResultSchema = z.object({
  tenant: tenantRowSchema,
  /** The administrator's generated password, in this answer only (never stored in clear); null when typed or on update. */
  generatedPassword: z.string().nullable(),
});
export type TenantEditResult = z.infer<typeof tenantEditResultSchema>;

/** A user of any tenant: the member list's row, and whose it is. */
export const tenantUserRowSchema = memberRowSchema.extend({
  tenantId: z.number().int(),
  tenantName: z.string(),
});
export type TenantUserRow = z.infer<typeof tenantUserRowSchema>;
/** The tenant user lists take the member list's fields and the tenant's id. */
export const TENANT_USER_LIST_FIELDS = [...MEMBER_LIST_FIELDS, 'tenantId'] as const;

const platformCall = <D extends z.ZodType, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(c: {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  data: D;
  query?: Q;
  body?: B;
}) => defineCall<D, Q, B>({ ...c, access: 'permission', platformOnly: true, tag: 'tenant' });

export const tenantListCall = platformCall({
  method: 'GET',
  path: '/user/admin/tenant/list',
  summary: 'Tenants with their administrator, policy and user count, paged, filtered and sorted (the platform first by default).',
  query: listQuerySchema,
  data: pagedOf(tenantRowSchema),
});

export const tenantViewCall = platformCall({
  method: 'GET',
  // TENANT_ACT_PERMISSION: whoever may open a tenant's details may act inside it (X-UC-Tenant).
  path: TENANT_ACT_PERMISSION,
  summary: "One tenant (the details page's info tab).",
  query: idQuery,
  data: tenantRowSchema,
});

export const tenantEditCall = platformCall({
  method: 'POST',
  path: '/user/admin/tenant/edit',
  summary:
    "Creates a tenant in one transaction (no id): the tenant, its top department, an administrator role holding the policy's menus and its administrator user, the password typed or generated and answered once; or updates a tenant's own fields (id), applying a new policy at once.",
  body: tenantEditBody,
  data: tenantEditResultSchema,
});

export const tenantStatusCall = platformCall({
  method: 'POST',
  path: '/user/admin/tenant/status',
  summary: "Enables (1) or disables (2) a tenant; disabling ends its users' sessions at once. Never the platform tenant.",
  body: statusBody,
  data: z.null(),
});

export const tenantDeleteCall = platformCall({
  method: 'POST',
  path: '/user/admin/tenant/delete',
  summary: 'Deletes a tenant without users (live or in the recycle bin) with its departments, roles, posts and logs. Never the platform tenant.',
  body: idBody,
  data: z.null(),
});

export const tenantUserListCall = platformCall({
  method: 'GET',
  path: '/user/admin/tenant/user/list',
  summary: 'Users of every tenant, with their tenant, paged, filtered (tenantId and the member list fields) and sorted.',
  query: listQuerySchema,
  data: pagedOf(tenantUserRowSchema),
});

export const tenantUserRecycleCall = platformCall({
  method: 'GET',
  path: '/user/admin/tenant/user/recycle',
  summary: 'Users in the recycle bins of every tenant, with their tenant, paged, filtered and sorted.',
  query: listQuerySchema,
  data: pagedOf(tenantUserRowSchema),
});

export const TENANT_CALLS: readonly CallContract[] = [
  tenantOptionCall,
  tenantListCall,
  tenantViewCall,
  tenantEditCall,
  tenantStatusCall,
  tenantDeleteCall,
  tenantUserListCall,
  tenantUserRecycleCall,
];
