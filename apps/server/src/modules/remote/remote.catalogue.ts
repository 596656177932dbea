import type { Db } from '../../db/client';
import { addMissingMenus } from './remote-menus';
import { upsertRemote } from './remote.repository';
import { localEntry, scanRemotes, type LocalRemote } from './remote.scanner';

const RESCAN_MS = 5000;

/**
 * The remotes built into WEB_DIR. Scanned at start and again (at most every few seconds) when the
 * registry is read, so a remote rebuilt on its own is picked up by the next page load without a restart.
 */
export class RemoteCatalogue {
  private byName = new Map<string, LocalRemote>();
  private scannedAt = 0;
  private scanning: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly webDir: string,
    private readonly warn: (message: string) => void,
  ) {}

  /** The local build of `name` when its version is `version` (older builds are not kept). */
  find(name: string, version: string): LocalRemote | undefined {
    const r = this.byName.get(name);
    return r && r.version === version ? r : undefined;
  }

  list(): LocalRemote[] {
    return [...this.byName.values()];
  }

  /** Scans WEB_DIR and records every local remote in the registry table. */
  async scan(): Promise<void> {
    this.scanning ??= (async () => {
      try {
        const found = scanRemotes(this.webDir, this.warn);
        for (const [i, r] of found.entries()) {
          await upsertRemote(this.db, { ...r, entry: localEntry(r), sort: (i + 1) * 10 });
          // A screen ships with its menu: a remote's declared pages get entries the first time it is seen.
          await addMissingMenus(this.db, r);
        }
        this.byName = new Map(found.map((r) => [r.name, r]));
        this.scannedAt = Date.now();
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  async refreshIfStale(): Promise<void> {
    if (Date.now() - this.scannedAt > RESCAN_MS) await this.scan();
  }
}
