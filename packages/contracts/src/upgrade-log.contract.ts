import { z } from 'zod';
import { defineCall, type CallContract } from './define-call';
import { pagedOf } from './envelope';
import { idBody, idQuery, idSchema, NO_NUL } from './fields';
import { listQuerySchema } from './list-query';

/*
 * Upgrade logs (/user/admin/upgrade/logs/*, spec section 3: upgrade time, version, plugin name, title,
 * content). The platform's history, not a tenant's: every signed-in user reads it (the personal area's
 * /home/upgrade/logs page); the platform's administrators write it by hand, and the server writes an
 * entry itself when its database schema changes at start or when an addon or remote is installed or
 * updated. One entry per plugin and version.
 */

/** The plugin name of the server's own entries (its database schema). */
export const SERVER_PLUGIN = 'user-centre';

export const upgradeLogRowSchema = z.object({
  id: z.number().int(),
  /** The plugin (addon, remote, or SERVER_PLUGIN) that was installed or upgraded. */
  plugin: z.string(),
  version: z.string(),
  title: z.string(),
  /** The markdown source as written: for the edit form, shown as plain text only, never rendered as HTML. */
  content: z.string(),
  /**
   * `content` rendered to HTML and sanitised on the server (no script, style, frame, form, event
   * handler or javascript: URL survives): what screens display.
   */
  contentHtml: z.string(),
  /** When the upgrade took place (ISO 8601). */
  upgradedAt: z.string(),
  /** Written by the server itself (its schema, an addon or remote install) rather than by an administrator. */
  automatic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UpgradeLogRow = z.infer<typeof upgradeLogRowSchema>;

export const UPGRADE_LOG_LIST_FIELDS = ['id', 'plugin', 'version', 'title', 'content', 'upgradedAt', 'createdAt', 'updatedAt'] as const;
export const UPGRADE_LOG_KEYWORD_FIELDS = ['plugin', 'version', 'title', 'content'] as const;

/** Longest title; the server's own titles stay within it. */
export const UPGRADE_LOG_TITLE_MAX = 128;
/** Longest version: a package version and a migration tag (`0.1.0+0030_upgrade_log`), or a remote's build. */
export const UPGRADE_LOG_VERSION_MAX = 128;

/** Longest markdown an entry may hold (a long release note fits; the request body limit is 1 MB). */
export const UPGRADE_LOG_CONTENT_MAX = 100_000;

const PLUGIN_REQUIRED = 'Plugin name cannot be empty';
const VERSION_REQUIRED = 'Version cannot be empty';
const TITLE_REQUIRED = 'Title cannot be empty';
const UPGRADED_AT_RULE = 'Upgrade time must be a date and time such as 2026-05-01T08:00:00Z (years 1970 to 9999)';

/** An ISO 8601 date and time with a real calendar day (2026-02-30 is refused, not rolled over to March). */
const upgradedAtSchema = z
  .string({ error: UPGRADED_AT_RULE })
  .max(40, UPGRADED_AT_RULE)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, UPGRADED_AT_RULE)
  .refine((v) => {
    const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    const at = Date.parse(v);
    return y >= 1970 && y <= 9999 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(at);
  }, UPGRADED_AT_RULE);

export const upgradeLogEditBody = z.object({
  /** Absent: create; present: update. */
  id: idSchema.optional(),
  plugin: z
    .string({ error: PLUGIN_REQUIRED })
    .trim()
    .min(1, PLUGIN_REQUIRED)
    .max(128, 'Plugin name must be at most 128 characters')
    .regex(NO_NUL, 'Plugin name cannot contain NUL characters'),
  version: z
    .string({ error: VERSION_REQUIRED })
    .trim()
    .min(1, VERSION_REQUIRED)
    .max(UPGRADE_LOG_VERSION_MAX, `Version must be at most ${UPGRADE_LOG_VERSION_MAX} characters`)
    .regex(NO_NUL, 'Version cannot contain NUL characters'),
  title: z
    .string({ error: TITLE_REQUIRED })
    .trim()
    .min(1, TITLE_REQUIRED)
    .max(UPGRADE_LOG_TITLE_MAX, `Upgrade log title must be at most ${UPGRADE_LOG_TITLE_MAX} characters`)
    .regex(NO_NUL, 'Title cannot contain NUL characters'),
  /** Markdown; kept as written, rendered and sanitised when read (contentHtml). */
  content: z
    .string({ error: 'Content must be text (markdown)' })
    .max(UPGRADE_LOG_CONTENT_MAX, `Content must be at most ${UPGRADE_LOG_CONTENT_MAX} characters`)
    .regex(NO_NUL, 'Content cannot contain NUL characters')
    .default(''),
  /** Absent: now on create, unchanged on update. */
  upgradedAt: upgradedAtSchema.optional(),
});
export type UpgradeLogEditBody = z.output<typeof upgradeLogEditBody>;
export type UpgradeLogInput = z.input<typeof upgradeLogEditBody>;

export const upgradeLogListCall = defineCall({
  method: 'GET',
  path: '/user/admin/upgrade/logs/list',
  access: 'session',
  tag: 'upgrade-log',
  summary: 'The upgrade history of the platform, newest first, paged; filter by plugin, version, title, time, or keyword.',
  query: listQuerySchema,
  data: pagedOf(upgradeLogRowSchema),
});

export const upgradeLogViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/upgrade/logs/view',
  access: 'session',
  tag: 'upgrade-log',
  summary: 'One upgrade log entry, with its markdown and the sanitised HTML of it.',
  query: idQuery,
  data: upgradeLogRowSchema,
});

export const upgradeLogEditCall = defineCall({
  method: 'POST',
  path: '/user/admin/upgrade/logs/edit',
  access: 'permission',
  tag: 'upgrade-log',
  summary: 'Creates an entry (no id) or updates one (id); platform administrators only. One entry per plugin and version (409 otherwise).',
  body: upgradeLogEditBody,
  data: upgradeLogRowSchema,
});

export const upgradeLogDeleteCall = defineCall({
  method: 'POST',
  path: '/user/admin/upgrade/logs/delete',
  access: 'permission',
  tag: 'upgrade-log',
  summary: 'Deletes an entry; platform administrators only.',
  body: idBody,
  data: z.null(),
});

export const UPGRADE_LOG_CALLS: readonly CallContract[] = [upgradeLogListCall, upgradeLogViewCall, upgradeLogEditCall, upgradeLogDeleteCall];
