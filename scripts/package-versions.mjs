#!/usr/bin/env node
// @ts-check
// The console's published packages (@uc/contracts, @uc/client, @uc/ui, @uc/testing, @uc/addon-kit: every
// workspace package that is not private) carry semantic versions that change when they do. Changesets
// (https://github.com/changesets/changesets) records each change (`pnpm changeset`: which packages, patch,
// minor or major, and a line for the changelog) and releases them (`pnpm version-packages`: versions bumped,
// CHANGELOG.md written, then `record` below). This script keeps that honest without a network or the git
// history (CI works on a shallow clone): .changeset/released-sources.json holds, for each package, the
// version last released and a hash of the files it publishes at that version.
//
//   node scripts/package-versions.mjs check    (in `pnpm lint`) fails when a package's published files
//                                              differ from its last release and no pending changeset
//                                              names it, or when its version moved without being recorded
//   node scripts/package-versions.mjs record   after `changeset version`: records each package whose
//                                              version changed (refuses one that changed without a bump)
//
// The files a package publishes are those its package.json "files" names (with their "!" exclusions),
// plus package.json itself (without its "version") and README; CHANGELOG.md, tests and build output are
// not source. Only files git sees count (tracked, or new and not ignored), so dist/ never does.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RECORD_FILE = path.join('.changeset', 'released-sources.json');
/** Where the workspace's packages live (pnpm-workspace.yaml); only the ones not marked private are published. */
const PACKAGE_FOLDERS = ['packages', 'apps'];

/**
 * @typedef {{ name: string, version: string, dir: string, manifest: Record<string, unknown> }} WorkspacePackage
 *   dir: relative to the root, with forward slashes
 * @typedef {Record<string, { version: string, sources: string }>} Released
 */

