import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { addonManifestSchema, addonRoutes, addonVersionId, InstallStatus, type AddonManifest, type RemotePage } from '@uc/contracts';
import type { MarketConfig } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction, rowsOf } from '../../db/typed';
import { addonEntry, upsertRemote } from '../remote/remote.repository';
import { checkFits, manifestOf, type ConsoleState } from './addon-checks';
import { removeVersions, hasVersionFiles, removeAddonFiles, stageVersion, type StagedVersion } from './addon-files';
import { syncAddonMenus } from './addon-menus';
import { addonUpgradeEntry } from './addon-upgrade';
import {
  failJob,
  findAddon,
  forgetVersionsExcept,
  keepVersion,
  keptVersion,
  keptVersions,
  markInstalled,
  reportJob,
  touchVersion,
  type AddonRow,
  type JobKind,
} from './addon.repository';
import { errorText, type CatalogueEntry, type MarketCatalogue } from './market-catalogue';
import { FETCH_TOO_BIG, fetchLimited } from './market-fetch';
import { PackageRefused, readPackage } from './tar-reader';

/*
 * Install and update jobs: 1 downloading (progress by bytes; size and sha256 checked), 2 installing
 * (unpacked, manifest checked, fitted against the console), then in one transaction the kept version,
 * its menus and grants, the registry entry and the upgrade log entry, and 3 installed. A failure at any
 * step removes the files it wrote and commits nothing; the addon's row says why (installStatus -1).
 * Jobs run in the server process after the request that started them has committed; no restart.
 */

export const NOT_OFFERED = 'The market offers no {versionId}: reload the market and pick a version it lists';
export const SIZE_MISMATCH =
  'The package of {versionId} is {actual} bytes, but the catalogue says {expected}: the download was cut short or the package changed; install again or fix the catalogue entry';
export const CHECKSUM_MISMATCH =
  'The package of {versionId} does not match the catalogue checksum (sha256 {actual}, expected {expected}): it was corrupted or replaced; install again or fix the catalogue entry';
export const SIZE_OVER =
  'The package of {versionId} is larger than the {expected} bytes the catalogue says: the package changed; install again or fix the catalogue entry';
export const INSTALL_FAILED = 'Installing {versionId} failed ({problem}): install again; the server log has the details';
const UNEXPECTED = 'an unexpected error on the server';
export const TOO_BIG_PACKAGE = 'The package of {versionId} is larger than {max} MB: the platform limits packages with MARKET_PACKAGE_MAX_MB';

/** How many versions are kept in all: the installed one and the two before it. */
export const KEPT_VERSIONS = 3;

/** A registry page from a manifest page (the registry carries no permissions or buttons). */
export const registryPage = (p: AddonManifest['pages'][number]): RemotePage => ({
  path: p.path,
  title: p.title,
  ...(p.icon ? { icon: p.icon } : {}),
  ...(p.hidden ? { hidden: true } : {}),
  ...(p.accessAs ? { accessAs: p.accessAs } : {}),
  ...(p.everyone ? { everyone: true } : {}),
  ...(p.everyone && p.byPolicy ? { byPolicy: true } : {}),
});

/** Addons come after the console's own remotes in the registry (theirs sort 10, 20 ...). */
const ADDON_SORT = 1000;

export interface InstallerDeps {
  /** The system connection (jobs run outside any request). */
  db: Db;
  config: MarketConfig;
  catalogue: MarketCatalogue;
  console: () => ConsoleState;
  warn: (message: string) => void;
  info: (message: string) => void;
}

export interface JobTicket {
  name: string;
  kind: JobKind;
  version: string;
  jobId: string;
}

