import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import semver from 'semver';
import { ADDON_SHARED_LIBRARIES } from '@uc/contracts';
import { serverRoot } from '../../lib/server-root';

/*
 * The versions of the shared singletons the console runs (react, antd, @uc/client ...): an addon or
 * remote built against a range they do not satisfy would get the console's copy anyway (singletons)
 * and break at run time, so installing one is refused and a build of one is reported.
 */

/** Library name -> the version the console provides. */
export type SharedVersions = ReadonlyMap<string, string>;

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** The installed versions the shell would bundle (resolved from its package, as its build does). */
function fromShellPackage(webDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const shellPackage = join(webDir, 'shell', 'package.json');
  if (!existsSync(shellPackage)) return out;
  const require = createRequire(shellPackage);
  for (const name of ADDON_SHARED_LIBRARIES) {
    try {
      const version = (readJson(require.resolve(`${name}/package.json`)) as { version?: unknown }).version;
      if (typeof version === 'string') out.set(name, version);
    } catch {
      // Not resolvable from there (a deployment without sources): the builds below still say.
    }
  }
  return out;
}

/** The versions the built remotes were given (their mf-manifest.json `shared`), where no source says. */
function fromBuiltRemotes(webDir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(webDir)) return out;
  for (const entry of readdirSync(webDir, { withFileTypes: true })) {
    const file = join(webDir, entry.name, 'dist', 'mf-manifest.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    try {
      const shared = (readJson(file) as { shared?: { name?: unknown; version?: unknown }[] }).shared ?? [];
      for (const s of shared) if (typeof s.name === 'string' && typeof s.version === 'string' && !out.has(s.name)) out.set(s.name, s.version);
    } catch {
      // A broken manifest is the remote scanner's to report.
    }
  }
  return out;
}

/** The root pnpm catalog (pnpm-workspace.yaml `catalog:`), the versions every app is built with. */
function fromPnpmCatalog(): Map<string, string> {
  const out = new Map<string, string>();
  const file = join(serverRoot(), '..', '..', 'pnpm-workspace.yaml');
  if (!existsSync(file)) return out;
  let inCatalog = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^catalog:\s*$/.test(line)) {
      inCatalog = true;
      continue;
    }
    if (inCatalog && /^\S/.test(line)) inCatalog = false;
    const m = inCatalog ? /^\s+'?([^':\s]+)'?:\s*'?([^'\s#]+)'?/.exec(line) : null;
    if (m) out.set(m[1]!, m[2]!);
  }
  return out;
}

/** The console's own libraries (@uc/client, @uc/ui, @uc/contracts), as this monorepo's packages/ hold them (the server is built from the same sources). */
function fromWorkspacePackages(): Map<string, string> {
  const out = new Map<string, string>();
  const dir = join(serverRoot(), '..', '..', 'packages');
  if (!existsSync(dir)) return out;
  const libraries: readonly string[] = ADDON_SHARED_LIBRARIES;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, 'package.json');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    try {
      const { name, version } = readJson(file) as { name?: unknown; version?: unknown };
      if (typeof name === 'string' && typeof version === 'string' && libraries.includes(name)) out.set(name, version);
    } catch {
      // Not a package this looks for.
    }
  }
  return out;
}

/**
 * The console's shared-library versions: the shell's installed packages first, then what the built
 * remotes carry, then the pnpm catalog and the console's own packages; exact versions only (a range in
 * the catalog is skipped).
 */
export function consoleSharedVersions(webDir: string): SharedVersions {
  const out = new Map<string, string>();
  for (const source of [fromShellPackage(webDir), fromBuiltRemotes(webDir), fromPnpmCatalog(), fromWorkspacePackages()]) {
    for (const [name, version] of source) if (!out.has(name) && semver.valid(version)) out.set(name, version);
  }
  return out;
}

/** One shared library whose range the console's version does not satisfy. */
export interface SharedMismatch {
  library: string;
  /** The range the addon was built against. */
  range: string;
  /** The version the console provides. */
  version: string;
}

/**
 * The libraries of `shared` (name -> range) the console provides in a version outside the range. A
 * library the console does not share is the addon's own business (it bundles its copy); a range that
 * is no semver range counts as a mismatch (nothing can be known to satisfy it).
 */
export function sharedMismatches(shared: Readonly<Record<string, string>>, versions: SharedVersions): SharedMismatch[] {
  const out: SharedMismatch[] = [];
  for (const [library, range] of Object.entries(shared)) {
    const version = versions.get(library);
    if (version === undefined) continue;
    const valid = semver.validRange(range);
    if (valid === null || !semver.satisfies(version, valid, { includePrerelease: true })) out.push({ library, range, version });
  }
  return out;
}

/** How long the console's shared-library versions are trusted before they are looked up again (a redeploy of the shell). */
const SHARED_VERSIONS_TTL_MS = 60_000;

/** The console's shared-library versions, looked up at most once a minute. */
export function sharedVersionsOf(webDir: string): () => SharedVersions {
  let cached: { at: number; versions: SharedVersions } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > SHARED_VERSIONS_TTL_MS) cached = { at: Date.now(), versions: consoleSharedVersions(webDir) };
    return cached.versions;
  };
}
