import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { sharedVersionsOf, type SharedVersions } from '../addon/shared-versions';
import { addMissingMenus } from './remote-menus';
import type { RemoteVersionStore } from './remote-versions';
import { ADDON_ENTRY_PREFIX, allRemotes, isBuildEntry, removeRemote, upsertRemote } from './remote.repository';
import { localEntry, scanRemotes, type LocalRemote } from './remote.scanner';

const RESCAN_MS = 5000;
/** A build gone for this long (a rebuild empties dist/ for a moment) leaves the registry. */
const MISSING_GRACE_MS = 60_000;
/** A build missing for less than this is a deploy under way, not worth a warning. */
const MISSING_WARN_MS = 10_000;
/** A build whose manifest names missing files for this long is reported (it is not being written any more). */
const INCOMPLETE_WARN_MS = 30_000;
/** The files whose change means a build was made or deployed anew. */
const WATCHED = ['uc-remote.json', 'mf-manifest.json'];

export interface RemoteCatalogueOptions {
  /** The console's shared-library versions, to refuse builds made against others; default: looked up from WEB_DIR (modules/addon/shared-versions.ts). */
  sharedVersions?: () => SharedVersions;
  /** How long a build seen before must stay gone before its registry row is removed. */
  missingGraceMs?: number;
  /** Where the versions seen are kept for tabs that loaded them (DATA_DIR/remotes); none: only the current build is served. */
  versions?: RemoteVersionStore;
}

/**
 * The remotes built into WEB_DIR. Scanned at start, whenever a build's uc-remote.json or mf-manifest.json
 * changes on disk (`watch`: a few stats a second), and again (at most every few seconds) when the
 * registry is read, so a remote rebuilt or deployed on its own is registered without a restart, and the
 * registry's write tells every open tab (remote-events.ts). A build still being written or copied in
 * (its manifest names files not there yet) waits for the next look. Each version seen is copied to
 * DATA_DIR/remotes (remote-versions.ts), so tabs that run it keep getting its files after the next deploy.
 * A name an installed addon holds is the addon's: a build of that name is reported and left out. A
 * build this server saw that has gone (its app removed from WEB_DIR) is reported, and after a grace
 * period (a rebuild empties dist/ for a moment) taken out of the registry.
 */
