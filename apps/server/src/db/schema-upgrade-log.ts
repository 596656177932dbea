import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, ts } from './schema-columns';

/*
 * The platform's upgrade history (drizzle/0030_upgrade_log.sql, issue 14). Re-exported from schema.ts.
 * Platform data, not a tenant's: no tenant_id; row-level security lets every tenant transaction read it
 * and only cross-tenant (platform) transactions write it.
 */
/** An upgrade log entry's words per language (zh-CN, en-US). */
export type UpgradeLogTexts = Record<string, { title: string; content: string }>;

export const upgradeLogs = pgTable(
  'upgrade_logs',
  {
    id: id().primaryKey(),
    plugin: text('plugin').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    /** Markdown as written; rendered and sanitised when read (modules/upgrade-log/upgrade-log.markdown.ts). */
    content: text('content').notNull().default(''),
    upgradedAt: ts('upgraded_at').notNull().defaultNow(),
    /** The platform administrator who wrote it by hand; null: the server wrote it (schema, addon, remote). */
    createdBy: bigint('created_by', { mode: 'number' }),
    /**
     * The title and content in each language of the console, for an entry the server wrote (drizzle/0046):
     * read in the reader's. Null for one written or edited by hand: shown as typed. title and content
     * hold the Chinese (the console's default).
     */
    texts: jsonb('texts').$type<UpgradeLogTexts>(),
    ...timestamps,
  },
  (t) => [
    // One entry per plugin version: servers starting together, or an install retried, write it once.
    uniqueIndex('upgrade_logs_plugin_version_uq').on(t.plugin, t.version),
    // The list's default order (newest first), and its keyset pages.
    index('upgrade_logs_upgraded_at_idx').on(t.upgradedAt, t.id),
  ],
);
