import { z } from 'zod';
import { defineCall } from './define-call';

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
 * router test checks that it serves each of these.
 */
export const SHELL_PAGES: readonly string[] = ['/dashboard'];

/** '/org/user' → 'menu.org.user', '/x/:id' → 'menu.x.id': the locale key of a page's menu entry (seeded or from a remote's declaration). */
export const menuLocaleOf = (path: string): string => `menu.${path.replace(/^\//, '').replace(/:/g, '').replace(/\//g, '.')}`;