export class AddonInstaller {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: InstallerDeps) {}

  /** Runs `work` in the background, tracked so tests and shutdown can wait for it. */
  private track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) => this.deps.warn(`Addon job crashed: ${errorText(err)}`)).finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Starts a job claimed by a request, once that request has answered (its transaction committed). */
  startAfter(raw: NodeJS.EventEmitter, ticket: JobTicket): void {
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
      this.track(this.run(ticket));
    };
    raw.once('finish', go);
    raw.once('close', go);
  }

  /** Removes files no kept version needs, once a request that changed them has answered. */
  sweepAfter(raw: NodeJS.EventEmitter, name: string): void {
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
      this.track(this.sweep(name));
    };
    raw.once('finish', go);
    raw.once('close', go);
  }

  /** Resolves when every job and sweep of this process has ended. */
  async idle(): Promise<void> {
    // Tracked promises never reject (track catches); new work started meanwhile is waited for too.
    while (this.running.size > 0) for (const p of [...this.running]) await p;
  }

  /** One job, start to end; never throws (a failure is written to the addon's row). */
  async run(t: JobTicket): Promise<void> {
    const { db, config } = this.deps;
    const versionId = addonVersionId(t.name, t.version);
    // The claiming request's transaction has committed when its row carries this job (PGlite runs one
    // transaction at a time; PostgreSQL makes the locking read wait for that commit).
    const owned = await inTransaction(db, async (tx) => {
      const rows = await rowsOf<{ job_id: string }>(tx, sql`select job_id from addons where name = ${t.name} for update`);
      return rows[0]?.job_id === t.jobId;
    });
    if (!owned) return;
    let staged: StagedVersion | undefined;
    const report = progressWriter(db, t);
    try {
      await report(InstallStatus.downloading, 0, true);
      const before = await findAddon(db, t.name);
      const kept = await keptVersion(db, t.name, t.version);
      const entry = await this.deps.catalogue.find(t.name, t.version);
      let manifest: AddonManifest;
      let pkg: { sha256: string; size: number };
      if (entry) {
        // A failed progress write shows at report.check() below, not as an unhandled rejection here.
        const body = await this.download(entry, versionId, (p) => void report(InstallStatus.downloading, p * 60).catch(() => undefined));
        await report.check();
        await report(InstallStatus.installing, 65, true);
        const files = await readPackage(body.data, { maxUnpackedBytes: config.unpackedMaxBytes });
        manifest = manifestOf(files, t);
        await checkFits(db, manifest, this.deps.console());
        await report(InstallStatus.installing, 80, true);
        staged = await stageVersion(config.addonsDir, t.name, t.version, files, t.jobId);
        await staged.commit();
        pkg = { sha256: body.sha256, size: body.data.length };
      } else if (kept && hasVersionFiles(config.addonsDir, t.name, t.version)) {
        // Not on offer any more, but its files were kept (an uninstall keeps the last version): reinstall those.
        await report(InstallStatus.installing, 65, true);
        manifest = addonManifestSchema.parse(kept.manifest);
        await checkFits(db, manifest, this.deps.console());
        pkg = { sha256: kept.sha256, size: kept.size };
      } else {
        throw new PackageRefused(NOT_OFFERED, { versionId });
      }
      await report(InstallStatus.installing, 90, true);
      await report.stop();
      const done = await inTransaction(db, (tx) => this.activate(tx, manifest, t.jobId, before?.version || undefined, pkg));
      if (!done) throw new JobLost();
      await staged?.finish();
      this.deps.info(`Addon ${versionId}: ${t.kind} done`);
      await this.sweep(t.name);
    } catch (err) {
      await report.stop();
      await staged?.discard().catch((e: unknown) => this.deps.warn(`Addon ${versionId}: could not remove its files after a failure: ${errorText(e)}`));
      if (err instanceof JobLost) return;
      // What went wrong inside the server is for its log; the reader is told to look there.
      const refusal = err instanceof PackageRefused ? err : new PackageRefused(INSTALL_FAILED, { versionId, problem: UNEXPECTED });
      this.deps.warn(`Addon ${versionId}: ${t.kind} refused: ${errorText(err)}`);
      await failJob(db, t.name, t.jobId, refusal.message, refusal.params).catch((e: unknown) =>
        this.deps.warn(`Addon ${versionId}: could not record the failure: ${errorText(e)}`),
      );
    }
  }

  private async download(entry: CatalogueEntry, versionId: string, progress: (fraction: number) => unknown): Promise<{ data: Buffer; sha256: string }> {
    const { config } = this.deps;
    const maxMb = Math.round(config.packageMaxBytes / 1048576);
    if (entry.size > config.packageMaxBytes) throw new PackageRefused(TOO_BIG_PACKAGE, { versionId, max: maxMb });
    let data: Buffer;
    let sha256: string;
    if (entry.source.kind === 'file') {
      const size = (await stat(entry.source.path)).size;
      if (size > config.packageMaxBytes) throw new PackageRefused(TOO_BIG_PACKAGE, { versionId, max: maxMb });
      data = await readFile(entry.source.path);
      sha256 = createHash('sha256').update(data).digest('hex');
      progress(1);
      // The folder is read as it is now; the manifest inside must still name the version asked for.
      return { data, sha256 };
    }
    const got = await fetchLimited(entry.source.url, {
      timeoutMs: config.fetchTimeoutMs,
      // One byte more than the catalogue says is enough to know the package is not the one listed.
      maxBytes: Math.min(config.packageMaxBytes, entry.size + 1),
      onProgress: (received) => progress(Math.min(1, received / entry.size)),
    }).catch((err: unknown) => {
      if (err instanceof PackageRefused && err.message === FETCH_TOO_BIG && entry.size < config.packageMaxBytes)
        throw new PackageRefused(SIZE_OVER, { versionId, expected: entry.size });
      throw err;
    });
    data = got.body;
    sha256 = got.sha256;
    if (data.length !== entry.size) throw new PackageRefused(SIZE_MISMATCH, { versionId, actual: data.length, expected: entry.size });
    if (sha256 !== entry.sha256) throw new PackageRefused(CHECKSUM_MISMATCH, { versionId, actual: sha256, expected: entry.sha256 });
    return { data, sha256 };
  }

  /**
   * Makes a version current, in the caller's transaction: kept version, menus and grants, registry
   * entry, upgrade log, the addon's row. False when the job no longer owns the row (it was taken over).
   * Installs of different addons fit themselves one at a time (a lock), so two cannot take one route.
   */
  async activate(tx: Db, m: AddonManifest, jobId: string, previous: string | undefined, pkg: { sha256: string; size: number }): Promise<boolean> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uc:addons'))`);
    const [row] = await rowsOf<{ job_id: string }>(tx, sql`select job_id from addons where name = ${m.name} for update`);
    if (row?.job_id !== jobId) return false;
    await checkFits(tx, m, this.deps.console());
    await keepVersion(tx, { name: m.name, version: m.version, manifest: m, sha256: pkg.sha256, size: pkg.size });
    await syncAddonMenus(tx, m);
    await upsertRemote(
      tx,
      {
        name: m.name,
        entry: addonEntry(m.name, m.version),
        version: m.version,
        routes: addonRoutes(m),
        title: m.title,
        icon: m.icon,
        pages: m.pages.map(registryPage),
        shared: m.shared,
        sort: ADDON_SORT,
      },
      (replaced) => addonUpgradeEntry(m, previous ?? replaced),
    );
    return markInstalled(tx, m.name, m.version, jobId);
  }

  /** Switches to a kept version, in the caller's transaction (a roll back needs no download). */
  async rollback(tx: Db, row: AddonRow, version: string, jobId: string): Promise<boolean> {
    const kept = await keptVersion(tx, row.name, version);
    if (!kept) return false;
    const m = addonManifestSchema.parse(kept.manifest);
    const done = await this.activate(tx, m, jobId, row.version || undefined, { sha256: kept.sha256, size: kept.size });
    if (done) await touchVersion(tx, row.name, version);
    return done;
  }

  /**
   * Keeps the files the addon's state needs and removes the rest: the installed version and the two
   * activated before it (or, uninstalled, the last one); none once the addon is purged.
   */
  async sweep(name: string): Promise<void> {
    const { db, config } = this.deps;
    const row = await findAddon(db, name);
    if (!row) {
      await removeAddonFiles(config.addonsDir, name);
      return;
    }
    const kept = await keptVersions(db, name);
    const keep = row.version
      ? [row.version, ...kept.map((k) => k.version).filter((v) => v !== row.version)].slice(0, KEPT_VERSIONS)
      : kept.slice(0, 1).map((k) => k.version);
    const forgotten = await forgetVersionsExcept(db, name, keep);
    await removeVersions(config.addonsDir, name, forgotten);
  }
}

