import { z } from 'zod';
import { defineCall, type CallContract } from './define-call';
import { pagedOf } from './envelope';
import { idBody, idQuery, idSchema, NO_NUL, remarkSchema, sortSchema, statusBody, statusSchema } from './fields';
import { listQuerySchema } from './list-query';

/*
 * Tenant policies (/user/admin/tenant/policy/*), spec section 3: what a tenant may have (ten maximum
 * counts, 0 = unlimited), the widest data scope its roles may use, the menus its administrator role
 * holds, and what registration does under it (tenant setting 1: a new tenant; 2: join the default
 * tenant with the default department, role and post). Exactly one policy is the default: registration
 * without an invitation runs under it. Platform data: every call is platform-only.
 */

/** The ten maximum counts, in the order screens show them (0 = unlimited). */
export const TENANT_POLICY_MAX_FIELDS = [
  'maxUsers',
  'maxDepts',
  'maxRoles',
  'maxPosts',
  'maxProjects',
  'maxProjectDevices',
  'maxProjectScenes',
  'maxProducts',
  'maxDevices',
  'maxDeviceProperties',
] as const;
export type TenantPolicyMaxField = (typeof TENANT_POLICY_MAX_FIELDS)[number];

/** Registration under the policy: 1 creates a new tenant, 2 joins the policy's default tenant. */
export const tenantSetting = { newTenant: 1, joinDefault: 2 } as const;
export type TenantSettingValue = (typeof tenantSetting)[keyof typeof tenantSetting];

/** Largest maximum a policy may set (the columns are 32-bit integers). */
export const TENANT_POLICY_MAX_COUNT = 1_000_000_000;

export const tenantPolicyRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  isDefault: z.boolean(),
  maxUsers: z.number().int(),
  maxDepts: z.number().int(),
  maxRoles: z.number().int(),
  maxPosts: z.number().int(),
  maxProjects: z.number().int(),
  maxProjectDevices: z.number().int(),
  maxProjectScenes: z.number().int(),
  maxProducts: z.number().int(),
  maxDevices: z.number().int(),
  maxDeviceProperties: z.number().int(),
  /** Widest data scope the tenant's roles may have (the role contract's dataScope values). */
  dataRange: z.number().int(),
  tenantSetting: z.number().int(),
  defaultTenantId: z.number().int().nullable(),
  /** The default tenant's name ('' when none, or when it is gone). */
  defaultTenantName: z.string(),
  defaultDeptId: z.number().int().nullable(),
  defaultRoleId: z.number().int().nullable(),
  defaultPostId: z.number().int().nullable(),
  /** The allowed menus (directories, menus and buttons of the catalogue). */
  menuIds: z.array(z.number().int()),
  /** Tenants running under the policy. */
  tenantCount: z.number().int(),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TenantPolicyRow = z.infer<typeof tenantPolicyRowSchema>;

export const TENANT_POLICY_LIST_FIELDS = [
  'id',
  'title',
  'isDefault',
  'dataRange',
  'tenantSetting',
  'maxUsers',
  'sort',
  'status',
  'remark',
  'createdAt',
  'updatedAt',
] as const;
export const TENANT_POLICY_KEYWORD_FIELDS = ['title', 'remark'] as const;

const TITLE_REQUIRED = 'Title cannot be empty';
/** What each limit counts, in the words of its rule (shown under the field, and in the server's refusal). */
const COUNTED: Record<TenantPolicyMaxField, string> = {
  maxUsers: 'users',
  maxDepts: 'departments',
  maxRoles: 'roles',
  maxPosts: 'posts',
  maxProjects: 'projects',
  maxProjectDevices: 'project devices',
  maxProjectScenes: 'project scenes',
  maxProducts: 'products',
  maxDevices: 'devices',
  maxDeviceProperties: 'device properties',
};
const maxCount = (field: TenantPolicyMaxField) => {
  const rule = `The most ${COUNTED[field]} must be a whole number from 0 to ${TENANT_POLICY_MAX_COUNT} (0 = unlimited)`;
  return z.number({ error: rule }).int(rule).min(0, rule).max(TENANT_POLICY_MAX_COUNT, rule).default(0);
};
/** `record`: which default record it is, in words (`default tenant`). */
const defaultRecord = (record: string) =>
  z
    .number({ error: `The ${record} must be a positive whole-number ID` })
    .int(`The ${record} must be a positive whole-number ID`)
    .positive(`The ${record} must be a positive whole-number ID`)
    .nullable()
    .default(null);

