import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { InstallStatus, type AddonManifest, type AppJob } from '@uc/contracts';
import type { Db } from '../../db/client';
import { addons, addonVersions } from '../../db/schema';

export type AddonRow = typeof addons.$inferSelect;
export type AddonVersionRow = typeof addonVersions.$inferSelect;
export type JobKind = AppJob['kind'];

/** A job that has not written for this long is taken to have died with its server; another may start. */
export const STALE_JOB_MS = 10 * 60_000;

const running = [InstallStatus.downloading, InstallStatus.installing];

/** Whether a row's job is running now (not one that died with its server). */
export const isRunning = (row: Pick<AddonRow, 'status' | 'updatedAt'>): boolean =>
  (running as number[]).includes(row.status) && Date.now() - row.updatedAt.getTime() < STALE_JOB_MS;

export async function findAddon(db: Db, name: string): Promise<AddonRow | undefined> {
  const [row] = await db.select().from(addons).where(eq(addons.name, name));
  return row;
}

export async function allAddons(db: Db): Promise<AddonRow[]> {
  return db.select().from(addons);
}

/** The kept versions of one addon, or of all, newest install first. */
export async function keptVersions(db: Db, name?: string): Promise<AddonVersionRow[]> {
  return db
    .select()
    .from(addonVersions)
    .where(name === undefined ? undefined : eq(addonVersions.name, name))
    .orderBy(desc(addonVersions.installedAt), desc(addonVersions.version));
}

export async function keptVersion(db: Db, name: string, version: string): Promise<AddonVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(addonVersions)
    .where(and(eq(addonVersions.name, name), eq(addonVersions.version, version)));
  return row;
}

/**
 * Starts a job on an addon: its row moves to downloading with this job's id, unless a job of it is
 * running (another request, another server); then undefined. The row is the lock: one statement,
 * so two requests at once cannot both start one.
 */
export async function claimJob(db: Db, job: { name: string; kind: JobKind; version: string; jobId: string }): Promise<AddonRow | undefined> {
  const fresh = {
    status: InstallStatus.downloading,
    progress: 0,
    error: '',
    errorParams: {},
    jobId: job.jobId,
    jobKind: job.kind,
    jobVersion: job.version,
    jobStartedAt: sql`now()`,
    jobInstallingAt: null,
    jobFinishedAt: null,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(addons)
    .values({ name: job.name, ...fresh })
    .onConflictDoUpdate({
      target: addons.name,
      set: fresh,
      setWhere: sql`${addons.status} not in (${InstallStatus.downloading}, ${InstallStatus.installing}) or ${addons.updatedAt} < now() - make_interval(secs => ${STALE_JOB_MS / 1000})`,
    })
    .returning();
  return row && row.jobId === job.jobId ? row : undefined;
}

/** Progress of a job, written only while the job still owns the row; false when it does not any more. */
export async function reportJob(db: Db, name: string, jobId: string, status: number, progress: number): Promise<boolean> {
  const rows = await db
    .update(addons)
    .set({
      status,
      progress: Math.max(0, Math.min(100, Math.round(progress))),
      ...(status === InstallStatus.installing ? { jobInstallingAt: sql`coalesce(${addons.jobInstallingAt}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(addons.name, name), eq(addons.jobId, jobId)))
    .returning({ name: addons.name });
  return rows.length > 0;
}

/** A job that failed: the row says why (a message template and its parameters) and keeps the installed version. */
export async function failJob(db: Db, name: string, jobId: string, error: string, params: Record<string, string | number>): Promise<void> {
  await db
    .update(addons)
    .set({ status: InstallStatus.failed, progress: 0, error, errorParams: params, jobFinishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(addons.name, name), eq(addons.jobId, jobId)));
}

/** The addon's row once a version is active (installed, updated, rolled back). */
export async function markInstalled(db: Db, name: string, version: string, jobId: string): Promise<boolean> {
  const rows = await db
    .update(addons)
    .set({ status: InstallStatus.installed, version, progress: 100, error: '', errorParams: {}, jobFinishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(addons.name, name), eq(addons.jobId, jobId)))
    .returning({ name: addons.name });
  return rows.length > 0;
}

/** Records the files of a version as kept (its manifest and where it came from); a reinstall refreshes them. */
export async function keepVersion(db: Db, v: { name: string; version: string; manifest: AddonManifest; sha256: string; size: number }): Promise<void> {
  await db
    .insert(addonVersions)
    .values(v)
    .onConflictDoUpdate({
      target: [addonVersions.name, addonVersions.version],
      set: { manifest: v.manifest, sha256: v.sha256, size: v.size, installedAt: sql`now()` },
    });
}

/** Marks a kept version as the latest activated one (a roll back makes the old version the newest). */
export async function touchVersion(db: Db, name: string, version: string): Promise<void> {
  await db
    .update(addonVersions)
    .set({ installedAt: sql`now()` })
    .where(and(eq(addonVersions.name, name), eq(addonVersions.version, version)));
}

/** Forgets the kept versions of `name` other than `keep`; returns the versions forgotten. */
export async function forgetVersionsExcept(db: Db, name: string, keep: readonly string[]): Promise<string[]> {
  const where = keep.length > 0 ? and(eq(addonVersions.name, name), notInArray(addonVersions.version, [...keep])) : eq(addonVersions.name, name);
  const gone = await db.delete(addonVersions).where(where).returning({ version: addonVersions.version });
  return gone.map((g) => g.version);
}

/** After an uninstall: not installed, no job. */
export async function markUninstalled(db: Db, name: string): Promise<void> {
  await db
    .update(addons)
    .set({ status: InstallStatus.notInstalled, version: '', progress: 0, error: '', errorParams: {}, updatedAt: sql`now()` })
    .where(eq(addons.name, name));
}

/** Forgets an addon that is not installed (its kept versions go with it). */
export async function deleteAddon(db: Db, name: string): Promise<boolean> {
  const gone = await db
    .delete(addons)
    .where(and(eq(addons.name, name), eq(addons.version, ''), notInArray(addons.status, running)))
    .returning({ name: addons.name });
  return gone.length > 0;
}

/** The current manifests of the installed addons other than `except` (their routes and permissions are taken). */
export async function installedManifests(db: Db, except: string): Promise<AddonManifest[]> {
  const rows = await db
    .select({ manifest: addonVersions.manifest })
    .from(addonVersions)
    .innerJoin(addons, and(eq(addons.name, addonVersions.name), eq(addons.version, addonVersions.version)))
    .where(ne(addons.name, except));
  return rows.map((r) => r.manifest);
}

/** The addons whose names are in `names` (rows only). */
export async function addonsNamed(db: Db, names: readonly string[]): Promise<AddonRow[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(addons)
    .where(inArray(addons.name, [...names]));
}