/** The job's row was taken over (it ran too long and another job started): stop quietly. */
class JobLost extends Error {}

/** Writes of a job's progress less often than every this many milliseconds are merged. */
const REPORT_EVERY_MS = 200;

/**
 * A job's progress writer: writes go out one after another (never out of order), at most one every
 * REPORT_EVERY_MS with the latest value written at the end of the interval, and a forced one (a new
 * status) at once. A write that finds the row taken over makes the next call, or check(), throw JobLost.
 */
function progressWriter(db: Db, t: JobTicket) {
  let chain: Promise<void> = Promise.resolve();
  let lost: unknown;
  let last = 0;
  let latest: { status: number; progress: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const write = (status: number, progress: number) => {
    last = Date.now();
    chain = chain
      .then(async () => {
        if (!(await reportJob(db, t.name, t.jobId, status, progress))) lost ??= new JobLost();
      })
      .catch((err: unknown) => {
        lost ??= err;
      });
    return chain;
  };
  const report = async (status: number, progress: number, force = false): Promise<void> => {
    if (lost) throw lost;
    if (force) {
      clearTimeout(timer);
      timer = undefined;
      await write(status, progress);
      if (lost) throw lost;
      return;
    }
    latest = { status, progress };
    const wait = REPORT_EVERY_MS - (Date.now() - last);
    if (wait <= 0) {
      void write(status, progress);
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      if (latest) void write(latest.status, latest.progress);
    }, wait);
  };
  /** No more writes: a pending one is dropped, the ones under way are waited for (a job's end must not be overwritten). */
  report.stop = async () => {
    clearTimeout(timer);
    timer = undefined;
    latest = undefined;
    await chain;
  };
  /** Throws when a write found the job's row taken over. */
  report.check = async () => {
    await chain;
    if (lost) throw lost;
  };
  return report;
}
