import { Status } from '@uc/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, ts } from './schema-columns';

/*
 * Platform-level account tables (no tenant_id: they exist before a tenant does, or belong to the
 * platform that administers tenants).
 */

/** SMS verification codes: only a hash is kept; single use, bound to mobile and event, short-lived. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id().primaryKey(),
    mobile: text('mobile').notNull(),
    /** login | register | resetPwd | bind */
    event: text('event').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong guesses; the code dies after 5. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_codes_mobile_event_idx').on(t.mobile, t.event, t.createdAt)],
);

/** What the SMS driver sent (the `log` driver's outbox; the `webhook` driver records deliveries too). */
export const smsOutbox = pgTable('sms_outbox', {
  id: id().primaryKey(),
  mobile: text('mobile').notNull(),
  event: text('event').notNull(),
  body: text('body').notNull(),
  driver: text('driver').notNull(),
  /** sent | failed */
  status: text('status').notNull(),
  error: text('error').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Tenant policies (spec section 3): quotas, data range, what registration does, allowed menus. */
export const tenantPolicies = pgTable(
  'tenant_policies',
  {
    id: id().primaryKey(),
    title: text('title').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Quotas; 0 means no limit. */
    maxUsers: integer('max_users').notNull().default(0),
    maxDepts: integer('max_depts').notNull().default(0),
    maxRoles: integer('max_roles').notNull().default(0),
    maxPosts: integer('max_posts').notNull().default(0),
    maxProjects: integer('max_projects').notNull().default(0),
    maxProjectDevices: integer('max_project_devices').notNull().default(0),
    maxProjectScenes: integer('max_project_scenes').notNull().default(0),
    maxProducts: integer('max_products').notNull().default(0),
    maxDevices: integer('max_devices').notNull().default(0),
    maxDeviceProperties: integer('max_device_properties').notNull().default(0),
    /** Widest data scope a tenant's roles may have (1 all ... 5 self). */
    dataRange: smallint('data_range').notNull().default(1),
    /** On registration: 1 create a new tenant, 2 join the default tenant. */
    tenantSetting: smallint('tenant_setting').notNull().default(1),
    defaultTenantId: bigint('default_tenant_id', { mode: 'number' }),
    defaultDeptId: bigint('default_dept_id', { mode: 'number' }),
    defaultRoleId: bigint('default_role_id', { mode: 'number' }),
    defaultPostId: bigint('default_post_id', { mode: 'number' }),
    /** Menus a tenant of this policy may grant (its administrator role gets them all). */
    menuIds: jsonb('menu_ids').$type<number[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(Status.enabled),
    remark: text('remark').notNull().default(''),
    ...timestamps,
  },
  // Exactly one default (registration runs under it): at most one by this index, at least one by the
  // policy service, which never takes the flag away without giving it to another (drizzle/0025).
  (t) => [
    uniqueIndex('tenant_policies_one_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/** Invitations to register a new tenant under a policy; single use. */
export const tenantInvites = pgTable(
  'tenant_invites',
  {
    id: id().primaryKey(),
    title: text('title').notNull(),
    companyName: text('company_name').notNull(),
    // No foreign key (drizzle/0025): a used invitation stays as the record of who used it after its
    // policy is deleted; an unused one keeps its policy from being deleted (tenant-policy.service.ts).
    policyId: bigint('policy_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    creatorId: bigint('creator_id', { mode: 'number' }),
    creatorUsername: text('creator_username').notNull().default(''),
    used: boolean('used').notNull().default(false),
    usedUserId: bigint('used_user_id', { mode: 'number' }),
    usedUsername: text('used_username').notNull().default(''),
    usedAt: ts('used_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tenant_invites_code_uq').on(t.code)],
);