export class RemoteCatalogue {
  private byName = new Map<string, LocalRemote>();
  private scannedAt = 0;
  private scanning: Promise<void> | undefined;
  /** Builds seen earlier and missing now: since when. */
  private missingSince = new Map<string, number>();
  /** Problems already reported, so each is logged once and not on every scan. */
  private reported = new Set<string>();
  /** What the watched files looked like at the last scan. */
  private seen: string | undefined;
  /** Builds found incomplete at the last scan: since when (the next look scans again). */
  private incompleteSince = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly webDir: string,
    private readonly warn: (message: string) => void,
    private readonly options: RemoteCatalogueOptions = {},
  ) {
    this.sharedVersions = options.sharedVersions ?? sharedVersionsOf(webDir);
  }

  private readonly sharedVersions: () => SharedVersions;

  /** The console's shared-library versions, which every registered version's ranges are checked against. */
  consoleVersions(): SharedVersions {
    return this.sharedVersions();
  }

  /** The local build of `name` when its version is the current one. */
  find(name: string, version: string): LocalRemote | undefined {
    const r = this.byName.get(name);
    return r && r.version === version ? r : undefined;
  }

  /**
   * The folders that may hold the files of `name`@`version`, best first: its kept copy (exactly that
   * version, whatever WEB_DIR holds now), then the build in WEB_DIR while it is that version.
   */
  dirsOf(name: string, version: string): string[] {
    const kept = this.options.versions?.dirOf(name, version);
    const current = this.find(name, version)?.dir;
    return [kept, current].filter((d): d is string => d !== undefined);
  }

  list(): LocalRemote[] {
    return [...this.byName.values()];
  }

  private warnOnce(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.warn(message);
  }

  /** Scans WEB_DIR and records every local remote in the registry table. */
  async scan(): Promise<void> {
    this.scanning ??= (async () => {
      try {
        // Read before the scan: a change while it runs differs from it, and the next look scans again.
        this.seen = this.signature();
        const incomplete = new Set<string>();
        const found = scanRemotes(
          this.webDir,
          (m) => this.warnOnce(m),
          this.sharedVersions(),
          (dir) => incomplete.add(dir),
        );
        this.noteIncomplete(incomplete);
        const rows = await allRemotes(this.db);
        const kept: LocalRemote[] = [];
        for (const [i, r] of found.entries()) {
          const row = rows.find((x) => x.name === r.name);
          if (row && !isBuildEntry(row.entry)) {
            this.warnOnce(
              `Remote build ${r.dir} is named "${r.name}", which ${row.entry.startsWith(ADDON_ENTRY_PREFIX) ? 'an installed addon' : 'a remote registered by URL'} holds: the build is left out; rename it`,
            );
            continue;
          }
          await upsertRemote(this.db, { ...r, entry: localEntry(r), sort: (i + 1) * 10 });
          // A screen ships with its menu: a remote's declared pages get entries the first time it is seen.
          await addMissingMenus(this.db, r);
          kept.push(r);
          // Copied aside in the background: until then (and while WEB_DIR holds it) WEB_DIR serves it.
          void this.options.versions?.remember(r.name, r.version, r.dir);
        }
        await this.dropVanished(rows, new Set(kept.map((r) => r.name)));
        this.byName = new Map(kept.map((r) => [r.name, r]));
        this.scannedAt = Date.now();
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  private missingMessage(name: string): string {
    return `Remote build "${name}" is missing from ${this.webDir}: rebuild it, or it leaves the registry in a minute`;
  }

  /** Builds this catalogue saw before and that are gone now: reported, then removed after the grace period. */
  private async dropVanished(rows: { name: string; entry: string }[], present: Set<string>): Promise<void> {
    const now = Date.now();
    for (const row of rows) {
      if (!isBuildEntry(row.entry) || present.has(row.name)) {
        if (this.missingSince.delete(row.name)) this.reported.delete(this.missingMessage(row.name));
        continue;
      }
      // Only builds this server has seen: a row another server or a test registered is not ours to judge.
      if (!this.byName.has(row.name) && !this.missingSince.has(row.name)) continue;
      const since = this.missingSince.get(row.name) ?? now;
      if (!this.missingSince.has(row.name)) this.missingSince.set(row.name, now);
      const grace = this.options.missingGraceMs ?? MISSING_GRACE_MS;
      // A deploy replaces dist/ in a moment: only a build missing for longer is worth a word.
      if (now - since >= Math.min(MISSING_WARN_MS, grace)) this.warnOnce(this.missingMessage(row.name));
      if (now - since >= grace) {
        await removeRemote(this.db, row.name);
        this.missingSince.delete(row.name);
        this.reported.delete(this.missingMessage(row.name));
        this.warn(`Remote build "${row.name}" stayed missing: removed it from the registry (its menus stay, leading nowhere until it is back)`);
      }
    }
  }

  async refreshIfStale(): Promise<void> {
    if (Date.now() - this.scannedAt > RESCAN_MS) await this.scan();
  }

  /** Incomplete builds: looked at again on the next look, reported once they stay so. */
  private noteIncomplete(dirs: Set<string>): void {
    const now = Date.now();
    for (const dir of this.incompleteSince.keys()) if (!dirs.has(dir)) this.incompleteSince.delete(dir);
    for (const dir of dirs) {
      const since = this.incompleteSince.get(dir) ?? now;
      this.incompleteSince.set(dir, since);
      if (now - since >= INCOMPLETE_WARN_MS)
        this.warnOnce(`Remote build ${dir} lacks files its mf-manifest.json names: the console keeps the previous version; rebuild or redeploy that app whole`);
    }
  }

  /**
   * The watched files of every build in WEB_DIR (inode, size, modification time): a deploy or a build
   * changes it. A few stats per app.
   */
  signature(): string {
    let apps: string[];
    try {
      apps = readdirSync(this.webDir).sort();
    } catch {
      return '';
    }
    const parts: string[] = [];
    for (const app of apps) {
      for (const file of WATCHED) {
        try {
          const s = statSync(join(this.webDir, app, 'dist', file));
          parts.push(`${app}/${file}:${s.ino}:${s.size}:${s.mtimeMs}`);
        } catch {
          // No build here, or not this file: nothing to compare.
        }
      }
    }
    return parts.join('\n');
  }

  /** Scans when the watched files changed since the last scan, or a build was incomplete then; true when it scanned. */
  async checkForChanges(): Promise<boolean> {
    if (this.signature() === this.seen && this.incompleteSince.size === 0) return false;
    await this.scan();
    return true;
  }

  /** Looks for changes every `intervalMs` (WEB_DIR_SCAN_MS); returns the stopper. 0: never. */
  watch(intervalMs: number, onError: (err: unknown) => void): () => void {
    if (intervalMs <= 0) return () => undefined;
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.checkForChanges()
        .catch(onError)
        .finally(() => (busy = false));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
