import { existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ADDON_DIST_DIR, ADDON_NAME_PATTERN, SEMVER_PATTERN } from '@uc/contracts';
import { cacheControlFor } from '../../http/static-hosting';
import { notFound } from '../../lib/errors';

/*
 * Installed addons on disk: ADDONS_DIR/<name>/<version>/ holds the package as unpacked (package.json,
 * uc-addon.json, dist/ ...). A version is written beside the others under a temporary name and moved
 * into place in one rename, so a half-written version is never served; the files of every kept
 * version are served at /user/web/remotes/addons/<name>/<version>/ (the remote's dist/) with the cache rules
 * of the built remotes: versioned, so immutable, but for the entry files.
 */

export const versionDir = (addonsDir: string, name: string, version: string): string => join(addonsDir, name, version);

/** Screenshots and other package files beside dist/ are served under this segment (images only). */
export const PACKAGE_FILES_SEGMENT = '~package';

/** A version written aside; `commit` moves it into place, `discard` removes it and puts back what it replaced. */
export interface StagedVersion {
  dir: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
  /** After the database has the version: forget what it replaced. */
  finish(): Promise<void>;
}

/** Writes the files of a version under a temporary name beside the others. */
export async function stageVersion(
  addonsDir: string,
  name: string,
  version: string,
  files: ReadonlyMap<string, Buffer>,
  jobId: string,
): Promise<StagedVersion> {
  const dir = versionDir(addonsDir, name, version);
  const tmp = join(addonsDir, name, `.${version}.${jobId}.partial`);
  const old = join(addonsDir, name, `.${version}.${jobId}.replaced`);
  await rm(tmp, { recursive: true, force: true });
  for (const [path, data] of files) {
    const target = resolve(tmp, path);
    // readPackage refused climbing paths already; this is the second lock on the same door.
    if (!target.startsWith(tmp + sep)) throw new Error(`refusing to write ${path} outside ${tmp}`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data, { flag: 'wx' });
  }
  let replaced = false;
  let committed = false;
  return {
    dir,
    async commit() {
      if (existsSync(dir)) {
        await rename(dir, old);
        replaced = true;
      }
      await rename(tmp, dir);
      committed = true;
    },
    async discard() {
      await rm(tmp, { recursive: true, force: true });
      if (committed) await rm(dir, { recursive: true, force: true });
      if (replaced) await rename(old, dir);
      await removeIfEmpty(join(addonsDir, name));
    },
    async finish() {
      if (replaced) await rm(old, { recursive: true, force: true });
    },
  };
}

/** Removes the files of versions. */
export async function removeVersions(addonsDir: string, name: string, versions: readonly string[]): Promise<void> {
  for (const version of versions) await rm(versionDir(addonsDir, name, version), { recursive: true, force: true });
  await removeIfEmpty(join(addonsDir, name));
}

/** Removes every file of an addon (purge). */
export async function removeAddonFiles(addonsDir: string, name: string): Promise<void> {
  await rm(join(addonsDir, name), { recursive: true, force: true });
}

async function removeIfEmpty(dir: string): Promise<void> {
  await rmdir(dir).catch(() => undefined);
}

/** Whether the files of a version are on disk. */
export const hasVersionFiles = (addonsDir: string, name: string, version: string): boolean =>
  existsSync(join(versionDir(addonsDir, name, version), ADDON_DIST_DIR, 'mf-manifest.json'));

function fileIn(root: string, rel: string): string | undefined {
  const full = resolve(root, `.${sep}${rel}`);
  if (!full.startsWith(root + sep)) return undefined;
  try {
    return statSync(full).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

const IMAGE = /\.(png|jpe?g|webp|gif|svg)$/i;

/** Serves the kept versions' files: /user/web/remotes/addons/<name>/<version>/<file of dist/>, and ~package/<image> for screenshots. */
export function registerAddonFiles(app: FastifyInstance, addonsDir: string): void {
  const root = resolve(addonsDir);
  app.get<{ Params: { name: string; version: string; '*': string } }>('/user/web/remotes/addons/:name/:version/*', (req, reply) => {
    const { name, version } = req.params;
    const rel = req.params['*'];
    const missing = () => notFound('There is no file {path}: the remote may have been redeployed; reload the page', { path: req.url.split('?')[0] ?? '' });
    if (!ADDON_NAME_PATTERN.test(name) || !SEMVER_PATTERN.test(version) || !rel) throw missing();
    const base = versionDir(root, name, version);
    const inPackage = rel.startsWith(`${PACKAGE_FILES_SEGMENT}/`);
    const dir = inPackage ? base : join(base, ADDON_DIST_DIR);
    const path = inPackage ? rel.slice(PACKAGE_FILES_SEGMENT.length + 1) : rel;
    if ((inPackage && !IMAGE.test(path)) || !fileIn(dir, path)) throw missing();
    void reply.header('Cache-Control', cacheControlFor(path, true));
    return reply.sendFile(path, dir, { cacheControl: false });
  });
}
