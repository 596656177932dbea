import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import semver from 'semver';
import { z } from 'zod';
import { ADDON_MANIFEST_FILE, ADDON_NAME_PATTERN, addonManifestSchema, SEMVER_PATTERN, type AddonManifest } from '@uc/contracts';
import type { MarketConfig } from '../../config';
import { fetchLimited, shownUrl } from './market-fetch';
import { readPackage } from './tar-reader';

/*
 * What the market offers: the packages in MARKET_DIR, the entries of the catalogue indexes at
 * MARKET_CATALOGUE_URLS and the example addons the server build ships (MARKET_EXAMPLES), merged by
 * name and version (the folder first, then the URLs in their order, the examples last: an operator's
 * own package of a version wins). Read again after MARKET_CATALOGUE_TTL_SECONDS; a source that fails
 * is reported and skipped, the others still count.
 */

/** Where a package version comes from. */
export type PackageSource = { kind: 'file'; path: string } | { kind: 'url'; url: string };

export interface CatalogueEntry {
  name: string;
  version: string;
  source: PackageSource;
  /** Expected sha256 (hex) and size of the package. */
  sha256: string;
  size: number;
  /** The package's own manifest, when known without installing (a MARKET_DIR package). */
  manifest?: AddonManifest;
  /** What an index says about it (a URL entry), for the card before installing. */
  title?: Record<string, string>;
  description?: Record<string, string>;
  icon?: string;
  changelog?: string;
  screenshots?: string[];
}

const localized = z.record(z.string().max(20), z.string().max(2000));
/** One entry of a catalogue index. `url` may be relative to the index's own address. */
export const catalogueIndexEntrySchema = z.object({
  name: z.string().regex(ADDON_NAME_PATTERN),
  version: z.string().max(64).regex(SEMVER_PATTERN),
  url: z.string().min(1).max(2048),
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((v) => v.toLowerCase()),
  size: z.number().int().positive(),
  title: localized.optional(),
  description: localized.optional(),
  icon: z.string().max(64).optional(),
  changelog: z.string().max(100_000).optional(),
  screenshots: z.array(z.string().url().max(2048)).max(10).optional(),
});
/** A catalogue index: `{ "addons": [entry, ...] }` (a bare array of entries is read too). */
export const catalogueIndexSchema = z.union([z.object({ addons: z.array(z.unknown()).max(5000) }), z.array(z.unknown()).max(5000)]);

/** A MARKET_DIR package read once per (path, size, mtime). */
interface LocalPackage {
  key: string;
  entry?: CatalogueEntry;
}

export class MarketCatalogue {
  private entries: CatalogueEntry[] = [];
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;
  private local = new Map<string, LocalPackage>();
  private reported = new Set<string>();

  constructor(
    private readonly config: MarketConfig,
    private readonly warn: (message: string) => void,
  ) {}

  private warnOnce(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.warn(message);
  }

  /** Every version on offer, read again when older than the TTL. */
  async all(): Promise<CatalogueEntry[]> {
    if (Date.now() - this.readAt > this.config.catalogueTtlMs) await this.refresh();
    return this.entries;
  }

