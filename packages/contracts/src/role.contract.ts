import { z } from 'zod';
import { defineCall } from './define-call';
import { NO_NUL } from './fields';

/*
 * The role screen (/permission/role). Roles belong to the caller's tenant (from the session only).
 * Nobody grants what they do not hold: menus, data scopes and roles (DESIGN.md section 5).
 */

/** Data scope of a role: which rows its users see in lists, views, edits and deletes. */
export const dataScope = { all: 1, ownDept: 2, deptAndBelow: 3, customDepts: 4, self: 5 } as const;
export type DataScope = (typeof dataScope)[keyof typeof dataScope];

const scopeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
  error: 'The data scope must be one of 1 (all), 2 (own department), 3 (department and below), 4 (custom departments), 5 (self only)',
});
const NAME_AND_KEY = 'Role name and permission code cannot be empty';

export const roleInputSchema = z.object({
  /** Absent: create; present: update. */
  id: z.number().int().positive().optional(),
  parentId: z.number().int().positive().nullable().default(null),
  name: z
    .string({ error: NAME_AND_KEY })
    .trim()
    .min(1, NAME_AND_KEY)
    .max(64, 'Role name must be at most 64 characters')
    .regex(NO_NUL, 'Role name cannot contain NUL characters'),
  /** Permission code, unique in the tenant. */
  key: z
    .string({ error: NAME_AND_KEY })
    .trim()
    .min(1, NAME_AND_KEY)
    .max(64, 'Permission code must be at most 64 characters')
    .regex(/^([A-Za-z][A-Za-z0-9_.:-]*)?$/, 'Permission code must start with a letter and hold only letters, digits and _ . : -'),
  dataScope: scopeSchema.default(1),
  /** The departments of the custom data scope (4); ignored for the other scopes. */
  deptIds: z.array(z.number().int().positive()).max(1000, 'Choose at most 1000 departments').default([]),
  sort: z.number().int().min(-1_000_000, 'The sort order must be at least -1000000').max(1_000_000, 'The sort order must be at most 1000000').default(0),
  status: z.union([z.literal(1), z.literal(2)], { error: 'The status must be 1 (enabled) or 2 (disabled)' }).default(1),
  remark: z.string().trim().max(500, 'Remark must be at most 500 characters').regex(NO_NUL, 'Remark cannot contain NUL characters').default(''),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleRowSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  key: z.string(),
  dataScope: z.number().int(),
  deptIds: z.array(z.number().int()),
  /** The tenant's default administrator role: cannot be deleted. */
  isDefaultAdmin: z.boolean(),
  /**
   * The platform's built-in super administrator role (the platform tenant's default administrator
   * role, 超级管理员): it stands for the super administrator, who holds every permission by their
   * account (users.is_super_admin), not by what the role grants. So it is offered to nobody (role
   * options leave it out, member/edit refuses it), its menus are not chosen (role/menus refuses it),
   * and the screens say it grants everything instead of showing boxes.
   */
  isSuperAdmin: z.boolean(),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleRowSchema>;
export type RoleNode = RoleRecord & { children: RoleNode[] };
export const roleNodeSchema: z.ZodType<RoleNode> = z.lazy(() => roleRowSchema.extend({ children: z.array(roleNodeSchema) }));

export interface RoleOption {
  id: number;
  name: string;
  key: string;
  children: RoleOption[];
}
export const roleOptionSchema: z.ZodType<RoleOption> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), key: z.string(), children: z.array(roleOptionSchema) }),
);

/** A node of a grant tree: `grantable` is false where the caller does not hold the entry themselves. */
export interface MenuGrantNode {
  id: number;
  type: number;
  name: string;
  locale: string;
  grantable: boolean;
  children: MenuGrantNode[];
}
export const menuGrantNodeSchema: z.ZodType<MenuGrantNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.number().int(),
    name: z.string(),
    locale: z.string(),
    grantable: z.boolean(),
    children: z.array(menuGrantNodeSchema),
  }),
);
export interface DeptGrantNode {
  id: number;
  name: string;
  grantable: boolean;
  children: DeptGrantNode[];
}
export const deptGrantNodeSchema: z.ZodType<DeptGrantNode> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), grantable: z.boolean(), children: z.array(deptGrantNodeSchema) }),
);

const id = z.number({ error: 'The ID is required' }).int().positive('The ID must be a positive whole number');
const idBody = z.object({ id });

export const roleListCall = defineCall({
  method: 'GET',
  path: '/user/admin/role/list',
  access: 'permission',
  tag: 'role',
  summary: "The tenant's roles as a tree in sort order (a keyword keeps matches and their ancestors).",
  query: z.object({ keyword: z.string().trim().max(64).optional() }),
  data: z.object({ list: z.array(roleNodeSchema) }),
});

export const roleViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/role/view',
  access: 'permission',
  tag: 'role',
  summary: 'One role with its custom departments, granted menus and the number of users holding it (the recycle bin left out).',
  query: z.object({ id: z.coerce.number({ error: 'The ID is required' }).int().positive('The ID must be a positive whole number') }),
  data: roleRowSchema.extend({
    menuIds: z.array(z.number().int()),
    /** Users holding the role, outside the recycle bin: while there are any, role/delete refuses it. */
    userCount: z.number().int(),
  }),
});