export const DATA_RANGE_RULE = 'The data range must be one of 1 (all), 2 (own department), 3 (department and below), 4 (custom departments), 5 (self only)';
export const TENANT_SETTING_RULE = 'Registration must be 1 (registration creates a new tenant) or 2 (registration joins the default tenant)';

export const tenantPolicyEditBody = z.object({
  /** Absent: create; present: update. */
  id: idSchema.optional(),
  title: z
    .string({ error: TITLE_REQUIRED })
    .trim()
    .min(1, TITLE_REQUIRED)
    .max(64, 'Title must be at most 64 characters')
    .regex(NO_NUL, 'Title cannot contain NUL characters'),
  /** Making a policy the default takes the flag from the previous one (exactly one default). */
  isDefault: z.boolean({ error: 'The default policy setting must be true or false' }).default(false),
  maxUsers: maxCount('maxUsers'),
  maxDepts: maxCount('maxDepts'),
  maxRoles: maxCount('maxRoles'),
  maxPosts: maxCount('maxPosts'),
  maxProjects: maxCount('maxProjects'),
  maxProjectDevices: maxCount('maxProjectDevices'),
  maxProjectScenes: maxCount('maxProjectScenes'),
  maxProducts: maxCount('maxProducts'),
  maxDevices: maxCount('maxDevices'),
  maxDeviceProperties: maxCount('maxDeviceProperties'),
  dataRange: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: DATA_RANGE_RULE }).default(1),
  tenantSetting: z.union([z.literal(1), z.literal(2)], { error: TENANT_SETTING_RULE }).default(1),
  /** Tenant setting 2 only (all four required there; the department, role and post of that tenant). */
  defaultTenantId: defaultRecord('default tenant'),
  defaultDeptId: defaultRecord('default department'),
  defaultRoleId: defaultRecord('default role'),
  defaultPostId: defaultRecord('default post'),
  menuIds: z
    .array(z.number({ error: 'Allowed menus must be menu IDs' }).int('Allowed menus must be menu IDs').positive('Allowed menus must be menu IDs'), {
      error: 'Allowed menus must be a list of menu IDs',
    })
    .max(10_000, 'Allowed menus may hold at most 10000 menus')
    .default([]),
  sort: sortSchema,
  status: statusSchema.default(1),
  remark: remarkSchema,
});
export type TenantPolicyEditBody = z.output<typeof tenantPolicyEditBody>;
export type TenantPolicyInput = z.input<typeof tenantPolicyEditBody>;

export const tenantPolicyListCall = defineCall({
  method: 'GET',
  path: '/user/admin/tenant/policy/list',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'Tenant policies, the default first then by sort, paged, filtered and sorted.',
  query: listQuerySchema,
  data: pagedOf(tenantPolicyRowSchema),
});

export const tenantPolicyViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/tenant/policy/view',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'One tenant policy with its allowed menus.',
  query: idQuery,
  data: tenantPolicyRowSchema,
});

export const tenantPolicyEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/tenant/policy/edit',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary:
    'Creates a policy (no id) or updates one (id). Its allowed menus and data range apply at once to every tenant on it: the administrator roles hold exactly the allowed menus, other roles lose what is no longer allowed.',
  body: tenantPolicyEditBody,
  data: tenantPolicyRowSchema,
});

export const tenantPolicyDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/tenant/policy/delete',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'Deletes a policy that is not the default and that no tenant and no unused invitation uses.',
  body: idBody,
  data: z.null(),
});

export const tenantPolicyStatusCall = defineCall({
  method: 'POST',
  path: '/user/admin/tenant/policy/status',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'Enables (1) or disables (2) a policy; a disabled one is not offered for new invitations and tenants, and the default cannot be disabled.',
  body: statusBody,
  data: tenantPolicyRowSchema,
});

export const tenantPolicyOptionCall = defineCall({
  method: 'GET',
  path: '/user/admin/tenant/policy/option',
  access: 'permission',
  platformOnly: true,
  tag: 'tenant',
  summary: 'The enabled tenant policies for selects, the default first.',
  data: z.object({ list: z.array(z.object({ id: z.number().int(), title: z.string(), isDefault: z.boolean() })) }),
});

export const TENANT_POLICY_CALLS: readonly CallContract[] = [
  tenantPolicyListCall,
  tenantPolicyViewCall,
  tenantPolicyEditCall,
  tenantPolicyDeleteCall,
  tenantPolicyStatusCall,
  tenantPolicyOptionCall,
];
