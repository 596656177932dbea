import type { ListQuery, UpgradeLogRow } from '@uc/contracts';
import type { MessageLocale } from '@uc/contracts/messages';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { upgradeLogs } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import { upgradeLogListSpec } from './upgrade-log.fields';
import { renderUpgradeContent } from './upgrade-log.markdown';

/*
 * Platform rows (no tenant_id): a tenant transaction reads them all and writes none (row-level security,
 * drizzle/0030_upgrade_log.sql); writes come from cross-tenant transactions or the system connection.
 */

export type UpgradeLogValues = Pick<typeof upgradeLogs.$inferInsert, 'plugin' | 'version' | 'title' | 'content' | 'texts' | 'upgradedAt' | 'createdBy'>;

const columns = {
  id: upgradeLogs.id,
  plugin: upgradeLogs.plugin,
  version: upgradeLogs.version,
  title: upgradeLogs.title,
  content: upgradeLogs.content,
  upgradedAt: upgradeLogs.upgradedAt,
  createdBy: upgradeLogs.createdBy,
  texts: upgradeLogs.texts,
  createdAt: upgradeLogs.createdAt,
  updatedAt: upgradeLogs.updatedAt,
};
type Raw = { [K in keyof typeof columns]: (typeof upgradeLogs.$inferSelect)[K] };

/** An entry in the reader's language: the server's own words in theirs, an administrator's as he typed them. */
const toRow = (r: Raw, locale: MessageLocale): UpgradeLogRow => {
  const words = r.texts?.[locale] ?? { title: r.title, content: r.content };
  return {
    id: r.id,
    plugin: r.plugin,
    version: r.version,
    title: words.title,
    content: words.content,
    contentHtml: renderUpgradeContent(words.content),
    upgradedAt: r.upgradedAt.toISOString(),
    automatic: r.createdBy === null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

/** The entries of `reach` (upgrade-log.reach.ts; undefined: every entry) that the query asks for. */
export async function listUpgradeLogs(db: Db, q: ListQuery, reach: SQL | undefined, locale: MessageLocale): Promise<ListPage<UpgradeLogRow>> {
  const where = and(listWhere(upgradeLogListSpec, q.filter), reach);
  // Newest first; the id breaks ties (entries of one start-up share their time).
  const plan = listPlan(upgradeLogListSpec, q, [{ field: 'upgradedAt', desc: true }], [{ column: upgradeLogs.id, desc: true }]);
  const rows = await db
    .select({ ...columns, ...plan.keyFields })
    .from(upgradeLogs)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, upgradeLogs, where), (r) => toRow(r, locale));
}

/** Which entries a reader may see (upgrade-log.routes.ts `readable`): a condition, or undefined for all. */
export type UpgradeLogReach = SQL | undefined;

/** One entry, or undefined when there is none within `reach`. */
export async function findUpgradeLog(db: Db, id: number, reach: UpgradeLogReach, locale: MessageLocale): Promise<UpgradeLogRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(upgradeLogs)
    .where(and(eq(upgradeLogs.id, id), reach));
  return row && toRow(row, locale);
}

/** The id of the entry of this plugin version other than `exceptId`, if there is one. */
export async function entryOfVersion(db: Db, plugin: string, version: string, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: upgradeLogs.id })
    .from(upgradeLogs)
    .where(and(eq(upgradeLogs.plugin, plugin), eq(upgradeLogs.version, version), exceptId === undefined ? undefined : ne(upgradeLogs.id, exceptId)));
  return row?.id;
}

export async function insertUpgradeLog(db: Db, values: UpgradeLogValues): Promise<number> {
  const [row] = await db.insert(upgradeLogs).values(values).returning({ id: upgradeLogs.id });
  return row!.id;
}

/** Inserts unless the plugin version has its entry already; the new id, or undefined when it had. */
export async function insertUpgradeLogOnce(db: Db, values: UpgradeLogValues): Promise<number | undefined> {
  const [row] = await db
    .insert(upgradeLogs)
    .values(values)
    .onConflictDoNothing({ target: [upgradeLogs.plugin, upgradeLogs.version] })
    .returning({ id: upgradeLogs.id });
  return row?.id;
}

/** Whether the entry exists, locking it until the transaction ends (edits and deletes queue here). */
export async function lockUpgradeLog(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: upgradeLogs.id }).from(upgradeLogs).where(eq(upgradeLogs.id, id)).for('update');
  return row !== undefined;
}

export async function updateUpgradeLog(db: Db, id: number, values: Partial<UpgradeLogValues>): Promise<void> {
  await db
    .update(upgradeLogs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(upgradeLogs.id, id));
}

/** Deletes the entry; false when there was none. */
export async function removeUpgradeLog(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(upgradeLogs).where(eq(upgradeLogs.id, id)).returning({ id: upgradeLogs.id });
  return rows.length > 0;
}
