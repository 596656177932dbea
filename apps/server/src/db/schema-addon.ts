import type { AddonManifest } from '@uc/contracts';
import { bigint, foreignKey, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './schema-columns';
import { menus } from './schema-core';

/*
 * Addons installed from the application market (drizzle/0033_addons.sql, issue 15). Re-exported from
 * schema.ts. Platform data, not a tenant's: every signed-in transaction reads it (the market cards),
 * only cross-tenant (platform) transactions and the server's install jobs (system connection) write it.
 */

/**
 * One row per addon the server has installed or tried to: what the registry serves and the state of
 * its current or last job. The row is the lock of the job too: a job starts only by moving `status`
 * out of 1 and 2 (downloading, installing), so two installs of one addon at once run once.
 */
export const addons = pgTable('addons', {
  name: text('name').primaryKey(),
  /** The installed version (the registry's); '' when not installed. */
  version: text('version').notNull().default(''),
  /** The application card's installStatus: 0 not installed, 1 downloading, 2 installing, 3 installed, -1 last job failed. */
  status: smallint('status').notNull().default(0),
  /** Progress of the running job, 0 to 100. */
  progress: smallint('progress').notNull().default(0),
  /** Why the last job failed: an English message template (rendered per reader) and its parameters. */
  error: text('error').notNull().default(''),
  errorParams: jsonb('error_params').$type<Record<string, string | number>>().notNull().default({}),
  /** The current or last job: its id (a job only writes while it still owns the row), kind and version. */
  jobId: text('job_id').notNull().default(''),
  jobKind: text('job_kind').notNull().default(''),
  jobVersion: text('job_version').notNull().default(''),
  jobStartedAt: ts('job_started_at'),
  /** When the job's download ended and installing began (the job's timeline on the details page). */
  jobInstallingAt: ts('job_installing_at'),
  jobFinishedAt: ts('job_finished_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The versions whose files the server keeps in ADDONS_DIR/<name>/<version>/: the installed one and the
 * two before it (served, so open tabs keep working, and selectable for a roll back), or after an
 * uninstall the last one (for a reinstall, until purged).
 */
export const addonVersions = pgTable(
  'addon_versions',
  {
    name: text('name').notNull(),
    version: text('version').notNull(),
    /** The package's manifest (uc-addon.json), as validated at install. */
    manifest: jsonb('manifest').$type<AddonManifest>().notNull(),
    /** sha256 (hex) and size in bytes of the package it was installed from. */
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    installedAt: ts('installed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.version] }), foreignKey({ columns: [t.name], foreignColumns: [addons.name] }).onDelete('cascade')],
);

/**
 * The menu entries an addon made (its directory, pages and buttons). They keep the user centre's
 * plugin name (menus.addon), so the console's side menu shows them; this is how update, roll back and
 * uninstall find them again. An entry deleted by hand in the menu editor leaves this list with it.
 */
export const addonMenus = pgTable(
  'addon_menus',
  {
    name: text('name').notNull(),
    menuId: bigint('menu_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.menuId] }),
    foreignKey({ columns: [t.name], foreignColumns: [addons.name] }).onDelete('cascade'),
    foreignKey({ columns: [t.menuId], foreignColumns: [menus.id] }).onDelete('cascade'),
    uniqueIndex('addon_menus_menu_uq').on(t.menuId),
  ],
);