export const roleOptionCall = defineCall({
  method: 'GET',
  path: '/user/admin/role/option',
  access: 'permission',
  tag: 'role',
  summary: "The enabled roles the caller may grant (those they hold and the ones below them), as a tree; never the platform's super administrator role.",
  data: z.object({ list: z.array(roleOptionSchema) }),
});

export const roleEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/role/edit',
  access: 'permission',
  tag: 'role',
  summary: 'Create (no id) or update a role, with its data scope.',
  body: roleInputSchema,
  data: z.object({ id: z.number().int() }),
});

export const roleDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/role/delete',
  access: 'permission',
  tag: 'role',
  summary:
    "Delete a role that no user holds and that has no child roles (never the tenant's default administrator role). " +
    'While users hold it the call is refused with their number: take the role from them first (or disable it to suspend what it grants); ' +
    'users in the recycle bin lose it with the role.',
  body: idBody,
  data: z.object({ id: z.number().int() }),
});

export const roleStatusCall = defineCall({
  method: 'POST',
  path: '/user/admin/role/status',
  access: 'permission',
  tag: 'role',
  summary: 'Enable (1) or disable (2) a role; its users lose its grants on their next request.',
  body: idBody.extend({ status: z.union([z.literal(1), z.literal(2)], { error: 'The status must be 1 (enabled) or 2 (disabled)' }) }),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});

export const roleMenusCall = defineCall({
  method: 'POST',
  path: '/user/admin/role/menus',
  access: 'permission',
  tag: 'role',
  summary:
    "Replace the menus and buttons a role grants (only entries the caller holds; never the platform's super administrator role, which grants everything).",
  body: z.object({ id, menuIds: z.array(z.number().int().positive()).max(5000, 'Choose at most 5000 menus') }),
  data: z.object({ id: z.number().int(), menuIds: z.array(z.number().int()) }),
});

export const roleMenuTreeCall = defineCall({
  method: 'GET',
  path: '/user/admin/role/menu/tree',
  access: 'permission',
  tag: 'role',
  summary: 'Menus and buttons for the permission editor, marked grantable where the caller holds them.',
  data: z.object({ list: z.array(menuGrantNodeSchema) }),
});

export const roleDeptTreeCall = defineCall({
  method: 'GET',
  path: '/user/admin/role/dept/tree',
  access: 'permission',
  tag: 'role',
  summary: "The tenant's departments for the custom data scope, marked grantable where the caller's scope covers them.",
  data: z.object({ list: z.array(deptGrantNodeSchema) }),
});

export const menuType = { directory: 1, menu: 2, button: 3 } as const;

export const headerMenuItemSchema = z.object({
  addon: z.string(),
  title: z.string(),
  icon: z.string(),
  remark: z.string(),
  path: z.string(),
  /** Opens in a new tab. */
  affix: z.boolean(),
});
export type HeaderMenuItem = z.infer<typeof headerMenuItemSchema>;

export interface AdminMenuItem {
  id: number;
  name: string;
  /** Locale key of the name (falls back to name). */
  locale: string;
  path: string;
  icon: string;
  remark: string;
  redirect: string;
  hidden: boolean;
  children: AdminMenuItem[];
}
export const adminMenuItemSchema: z.ZodType<AdminMenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    locale: z.string(),
    path: z.string(),
    icon: z.string(),
    remark: z.string(),
    redirect: z.string(),
    hidden: z.boolean(),
    children: z.array(adminMenuItemSchema),
  }),
);

export const headerMenuCall = defineCall({
  method: 'GET',
  path: '/user/admin/role/header',
  access: 'session',
  tag: 'role',
  summary: 'The header app menus the caller may open.',
  data: z.object({ list: z.array(headerMenuItemSchema) }),
});

export const adminMenuCall = defineCall({
  method: 'GET',
  path: '/user/admin/role/antd/menu',
  access: 'session',
  tag: 'role',
  summary: 'The side menu tree the caller may open, in sort order, hidden entries excluded.',
  query: z.object({ addon: z.string().max(64).default('ml.svc.user') }),
  data: z.object({ list: z.array(adminMenuItemSchema) }),
});

/**
 * Console pages the shell itself serves; every other menu address must be served by a remote in the
 * registry, or the menu does not show it (a screen ships with its menu, or neither ships). The shell's
 * router test checks that it serves each of these. None today: the shell keeps no domain pages (the
 * dashboard is the home remote's; /dashboard, where a sign-in lands, opens its first page in the menu).
 */
export const SHELL_PAGES: readonly string[] = [];

/** The area (top-level menu directory) a page belongs to: '/org/user' → '/org', '/org' → '/org'. */
export const areaOf = (path: string): string => `/${path.split('/')[1] ?? ''}`;

/** '/org/user' → 'menu.org.user', '/x/:id' → 'menu.x.id': the locale key of a page's menu entry (seeded or from a remote's declaration). */
export const menuLocaleOf = (path: string): string => `menu.${path.replace(/^\//, '').replace(/:/g, '').replace(/\//g, '.')}`;
