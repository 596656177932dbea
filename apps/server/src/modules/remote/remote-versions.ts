import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/**
 * How many versions of each built remote stay served from DATA_DIR/remotes: the current one and the
 * ones before it, for tabs that loaded an older version and still ask for its chunks (a lazy page, a
 * route not visited yet) after a redeploy replaced WEB_DIR/<app>/dist.
 */
export const KEPT_REMOTE_VERSIONS = 3;

/** Written last into a kept copy: a version without it was cut short (a crash, a build replaced mid-copy). */
const COMPLETE = '.uc-kept';

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The files a build's mf-manifest.json names (its entry and every chunk of its exposes and shared modules), relative to its folder. */
export function manifestFiles(dir: string): string[] | undefined {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const m = manifest as {
    metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
    exposes?: { assets?: Assets }[];
    shared?: { assets?: Assets }[];
  };
  const files = new Set<string>();
  const entry = m.metaData?.remoteEntry;
  if (typeof entry?.name === 'string' && entry.name) files.add(typeof entry.path === 'string' && entry.path ? `${entry.path}/${entry.name}` : entry.name);
  for (const part of [...(m.exposes ?? []), ...(m.shared ?? [])]) {
    for (const kind of [part.assets?.js, part.assets?.css]) {
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) if (typeof file === 'string') files.add(file);
    }
  }
  return [...files];
}

interface Assets {
  js?: { sync?: unknown[]; async?: unknown[] };
  css?: { sync?: unknown[]; async?: unknown[] };
}

/** Whether every file a build's manifest names is there (a deploy copying files in, or a build writing them, is not yet). */
export function buildComplete(dir: string): boolean {
  const files = manifestFiles(dir);
  if (!files) return false;
  return files.every((file) => {
    const full = resolve(dir, file);
    if (!full.startsWith(resolve(dir) + sep)) return false;
    try {
      return statSync(full).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * Copies of the built remotes' versions in DATA_DIR/remotes/<name>/<version>/: a version is copied
 * when the server first sees it in WEB_DIR, so its files are still there once a redeploy has replaced
 * them (tabs that loaded it ask for its chunks later), and after a restart too. The last `keep`
 * versions of each remote are kept; older ones are removed. A copy is made under a temporary name and
 * moved into place, and counts only once complete, so several servers sharing DATA_DIR, or a crash
 * mid-copy, never serve half a version.
 */
export class RemoteVersionStore {
  private copying = new Map<string, Promise<void>>();

  constructor(
    private readonly root: string,
    private readonly warn: (message: string) => void,
    private readonly keep = KEPT_REMOTE_VERSIONS,
  ) {}

  private dirOfVersion(name: string, version: string): string {
    return join(this.root, name, version);
  }

  /** The folder of a kept, complete version, or undefined. */
  dirOf(name: string, version: string): string | undefined {
    if (!NAME.test(name) || !VERSION.test(version)) return undefined;
    const dir = this.dirOfVersion(name, version);
    return existsSync(join(dir, COMPLETE)) ? dir : undefined;
  }

  /** The kept versions of a remote, newest first. */
  versionsOf(name: string): string[] {
    if (!NAME.test(name)) return [];
    let entries: string[];
    try {
      entries = readdirSync(join(this.root, name));
    } catch {
      return [];
    }
    return entries
      .filter((v) => VERSION.test(v) && existsSync(join(this.root, name, v, COMPLETE)))
      .map((v) => ({ v, at: Number(readFileSync(join(this.root, name, v, COMPLETE), 'utf8')) || 0 }))
      .sort((a, b) => b.at - a.at || (a.v < b.v ? 1 : -1))
      .map((x) => x.v);
  }

  /**
   * Keeps a copy of the build of `name`@`version` in `dir` (once; later calls share the copy under
   * way), then removes the versions beyond the last `keep`. A build that changed while it was copied
   * (another deploy) leaves no copy. Never rejects.
   */
  remember(name: string, version: string, dir: string, now = Date.now()): Promise<void> {
    const key = `${name}@${version}`;
    if (!NAME.test(name) || !VERSION.test(version)) return Promise.resolve();
    if (this.dirOf(name, version)) return this.copying.get(key) ?? Promise.resolve();
    let job = this.copying.get(key);
    if (!job) {
      job = this.copy(name, version, dir, now)
        .catch((err: unknown) =>
          this.warn(
            `Could not keep a copy of remote ${key} in ${this.root} (${err instanceof Error ? err.message : String(err)}): tabs that loaded it may fail to load its pages after the next deploy; check that DATA_DIR is writable`,
          ),
        )
        .finally(() => this.copying.delete(key));
      this.copying.set(key, job);
    }
    return job;
  }

  private async copy(name: string, version: string, dir: string, now: number): Promise<void> {
    const target = this.dirOfVersion(name, version);
    const tmp = join(this.root, name, `.${version}.${process.pid}.${now}.partial`);
    await mkdir(join(this.root, name), { recursive: true });
    await rm(tmp, { recursive: true, force: true });
    try {
      await cp(dir, tmp, { recursive: true, errorOnExist: false });
      // The build may have been replaced while it was copied: only a copy of one whole version counts.
      const info = JSON.parse(await readFile(join(tmp, 'uc-remote.json'), 'utf8').catch(() => '{}')) as { version?: unknown };
      if (info.version !== version || !buildComplete(tmp)) return;
      await writeFile(join(tmp, COMPLETE), String(now));
      await rename(tmp, target).catch(async (err: NodeJS.ErrnoException) => {
        // Another server sharing DATA_DIR kept it first: theirs is the same version.
        if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
      });
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
    await this.prune(name);
  }

  /** Removes the versions of `name` beyond the last `keep`, and copies left unfinished a while ago. */
  async prune(name: string): Promise<void> {
    const old = this.versionsOf(name).slice(this.keep);
    for (const version of old) await rm(this.dirOfVersion(name, version), { recursive: true, force: true });
    const folder = join(this.root, name);
    for (const entry of await readdir(folder).catch(() => [] as string[])) {
      const path = join(folder, entry);
      const unfinished = entry.endsWith('.partial') || (VERSION.test(entry) && !existsSync(join(path, COMPLETE)));
      // An hour: long enough for any copy still under way (on this server or another) to finish.
      if (unfinished && Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs > 3_600_000)
        await rm(path, { recursive: true, force: true });
    }
  }
}
