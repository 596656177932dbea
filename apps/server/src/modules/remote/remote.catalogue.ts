import type { Db } from '../../db/client';
import { sharedVersionsOf, type SharedVersions } from '../addon/shared-versions';
import { addMissingMenus } from './remote-menus';
import { ADDON_ENTRY_PREFIX, allRemotes, isBuildEntry, removeRemote, upsertRemote } from './remote.repository';
import { localEntry, scanRemotes, type LocalRemote } from './remote.scanner';

const RESCAN_MS = 5000;
/** A build gone for this long (a rebuild empties dist/ for a moment) leaves the registry. */
const MISSING_GRACE_MS = 60_000;

export interface RemoteCatalogueOptions {
  /** The console's shared-library versions, to report builds made against others; default: looked up from WEB_DIR (modules/addon/shared-versions.ts). */
  sharedVersions?: () => SharedVersions;
  /** How long a build seen before must stay gone before its registry row is removed. */
  missingGraceMs?: number;
}

/**
 * The remotes built into WEB_DIR. Scanned at start and again (at most every few seconds) when the
 * registry is read, so a remote rebuilt on its own is picked up by the next page load without a restart.
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

  constructor(
    private readonly db: Db,
    private readonly webDir: string,
    private readonly warn: (message: string) => void,
    private readonly options: RemoteCatalogueOptions = {},
  ) {
    this.sharedVersions = options.sharedVersions ?? sharedVersionsOf(webDir);
  }

  private readonly sharedVersions: () => SharedVersions;

  /** The local build of `name` when its version is `version` (older builds are not kept). */
  find(name: string, version: string): LocalRemote | undefined {
    const r = this.byName.get(name);
    return r && r.version === version ? r : undefined;
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
        const found = scanRemotes(this.webDir, (m) => this.warnOnce(m), this.sharedVersions());
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

  /** Builds this catalogue saw before and that are gone now: reported, then removed after the grace period. */
  private async dropVanished(rows: { name: string; entry: string }[], present: Set<string>): Promise<void> {
    const now = Date.now();
    for (const row of rows) {
      if (!isBuildEntry(row.entry) || present.has(row.name)) {
        this.missingSince.delete(row.name);
        continue;
      }
      // Only builds this server has seen: a row another server or a test registered is not ours to judge.
      if (!this.byName.has(row.name) && !this.missingSince.has(row.name)) continue;
      const since = this.missingSince.get(row.name) ?? now;
      if (!this.missingSince.has(row.name)) {
        this.missingSince.set(row.name, now);
        this.warn(`Remote build "${row.name}" is missing from ${this.webDir}: rebuild it, or it leaves the registry in a minute`);
      }
      if (now - since >= (this.options.missingGraceMs ?? MISSING_GRACE_MS)) {
        await removeRemote(this.db, row.name);
        this.missingSince.delete(row.name);
        this.warn(`Remote build "${row.name}" stayed missing: removed it from the registry (its menus stay, leading nowhere until it is back)`);
      }
    }
  }

  async refreshIfStale(): Promise<void> {
    if (Date.now() - this.scannedAt > RESCAN_MS) await this.scan();
  }
}
