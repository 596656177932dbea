import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UploadPurpose } from '@uc/contracts';
import type { Db } from '../../db/client';
import { notices, uploads, users } from '../../db/schema';
import { STORED_NAME } from './image-type';
import { IMAGE_FIELDS, uploadUrl } from './upload-references';

const HOUR = 3_600_000;
/** A picture chosen in a form that is not saved yet must survive; a day is plenty for that. */
export const UPLOAD_GRACE_MS = 24 * HOUR;
export const UPLOAD_SWEEP_EVERY_MS = HOUR;
/** Names per query when matching the directory against the table. */
const BATCH = 500;

export interface SweepResult {
  /** Files removed (no record refers to them and they are older than the grace period). */
  deleted: string[];
  /** Files on disk without a row that a record refers to: recorded for that record's tenant. */
  adopted: string[];
}

const gone = async (path: string) =>
  unlink(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });

/** Rows no record of their tenant refers to (a user's image field, a notice's content), unused for longer than the grace period: deleted, names returned. */
async function deleteUnreferencedRows(db: Db, cutoff: Date): Promise<string[]> {
  const unreferenced = IMAGE_FIELDS.map(
    (f) => sql`not exists (select 1 from ${users} where ${users.tenantId} = ${uploads.tenantId} and ${f.column} = ${uploadUrl('')}::text || ${uploads.name})`,
  );
  // Pictures put into a notice's rich content by its editor (uploads of the notice's own tenant).
  unreferenced.push(
    sql`not exists (select 1 from ${notices} where ${notices.tenantId} = ${uploads.tenantId} and strpos(${notices.content}, ${uploadUrl('')}::text || ${uploads.name}) > 0)`,
  );
  const removed = await db
    .delete(uploads)
    .where(and(lt(uploads.usedAt, cutoff), ...unreferenced))
    .returning({ name: uploads.name });
  return removed.map((r) => r.name);
}

/**
 * Files with no row at all: written by a call whose transaction failed, or uploaded before the
 * uploads table existed. A file a record refers to is adopted (its tenant's, private when a private
 * field holds it); any other is deleted once older than the grace period.
 */
async function settleStrays(db: Db, uploadDir: string, cutoff: Date, result: SweepResult): Promise<void> {
  const names = await readdir(uploadDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const stored = names.filter((n) => STORED_NAME.test(n));
  for (let i = 0; i < stored.length; i += BATCH) {
    const batch = stored.slice(i, i + BATCH);
    const known = new Set((await db.select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, batch))).map((r) => r.name));
    const strays = batch.filter((n) => !known.has(n));
    if (strays.length === 0) continue;
    const urls = strays.map(uploadUrl);
    const holders = await db
      .select({ tenantId: users.tenantId, avatar: users.avatar, alipayCode: users.alipayCode })
      .from(users)
      .where(or(...IMAGE_FIELDS.map((f) => inArray(f.column, urls))));
    const owners = new Map<string, { tenantId: number; name: string; purpose: UploadPurpose }>();
    for (const holder of holders) {
      for (const f of IMAGE_FIELDS) {
        const name = strays.find((n) => uploadUrl(n) === holder[f.field]);
        if (!name) continue;
        const key = `${holder.tenantId}/${name}`;
        // Held as a payment code anywhere in the tenant: private, even if also someone's avatar.
        if (owners.get(key)?.purpose !== 'private') owners.set(key, { tenantId: holder.tenantId, name, purpose: f.purpose });
      }
    }
    if (owners.size > 0)
      await db
        .insert(uploads)
        .values([...owners.values()])
        .onConflictDoNothing();
    const held = new Set([...owners.values()].map((o) => o.name));
    result.adopted.push(...held);
    for (const name of strays.filter((n) => !held.has(n))) {
      const info = await stat(join(uploadDir, name)).catch(() => null);
      if (info && info.mtime < cutoff) {
        await gone(join(uploadDir, name));
        result.deleted.push(name);
      }
    }
  }
}

/**
 * Deletes the uploads no record refers to, rows and files, once unused for longer than `graceMs`
 * (a file replaced on save goes too: nothing refers to it any more). Runs on the system connection
 * (reviewed bypass): it is maintenance across every tenant, with no caller.
 */
export async function sweepUploads(db: Db, uploadDir: string, { graceMs = UPLOAD_GRACE_MS }: { graceMs?: number } = {}): Promise<SweepResult> {
  const cutoff = new Date(Date.now() - graceMs);
  const result: SweepResult = { deleted: [], adopted: [] };
  const removed = await deleteUnreferencedRows(db, cutoff);
  if (removed.length > 0) {
    // A legacy file can be recorded for several tenants: it stays while any of them keeps it.
    const kept = new Set((await db.select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, removed))).map((r) => r.name));
    for (const name of removed.filter((n) => !kept.has(n))) {
      await gone(join(uploadDir, name));
      result.deleted.push(name);
    }
  }
  await settleStrays(db, uploadDir, cutoff, result);
  return result;
}

/**
 * Sweeps once when the app is ready (so files from before the uploads table are adopted before the
 * first request) and then every `everyMs`, on a timer that keeps no process alive and stops with the
 * app. A failed sweep is logged and tried again at the next turn.
 */
export function scheduleUploadSweep(
  app: FastifyInstance,
  db: Db,
  uploadDir: string,
  { graceMs = UPLOAD_GRACE_MS, everyMs = UPLOAD_SWEEP_EVERY_MS } = {},
): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running ??= sweepUploads(db, uploadDir, { graceMs })
      .then(
        ({ deleted, adopted }) => {
          if (deleted.length + adopted.length > 0)
            app.log.info(`Upload sweep: deleted ${deleted.length} unused file(s), recorded ${adopted.length} file(s) found on disk`);
        },
        (err: Error) =>
          app.log.warn(
            `Upload sweep failed (${err.message}): it runs again in ${Math.round(everyMs / 60_000)} minutes; check that DATA_DIR/uploads is writable`,
          ),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
