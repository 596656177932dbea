import { z } from 'zod';
import { defineCall } from './define-call';
import { NO_NUL } from './fields';

/*
 * The menu catalogue screen (/permission/menu). Menus are the platform's catalogue, not tenant data:
 * every signed-in caller holding the permission may read them, only the platform super administrator
 * may change them (tenants choose from the catalogue through their roles).
 */

/** Where an entry shows: the PC console or the mobile app. */
export const menuClient = { pc: 1, mobile: 2 } as const;

const flag = z.boolean().default(false);
/** `label`: the field's name on the menu editor, the subject of its messages. */
const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).regex(NO_NUL, `${label} cannot contain NUL characters`).default('');

/**
 * A console route or another page of this site: one leading slash, never two (//host and /\host are
 * another site to a browser), no spaces, backslashes or control characters. `/org/user`, `/tenant/details/:id`.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const MENU_ROUTE_PATTERN = /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/;
/** An http(s) address of a named host (a menu path like this opens in a new window, spec section 2). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const MENU_HTTP_PATTERN = /^https?:\/\/([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?([/?#][^\s\\\u0000-\u001f\u007f]*)?$/i;
export const MENU_ADDRESS_RULE = 'Must be a console route starting with / (such as /org/user) or an http(s) address (such as https://example.com/help)';

/**
 * Every navigable address of a menu entry (its path, default redirect and highlight route): empty, a
 * console route, or an http(s) address. Nothing else reaches the shell's router, `window.open` or a
 * link: no javascript:, data: or protocol-relative address.
 */
export const menuAddress = (label: string) =>
  z
    .string({ error: MENU_ADDRESS_RULE })
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .regex(NO_NUL, `${label} cannot contain NUL characters`)
    .refine((v) => v === '' || MENU_ROUTE_PATTERN.test(v) || MENU_HTTP_PATTERN.test(v), MENU_ADDRESS_RULE)
    .default('');

/** Editor fields of the spec (section 2, menu editor); the server also checks permissions and alias. */
export const menuInputSchema = z.object({
  /** Absent: create; present: update. */
  id: z.number().int().positive().optional(),
  parentId: z.number().int().positive().nullable().default(null),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'The menu type must be 1 (directory), 2 (menu) or 3 (button)' }),
  client: z.union([z.literal(1), z.literal(2)], { error: 'The client must be 1 (PC) or 2 (mobile)' }).default(1),
  /** Plugin (addon) name. */
  addon: z
    .string()
    .trim()
    .min(1, 'Plugin name cannot be empty')
    .max(64, 'Plugin name must be at most 64 characters')
    .regex(NO_NUL, 'Plugin name cannot contain NUL characters')
    .default('ml.svc.user'),
  name: z
    .string({ error: 'Menu name cannot be empty' })
    .trim()
    .min(1, 'Menu name cannot be empty')
    .max(64, 'Menu name must be at most 64 characters')
    .regex(NO_NUL, 'Menu name cannot contain NUL characters'),
  locale: text(128, 'Locale key'),
  icon: text(128, 'Icon'),
  /** Routing address; one starting with http opens in a new window. */
  path: menuAddress('Routing address'),
  /** Routing alias, unique over the catalogue when set. */
  alias: text(128, 'Routing alias'),
  component: text(256, 'Component path'),
  redirect: menuAddress('Default redirect'),
  /** API addresses, comma-separated; each must be a call of the server. */
  permissions: text(8000, 'Permissions'),
  /** The route whose menu item lights up while this (hidden) page is open. */
  highlight: menuAddress('Highlight route'),
  isRoot: flag,
  popup: flag,
  simplified: flag,
  keepAlive: flag,
  hidden: flag,
  external: flag,
  /** Opens in a new tab from the header. */
  affix: flag,
  sort: z.number().int().min(-1_000_000, 'The sort order must be at least -1000000').max(1_000_000, 'The sort order must be at most 1000000').default(0),
  status: z.union([z.literal(1), z.literal(2)], { error: 'The status must be 1 (enabled) or 2 (disabled)' }).default(1),
  remark: text(500, 'Remark'),
});
export type MenuInput = z.input<typeof menuInputSchema>;

export const menuRowSchema = menuInputSchema.extend({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.number().int(),
  client: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MenuRecord = z.infer<typeof menuRowSchema>;
export type MenuNode = MenuRecord & { children: MenuNode[] };
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() => menuRowSchema.extend({ children: z.array(menuNodeSchema) }));

export interface MenuOption {
  id: number;
  name: string;
  locale: string;
  type: number;
  children: MenuOption[];
}
export const menuOptionSchema: z.ZodType<MenuOption> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), locale: z.string(), type: z.number().int(), children: z.array(menuOptionSchema) }),
);

const idBody = z.object({ id: z.number({ error: 'The ID is required' }).int().positive('The ID must be a positive whole number') });
const idQuery = z.object({ id: z.coerce.number({ error: 'The ID is required' }).int().positive('The ID must be a positive whole number') });

export const menuListCall = defineCall({
  method: 'GET',
  path: '/user/admin/menu/list',
  access: 'permission',
  tag: 'menu',
  summary: 'The whole menu catalogue as a tree, in sort order (an optional keyword keeps matches and their ancestors).',
  query: z.object({ keyword: z.string().trim().max(64).optional(), client: z.coerce.number().int().min(1).max(2).optional() }),
  data: z.object({ list: z.array(menuNodeSchema) }),
});

export const menuViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/menu/view',
  access: 'permission',
  tag: 'menu',
  summary: 'One menu entry with every editor field.',
  query: idQuery,
  data: menuRowSchema,
});

export const menuOptionCall = defineCall({
  method: 'GET',
  path: '/user/admin/menu/option',
  access: 'permission',
  tag: 'menu',
  summary: 'Directories and menus as a tree, for choosing a parent.',
  data: z.object({ list: z.array(menuOptionSchema) }),
});

export const menuEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/menu/edit',
  access: 'permission',
  tag: 'menu',
  summary: 'Create (no id) or update a menu entry; platform super administrator only.',
  body: menuInputSchema,
  data: z.object({ id: z.number().int() }),
});

export const menuDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/menu/delete',
  access: 'permission',
  tag: 'menu',
  summary: 'Delete a menu entry without children; platform super administrator only.',
  body: idBody,
  data: z.object({ id: z.number().int() }),
});

export const menuStatusCall = defineCall({
  method: 'POST',
  path: '/user/admin/menu/status',
  access: 'permission',
  tag: 'menu',
  summary: 'Enable (1) or disable (2) a menu entry; platform super administrator only.',
  body: idBody.extend({ status: z.union([z.literal(1), z.literal(2)], { error: 'The status must be 1 (enabled) or 2 (disabled)' }) }),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});