  /**
   * The offer as it is now: read again when older than the TTL, waiting for that at most `maxWaitMs`
   * (a request must not hold its transaction for a slow catalogue server; the next one gets the result).
   */
  async current(maxWaitMs: number): Promise<CatalogueEntry[]> {
    if (Date.now() - this.readAt > this.config.catalogueTtlMs) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, maxWaitMs);
        void this.refresh().then(() => {
          clearTimeout(timer);
          done();
        });
      });
    }
    return this.entries;
  }

  /** One version, if on offer now (see current). */
  async findNow(name: string, version: string, maxWaitMs: number): Promise<CatalogueEntry | undefined> {
    return (await this.current(maxWaitMs)).find((e) => e.name === name && e.version === version);
  }

  /** Reads the sources now (also after an operator drops a package in, through the TTL); never rejects. */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const merged = new Map<string, CatalogueEntry>();
        const add = (e: CatalogueEntry) => {
          const key = `${e.name}@${e.version}`;
          const first = merged.get(key);
          if (!first) merged.set(key, e);
          else if (first.sha256 !== e.sha256)
            this.warnOnce(`Market: ${key} is offered twice with different contents (${where(first.source)} and ${where(e.source)}): the first is used`);
        };
        const seen = new Set<string>();
        for (const e of await this.readFolder(this.config.dir, seen)) add(e);
        for (const url of this.config.catalogueUrls) for (const e of await this.readIndex(url)) add(e);
        if (this.config.examplesDir) for (const e of await this.readFolder(this.config.examplesDir, seen)) add(e);
        for (const path of this.local.keys()) if (!seen.has(path)) this.local.delete(path);
        this.entries = [...merged.values()];
        this.readAt = Date.now();
      } catch (err) {
        this.warn(`Market: cannot read the catalogue sources: ${errorText(err)}`);
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  /** The entry of one version, if on offer. */
  async find(name: string, version: string): Promise<CatalogueEntry | undefined> {
    return (await this.all()).find((e) => e.name === name && e.version === version);
  }

  /** The versions of one addon, newest first. */
  async versionsOf(name: string): Promise<CatalogueEntry[]> {
    return (await this.all()).filter((e) => e.name === name).sort((a, b) => semver.rcompare(a.version, b.version));
  }

  /** The packages of a folder; `seen` collects their paths (the others are forgotten after a read of every source). */
  private async readFolder(dir: string, seen: Set<string>): Promise<CatalogueEntry[]> {
    if (!existsSync(dir)) return [];
    const out: CatalogueEntry[] = [];
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.tgz')) continue;
      const path = join(dir, name);
      let stat;
      try {
        stat = statSync(path);
      } catch {
        continue;
      }
      if (!stat.isFile()) continue;
      seen.add(path);
      const key = `${stat.size}:${stat.mtimeMs}`;
      let pkg = this.local.get(path);
      if (pkg?.key !== key) {
        pkg = { key, entry: await this.readLocalPackage(path, stat.size) };
        this.local.set(path, pkg);
      }
      if (pkg.entry) out.push(pkg.entry);
    }
    return out;
  }

  private async readLocalPackage(path: string, size: number): Promise<CatalogueEntry | undefined> {
    try {
      if (size > this.config.packageMaxBytes)
        throw new Error(`it is larger than MARKET_PACKAGE_MAX_MB (${Math.round(this.config.packageMaxBytes / 1048576)} MB)`);
      const body = await readFile(path);
      const files = await readPackage(body, { maxUnpackedBytes: this.config.unpackedMaxBytes });
      const raw = files.get(ADDON_MANIFEST_FILE);
      if (!raw) throw new Error(`it has no ${ADDON_MANIFEST_FILE} at the package root`);
      const manifest = addonManifestSchema.parse(JSON.parse(raw.toString('utf8')));
      return {
        name: manifest.name,
        version: manifest.version,
        source: { kind: 'file', path },
        sha256: createHash('sha256').update(body).digest('hex'),
        size: body.length,
        manifest,
      };
    } catch (err) {
      const why = err instanceof z.ZodError ? err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : (err as Error).message;
      this.warnOnce(`Market: skipping the package ${path}: ${why}; rebuild it with the addon kit`);
      return undefined;
    }
  }

  private async readIndex(url: string): Promise<CatalogueEntry[]> {
    try {
      // An index is a list of links: a fiftieth of the package limit (1 MB by default) is plenty.
      const { body } = await fetchLimited(url, {
        timeoutMs: this.config.fetchTimeoutMs,
        maxBytes: Math.max(64 * 1024, Math.floor(this.config.packageMaxBytes / 50)),
      });
      const index = catalogueIndexSchema.parse(JSON.parse(body.toString('utf8')));
      const raw = Array.isArray(index) ? index : index.addons;
      const out: CatalogueEntry[] = [];
      for (const [i, item] of raw.entries()) {
        const parsed = catalogueIndexEntrySchema.safeParse(item);
        if (!parsed.success) {
          this.warnOnce(`Market: skipping entry ${i} of ${shownUrl(url)}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
          continue;
        }
        const e = parsed.data;
        const packageUrl = URL.canParse(e.url, url) ? new URL(e.url, url).toString() : '';
        if (!/^https?:/.test(packageUrl)) {
          this.warnOnce(`Market: skipping ${e.name}@${e.version} of ${shownUrl(url)}: its url is not http(s)`);
          continue;
        }
        out.push({
          name: e.name,
          version: e.version,
          source: { kind: 'url', url: packageUrl },
          sha256: e.sha256,
          size: e.size,
          title: e.title,
          description: e.description,
          icon: e.icon,
          changelog: e.changelog,
          screenshots: e.screenshots,
        });
      }
      return out;
    } catch (err) {
      const problem =
        err instanceof z.ZodError ? 'it is not a catalogue index ({ "addons": [...] })' : err instanceof SyntaxError ? 'it is not JSON' : errorText(err);
      this.warnOnce(`Market: cannot read the catalogue ${shownUrl(url)}: ${problem}`);
      return [];
    }
  }
}

const where = (s: PackageSource): string => (s.kind === 'file' ? s.path : shownUrl(s.url));

/** An error's text for the log, with a refusal's parameters filled in. */
export function errorText(err: unknown): string {
  const e = err as { message?: string; params?: Record<string, string | number> };
  const message = e.message ?? String(err);
  return e.params ? message.replace(/\{(\w+)\}/g, (whole, k: string) => (k in e.params! ? String(e.params![k]) : whole)) : message;
}