/** @param {string} root @returns {WorkspacePackage[]} the published (not private) packages, by name */
export function publishedPackages(root) {
  /** @type {WorkspacePackage[]} */
  const out = [];
  for (const folder of PACKAGE_FOLDERS) {
    const base = path.join(root, folder);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      const file = path.join(base, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      if (manifest.private === true || typeof manifest.name !== 'string') continue;
      out.push({ name: manifest.name, version: String(manifest.version), dir: `${folder}/${entry.name}`, manifest });
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** A package.json "files" pattern as a test of a path relative to the package (npm's rules, enough of them). */
function patternTest(/** @type {string} */ pattern) {
  const clean = pattern.replace(/^\.?\//, '').replace(/\/$/, '');
  if (!/[*?[]/.test(clean)) return (/** @type {string} */ file) => file === clean || file.startsWith(`${clean}/`);
  let re = '';
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i];
    if (c === '*' && clean[i + 1] === '*') {
      // `**/` is any number of folders, `**` at the end anything.
      re += clean[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += clean[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${re}(?:/.*)?$`);
  return (/** @type {string} */ file) => regex.test(file);
}

/**
 * Whether a file (relative to its package) is published: package.json and README always, CHANGELOG.md
 * never (the release writes it), else what "files" includes and does not exclude; without "files",
 * everything but tests.
 * @param {string} file @param {unknown} files the package's "files"
 */
export function isPublished(file, files) {
  if (file === 'package.json' || /^readme(\.[a-z]+)?$/i.test(file)) return true;
  if (/^changelog\.md$/i.test(file)) return false;
  if (!Array.isArray(files)) return !/\.test\.[cm]?[jt]sx?$/.test(file);
  const include = files.filter((p) => typeof p === 'string' && !p.startsWith('!')).map(patternTest);
  const exclude = files.filter((p) => typeof p === 'string' && p.startsWith('!')).map((p) => patternTest(p.slice(1)));
  return include.some((test) => test(file)) && !exclude.some((test) => test(file));
}

/** @param {string} root @param {string} dir @returns {string[]} the files git sees in dir (tracked, or new and not ignored), relative to it */
function gitFiles(root, dir) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', dir], { cwd: root, encoding: 'utf8' });
  const prefix = `${dir}/`;
  return [
    ...new Set(
      out
        .split('\0')
        .filter((f) => f.startsWith(prefix))
        // A tracked file deleted in the work tree is gone from what would be published.
        .filter((f) => existsSync(path.join(root, f)))
        .map((f) => f.slice(prefix.length)),
    ),
  ].sort();
}

/** A hash of what `pkg` publishes (its version left out, so a release alone does not change it). @param {string} root @param {WorkspacePackage} pkg */
export function sourcesHash(root, pkg) {
  const hash = createHash('sha256');
  for (const file of gitFiles(root, pkg.dir).filter((f) => isPublished(f, pkg.manifest.files))) {
    let content = readFileSync(path.join(root, pkg.dir, file));
    if (file === 'package.json') {
      const { version: _version, ...rest } = JSON.parse(content.toString('utf8'));
      content = Buffer.from(JSON.stringify(rest));
    }
    hash.update(file).update('\0').update(content).update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} root @returns {Map<string, string[]>} package name -> the pending changesets (.changeset/*.md) that name it */
export function pendingChangesets(root) {
  /** @type {Map<string, string[]>} */
  const out = new Map();
  const dir = path.join(root, '.changeset');
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.md') || file.toLowerCase() === 'readme.md') continue;
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? '';
    for (const line of front.split(/\r?\n/)) {
      const name = /^\s*["']?([^"':\s]+)["']?\s*:\s*(?:patch|minor|major)\s*$/.exec(line)?.[1];
      if (name) out.set(name, [...(out.get(name) ?? []), `.changeset/${file}`]);
    }
  }
  return out;
}

/** @param {string} root @returns {Released} */
export function readReleased(root) {
  const file = path.join(root, RECORD_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * What is wrong with the packages' versions, one line each, saying what to do; empty when all is well.
 * @param {string} root
 */
export function versionProblems(root) {
  const released = readReleased(root);
  const pending = pendingChangesets(root);
  /** @type {string[]} */
  const problems = [];
  for (const pkg of publishedPackages(root)) {
    const last = released[pkg.name];
    if (!last) {
      problems.push(
        `${pkg.name} (${pkg.dir}) has no recorded release: add a changeset for it (pnpm changeset), then release it (pnpm version-packages), which records it in ${RECORD_FILE}`,
      );
      continue;
    }
    if (pkg.version !== last.version) {
      problems.push(
        `${pkg.name} is ${pkg.version} in ${pkg.dir}/package.json, but its last recorded release is ${last.version}: versions change through pnpm version-packages (changeset version, then node scripts/package-versions.mjs record); run the record step if you bumped it by hand`,
      );
      continue;
    }
    if (sourcesHash(root, pkg) !== last.sources && !pending.has(pkg.name)) {
      problems.push(
        `${pkg.name} (${pkg.dir}) changed since its release ${last.version}, and no changeset says how: run pnpm changeset, pick ${pkg.name} and patch (a fix), minor (something added) or major (something an addon or remote built against ${last.version} cannot use as before), and commit the .changeset/*.md file with the change`,
      );
    }
  }
  return problems;
}

/**
 * Records every package whose version differs from its recorded release (after `changeset version`);
 * refuses a package whose files changed with no new version. Returns the names recorded.
 * @param {string} root
 */
export function recordReleases(root) {
  const released = readReleased(root);
  const pending = pendingChangesets(root);
  /** @type {string[]} */
  const recorded = [];
  /** @type {string[]} */
  const refused = [];
  for (const pkg of publishedPackages(root)) {
    const last = released[pkg.name];
    const sources = sourcesHash(root, pkg);
    if (last && last.version === pkg.version) {
      if (last.sources !== sources)
        refused.push(
          `${pkg.name} changed but is still ${pkg.version}${pending.has(pkg.name) ? ': run changeset version first' : ': add a changeset (pnpm changeset)'}`,
        );
      continue;
    }
    released[pkg.name] = { version: pkg.version, sources };
    recorded.push(`${pkg.name}@${pkg.version}`);
  }
  if (refused.length > 0) throw new Error(`Not recorded:\n  ${refused.join('\n  ')}`);
  const sorted = Object.fromEntries(Object.entries(released).sort(([a], [b]) => (a < b ? -1 : 1)));
  mkdirSync(path.join(root, path.dirname(RECORD_FILE)), { recursive: true });
  writeFileSync(path.join(root, RECORD_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
  return recorded;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const command = process.argv[2];
  if (command === 'check') {
    const problems = versionProblems(root);
    if (problems.length > 0) {
      console.error(`Package versions (${RECORD_FILE}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      process.exit(1);
    }
    console.log(`Package versions: every published package matches its release or has a changeset (${RECORD_FILE})`);
  } else if (command === 'record') {
    try {
      const recorded = recordReleases(root);
      console.log(recorded.length > 0 ? `Recorded ${recorded.join(', ')} in ${RECORD_FILE}` : 'No new versions to record');
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  } else {
    console.error('Usage: node scripts/package-versions.mjs check | record');
    process.exit(2);
  }
}
