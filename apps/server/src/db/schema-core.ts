import { Status, type RemotePage } from '@uc/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { common, id, tenantId, timestamps, ts } from './schema-columns';

/*
 * One schema for PGlite and PostgreSQL. Tenant-owned tables carry tenant_id first in their primary
 * and foreign keys, so they can be distributed by tenant_id with Citus. Ids are identity bigints read
 * as JS numbers (safe up to 2^53). Status everywhere: 1 enabled, 2 disabled.
 */

export const tenants = pgTable('tenants', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  leader: text('leader').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  status: smallint('status').notNull().default(Status.enabled),
  expiresAt: ts('expires_at'),
  /** The platform's own tenant administers all tenants. */
  isPlatform: boolean('is_platform').notNull().default(false),
  /** The tenant policy (quotas, allowed menus); null: no limits. */
  policyId: bigint('policy_id', { mode: 'number' }),
  remark: text('remark').notNull().default(''),
  ...timestamps,
});

export const depts = pgTable(
  'depts',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    leader: text('leader').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    ...common,
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex('depts_tenant_code_uq')
      .on(t.tenantId, t.code)
      .where(sql`${t.code} <> ''`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    /** 1 all, 2 own department, 3 department and below, 4 custom departments, 5 self only. */
    dataScope: smallint('data_scope').notNull().default(1),
    /** The tenant's default administrator role. */
    isDefaultAdmin: boolean('is_default_admin').notNull().default(false),
    ...common,
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex('roles_tenant_key_uq').on(t.tenantId, t.key),
  ],
);

