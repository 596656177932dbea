import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_PLUGIN, UPGRADE_LOG_TITLE_MAX } from '@uc/contracts';
import type { Database, Db } from '../../db/client';
import { migrationsFolder, runMigrations } from '../../db/migrate';
import { appliedMigrations, readJournal, type JournalEntry } from '../../db/migration-journal';
import { serverRoot } from '../../lib/server-root';
import { recordUpgrade, type UpgradeEntry } from './upgrade-log.service';

export { appliedMigrations, readJournal, type JournalEntry };

/*
 * The server's own upgrade log entry: migrateRecorded notes which migrations the database had before
 * it migrates (runMigrations) and calls recordSchemaUpgrade afterwards. When the set grew (a first start, or a new
 * build with new migrations), one entry names them: plugin SERVER_PLUGIN, version
 * `<package version>+<last migration tag>`. Servers starting together queue on the start-up lock, so
 * only the first sees the set grow; and should two ever both see it, (plugin, version) is unique and
 * the second insert does nothing.
 */

/** The server's version, from its package.json (found from src/ and from dist/). */
export function serverVersion(): string {
  return (JSON.parse(readFileSync(join(serverRoot(), 'package.json'), 'utf8')) as { version: string }).version;
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

/**
 * Start-up's migration (main.ts, and the test databases made like it): runMigrations, then the
 * server's upgrade log entry when it applied any. Composed here rather than in db/migrate.ts: the
 * database layer knows no module.
 */
export async function migrateRecorded(database: Database, db: Db): Promise<void> {
  const before = await runMigrations(database, db);
  await recordSchemaUpgrade(db, before, { journal: readJournal(migrationsFolder()) });
}
