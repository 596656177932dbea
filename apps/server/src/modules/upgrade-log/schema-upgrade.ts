import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_PLUGIN, UPGRADE_LOG_TITLE_MAX } from '@uc/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/typed';
import { serverRoot } from '../../lib/server-root';
import { recordUpgrade, type UpgradeEntry } from './upgrade-log.service';

/*
 * The server's own upgrade log entry: src/db/migrate.ts notes which migrations the database had before
 * it migrates and calls recordSchemaUpgrade afterwards. When the set grew (a first start, or a new
 * build with new migrations), one entry names them: plugin SERVER_PLUGIN, version
 * `<package version>+<last migration tag>`. Servers starting together queue on the start-up lock, so
 * only the first sees the set grow; and should two ever both see it, (plugin, version) is unique and
 * the second insert does nothing.
 */

/** One migration of drizzle/meta/_journal.json: `when` is what drizzle stores as the applied row's created_at. */
export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

/** The server's version, from its package.json (found from src/ and from dist/). */
export function serverVersion(): string {
  return (JSON.parse(readFileSync(join(serverRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** The migrations applied to the database, by their journal `when` (none before the first migration). */
export async function appliedMigrations(db: Db): Promise<Set<number>> {
  // drizzle's own bookkeeping table (schema "drizzle"), absent until the first migration ran.
  const [table] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return new Set();
  const rows = await rowsOf<{ created_at: string }>(db, sql`select created_at::text as created_at from drizzle.__drizzle_migrations`);
  return new Set(rows.map((r) => Number(r.created_at)));
}

/** Names the schema reached when it fits an entry's title (tags are short, but nothing forces them to be). */
const fitted = (named: string, bare: string): string => (named.length <= UPGRADE_LOG_TITLE_MAX ? named : bare);

/** The entry for the migrations applied since `before` (undefined when none were). */
export function schemaUpgradeEntry(
  journal: readonly JournalEntry[],
  before: ReadonlySet<number>,
  after: ReadonlySet<number>,
  version: string,
): UpgradeEntry | undefined {
  const applied = journal.filter((m) => after.has(m.when) && !before.has(m.when));
  const last = journal.at(-1);
  if (applied.length === 0 || !last) return undefined;
  const list = applied.map((m) => `- \`${m.tag}\``).join('\n');
  const first = before.size === 0;
  // Each language apart, read in the reader's.
  return {
    plugin: SERVER_PLUGIN,
    version: `${version}+${last.tag}`,
    texts: {
      'zh-CN': {
        title: first ? `安装用户中心 ${version}` : fitted(`数据库结构升级到 ${last.tag}`, '数据库结构升级'),
        content: `用户中心 ${version}，数据库结构 \`${last.tag}\`。本次应用的 ${applied.length} 个迁移：\n\n${list}\n`,
      },
      'en-US': {
        title: first ? `User Centre ${version} installed` : fitted(`Database schema upgraded to ${last.tag}`, 'Database schema upgraded'),
        content: `User Centre ${version}, database schema \`${last.tag}\`. The ${applied.length} migration(s) applied:\n\n${list}\n`,
      },
    },
  };
}

/**
 * Writes the server's entry when migrations were applied since `before` (appliedMigrations read before
 * migrating). True when it wrote one. `journal` and `version` default to this build's.
 */
export async function recordSchemaUpgrade(
  db: Db,
  before: ReadonlySet<number>,
  build: { journal: readonly JournalEntry[]; version?: string },
): Promise<boolean> {
  const entry = schemaUpgradeEntry(build.journal, before, await appliedMigrations(db), build.version ?? serverVersion());
  return entry ? recordUpgrade(db, entry) : false;
}
