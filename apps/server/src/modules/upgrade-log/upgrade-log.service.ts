import { upgradeLogEditBody, type UpgradeLogEditBody, type UpgradeLogRow } from '@uc/contracts';
import type { MessageLocale } from '@uc/contracts/messages';
import type { Db } from '../../db/client';
import { enterCrossTenant } from '../../db/tenant-scope';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Session } from '../auth/access';
import {
  entryOfVersion,
  findUpgradeLog,
  insertUpgradeLog,
  insertUpgradeLogOnce,
  lockUpgradeLog,
  removeUpgradeLog,
  updateUpgradeLog,
  type UpgradeLogReach,
} from './upgrade-log.repository';

const upgradeLogMissing = () => notFound('The upgrade log entry does not exist: it may have been deleted; reload the list');

/** One entry; an entry outside `reach` is answered as missing, as if it were not there. */
export async function viewUpgradeLog(db: Db, id: number, reach: UpgradeLogReach, locale: MessageLocale): Promise<UpgradeLogRow> {
  const entry = await findUpgradeLog(db, id, reach, locale);
  if (!entry) throw upgradeLogMissing();
  return entry;
}

/** An entry's words in one language. */
export interface UpgradeWords {
  title: string;
  /** Markdown (sanitised when read, like every entry's). */
  content: string;
}

/**
 * What the server says about an upgrade it made (its schema, a remote, an addon), in each language of
 * the console: a reader reads it in theirs. The time is now.
 */
export interface UpgradeEntry {
  plugin: string;
  version: string;
  texts: { 'zh-CN': UpgradeWords; 'en-US': UpgradeWords };
}

// The same rules as an administrator's entry, so the server never writes what the edit form would refuse.
const entrySchema = upgradeLogEditBody.pick({ plugin: true, version: true, title: true, content: true });

/**
 * Writes the upgrade log entry of a plugin version, once: when the version has one already (another
 * server starting at the same moment, an install retried), nothing changes and the answer is false.
 * For the server's own start-up (modules/upgrade-log/schema-upgrade.ts), remote registration
 * (modules/remote/remote.repository.ts) and addon installs.
 *
 * `db` must be allowed to write platform rows: the system connection (Database.db, or the start-up
 * lock's) or a cross-tenant transaction; a plain tenant transaction is refused by row-level security.
 */
export async function recordUpgrade(db: Db, entry: UpgradeEntry): Promise<boolean> {
  // Each language as the edit form's rules take it.
  const problems: string[] = [];
  const texts: Record<string, UpgradeWords> = {};
  for (const [locale, words] of Object.entries(entry.texts)) {
    const parsed = entrySchema.safeParse({ plugin: entry.plugin, version: entry.version, ...words });
    if (parsed.success) texts[locale] = { title: parsed.data.title, content: parsed.data.content };
    else problems.push(...parsed.error.issues.map((i) => `${locale} ${i.path.join('.')}: ${i.message}`));
  }
  if (problems.length > 0) {
    throw new Error(`recordUpgrade(${JSON.stringify(entry.plugin)}, ${JSON.stringify(entry.version)}) got an entry it cannot write: ${problems.join('; ')}`);
  }
  // The columns hold the Chinese, the console's default (and what an entry written by hand holds).
  const { title, content } = texts['zh-CN']!;
  const id = await insertUpgradeLogOnce(db, { plugin: entry.plugin.trim(), version: entry.version.trim(), title, content, texts, createdBy: null });
  return id !== undefined;
}

export const PLATFORM_WRITES =
  "Upgrade logs are the platform's history, shared by every tenant: only the platform administrators write them; ask them to add or correct an entry";
const DUPLICATE = 'version: {plugin} {version} has an upgrade log entry already: edit that entry instead';

/** Opens the caller's transaction to platform rows, for platform callers only. */
async function platformWriter(db: Db, session: Session): Promise<void> {
  if (!session.tenantIsPlatform) throw forbidden(PLATFORM_WRITES);
  await enterCrossTenant(db, session);
}

/**
 * Creates (no id) or updates an entry written by hand. An entry the server wrote in each language becomes
 * the administrator's once he edits it: shown as he typed it, in every language.
 */
export async function saveUpgradeLog(db: Db, session: Session, body: UpgradeLogEditBody, locale: MessageLocale): Promise<UpgradeLogRow> {
  await platformWriter(db, session);
  const values = {
    plugin: body.plugin,
    version: body.version,
    title: body.title,
    content: body.content,
    texts: null,
    ...(body.upgradedAt === undefined ? {} : { upgradedAt: new Date(body.upgradedAt) }),
  };
  const duplicate = () => conflict(DUPLICATE, { plugin: body.plugin, version: body.version });
  if (body.id !== undefined && !(await lockUpgradeLog(db, body.id))) throw upgradeLogMissing();
  if ((await entryOfVersion(db, body.plugin, body.version, body.id)) !== undefined) throw duplicate();
  // The check above cannot see an entry written at the same moment; the unique index can.
  let id: number;
  try {
    if (body.id === undefined) id = await insertUpgradeLog(db, { ...values, createdBy: session.userId });
    else {
      await updateUpgradeLog(db, body.id, values);
      id = body.id;
    }
  } catch (err) {
    throw isUniqueViolation(err, 'upgrade_logs_plugin_version_uq') ? duplicate() : err;
  }
  return viewUpgradeLog(db, id, undefined, locale);
}

export async function deleteUpgradeLog(db: Db, session: Session, id: number): Promise<void> {
  await platformWriter(db, session);
  if (!(await removeUpgradeLog(db, id))) throw upgradeLogMissing();
}