/** Departments of a role with the custom data scope (4). */
export const roleDepts = pgTable(
  'role_depts',
  {
    tenantId: tenantId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    deptId: bigint('dept_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.deptId] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.deptId], foreignColumns: [depts.tenantId, depts.id] }).onDelete('cascade'),
  ],
);

export const posts = pgTable(
  'posts',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    ...common,
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('posts_tenant_code_uq')
      .on(t.tenantId, t.code)
      .where(sql`${t.code} <> ''`),
    uniqueIndex('posts_tenant_name_uq').on(t.tenantId, t.name),
  ],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: text('real_name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    /**
     * uc_mobile_key of the number its holder verified with an SMS code; null: not verified (typed by an
     * administrator). Only a verified number signs in or resets a password; a trigger (drizzle/0040)
     * clears it whenever the number changes, so only a write that sets both verifies.
     */
    verifiedMobile: text('verified_mobile'),
    email: text('email').notNull().default(''),
    deptId: bigint('dept_id', { mode: 'number' }),
    postId: bigint('post_id', { mode: 'number' }),
    /** 0 unknown, 1 male, 2 female. */
    sex: smallint('sex').notNull().default(0),
    status: smallint('status').notNull().default(Status.enabled),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** How the user came to be: userSource in @uc/contracts (0 unknown: created before it was recorded). */
    source: smallint('source').notNull().default(0),
    lastLoginAt: ts('last_login_at'),
    lastLoginIp: text('last_login_ip').notNull().default(''),
    loginCount: integer('login_count').notNull().default(0),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    integral: bigint('integral', { mode: 'number' }).notNull().default(0),
    /** YYYY-MM-DD, or null when not given. */
    birthday: date('birthday', { mode: 'string' }),
    address: text('address').notNull().default(''),
    qq: text('qq').notNull().default(''),
    alipayName: text('alipay_name').notNull().default(''),
    alipayAccount: text('alipay_account').notNull().default(''),
    /** URL of the Alipay payment code image (an upload). */
    alipayCode: text('alipay_code').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...timestamps,
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.deptId], foreignColumns: [depts.tenantId, depts.id] }),
    foreignKey({ columns: [t.tenantId, t.postId], foreignColumns: [posts.tenantId, posts.id] }),
    // User names are global (sign-in does not ask for a tenant), compared case-insensitively.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    // A verified phone number signs in to at most one account, across tenants: mobile sign-in and SMS
    // reset find the user by it alone (drizzle/0040). Any number, verified or not, is one user's within
    // a tenant; uc_mobile_key (drizzle/0017) normalises the number ('' is null).
    uniqueIndex('users_mobile_uq')
      .on(t.verifiedMobile)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_tenant_mobile_uq')
      .on(t.tenantId, sql`uc_mobile_key(${t.mobile})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The member list's default order over live users (issue 11): page 1 reads ten entries, a deep
    // page skips its offset on this index alone, a keyset page starts at its cursor.
    index('users_live_tenant_id_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The recycle bin's: the few deleted users of a tenant without reading its live ones.
    index('users_deleted_tenant_id_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.deletedAt} is not null`),
    // The platform's list of every tenant's users, newest first across tenants (drizzle/0026).
    index('users_live_id_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is null`),
    index('users_deleted_id_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    // Search (like and keyword on username, realName, mobile, email) uses trigram indexes that need
    // the pg_trgm extension, so they are created by drizzle/0019_list_scale.sql where it is available.
    // Who holds a private upload (the payment code's file route and the upload sweep); few users have one.
    index('users_alipay_code_idx')
      .on(t.tenantId, t.alipayCode)
      .where(sql`${t.alipayCode} <> ''`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    // The holders of one role: a role is not deleted while anyone holds it (drizzle/0041).
    index('user_roles_role_idx').on(t.tenantId, t.roleId),
  ],
);

export const userPosts = pgTable(
  'user_posts',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    postId: bigint('post_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.postId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.postId], foreignColumns: [posts.tenantId, posts.id] }).onDelete('cascade'),
  ],
);

/** The platform's menu catalogue (not tenant-owned; tenants choose from it through role_menus). */
export const menus = pgTable(
  'menus',
  {
    id: id().primaryKey(),
    parentId: bigint('parent_id', { mode: 'number' }),
    /** 1 directory, 2 menu, 3 button. */
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    /** Locale key of the name, such as menu.org.user. */
    locale: text('locale').notNull().default(''),
    path: text('path').notNull().default(''),
    component: text('component').notNull().default(''),
    redirect: text('redirect').notNull().default(''),
    icon: text('icon').notNull().default(''),
    /** API addresses this entry grants, comma-separated. */
    permissions: text('permissions').notNull().default(''),
    /** Open in a new tab (header items flagged affix). */
    affix: boolean('affix').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    /** Plugin (addon) the entry belongs to. */
    addon: text('addon').notNull().default('ml.svc.user'),
    /** 1 PC, 2 mobile. */
    client: smallint('client').notNull().default(1),
    /** Routing alias (route name); unique over the catalogue when set. */
    alias: text('alias').notNull().default(''),
    /** Route whose menu item lights up while this entry (usually hidden) is open. */
    highlight: text('highlight').notNull().default(''),
    /** Rendered outside the main layout (a root route). */
    isRoot: boolean('is_root').notNull().default(false),
    /** Opens in a pop-up (modal) rather than a page. */
    popup: boolean('popup').notNull().default(false),
    /** Simplified routing: the route is registered without its parents' layout chain. */
    simplified: boolean('simplified').notNull().default(false),
    /** The page is kept alive (cached) when navigating away. */
    keepAlive: boolean('keep_alive').notNull().default(false),
    /** The routing address is an external link. */
    external: boolean('external').notNull().default(false),
    ...common,
    ...timestamps,
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    index('menus_parent_idx').on(t.parentId),
    uniqueIndex('menus_alias_uq')
      .on(t.alias)
      .where(sql`${t.alias} <> ''`),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: tenantId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    menuId: bigint('menu_id', { mode: 'number' })
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

/** Sign-ins. Only the sha256 of a token is stored; revoking sets revoked_at and takes effect at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The demo account's sessions: every call but GET is refused (route registrar). */
    readOnly: boolean('read_only').notNull().default(false),
    /**
     * The open access key that opened the session (null for every other sign-in). Disabling,
     * rotating or relinking the key ends its sessions (open-access.service.ts); deleting it deletes them.
     */
    openAccessKeyId: bigint('open_access_key_id', { mode: 'number' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({
      name: 'sessions_open_access_key_fk',
      columns: [t.tenantId, t.openAccessKeyId],
      foreignColumns: [openAccessKeys.tenantId, openAccessKeys.id],
    }).onDelete('cascade'),
    index('sessions_user_idx').on(t.tenantId, t.userId),
    index('sessions_open_access_key_idx')
      .on(t.tenantId, t.openAccessKeyId)
      .where(sql`${t.openAccessKeyId} is not null`),
  ],
);

/** Captcha codes (sha256 of the lower-cased code): single use, short-lived. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** The registry of federated remotes the shell loads at run time. */
export const remotes = pgTable('remotes', {
  name: text('name').primaryKey(),
  /** URL of the remote's mf-manifest.json (a local path or any external URL for addons). */
  entry: text('entry').notNull(),
  version: text('version').notNull(),
  routes: jsonb('routes').$type<string[]>().notNull().default([]),
  /** Display name per locale, from the remote's declaration ({ "zh-CN": "组织管理", "en-US": "Organisation" }). */
  title: jsonb('title').$type<Record<string, string>>().notNull().default({}),
  icon: text('icon').notNull().default(''),
  /** The pages it serves (path, title per locale, icon, hidden, accessAs), from its declaration. */
  pages: jsonb('pages').$type<RemotePage[]>().notNull().default([]),
  /** The shared-library ranges the version was built against ({ "antd": "^6.6.8", ... }): checked against the console's at every read of the registry. */
  shared: jsonb('shared').$type<Record<string, string>>().notNull().default({}),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Open access keys: a program signs `key + timestamp + nonce` with the secret and gets a session
 * acting as the linked user. The secret is stored encrypted (AES-256-GCM with the server key
 * OPEN_ACCESS_KEY, see modules/open-access/secret-box.ts), never in plain text; `secret_hint` keeps
 * its last four characters for the masked display.
 */
export const openAccessKeys = pgTable(
  'open_access_keys',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    title: text('title').notNull(),
    /** The public key, random and unique over all tenants (sign-in finds the tenant by it). */
    accessKey: text('access_key').notNull(),
    /** v1:base64(iv | tag | ciphertext), AES-256-GCM, the access key as associated data. */
    secretEnc: text('secret_enc').notNull(),
    secretHint: text('secret_hint').notNull(),
    /** The user the key acts as (same tenant). */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    ...common,
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('open_access_keys_access_key_uq').on(t.accessKey),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** Nonces of open access sign-ins, kept past the timestamp window so a replay is refused. */
export const openAccessNonces = pgTable(
  'open_access_nonces',
  {
    tenantId: tenantId(),
    keyId: bigint('key_id', { mode: 'number' }).notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.keyId, t.nonce] }),
    foreignKey({ columns: [t.tenantId, t.keyId], foreignColumns: [openAccessKeys.tenantId, openAccessKeys.id] }).onDelete('cascade'),
    index('open_access_nonces_expires_idx').on(t.expiresAt),
  ],
);
