import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import semver from 'semver';
import { ADDON_SHARED_LIBRARIES, isStrictShared, SHELL_SHARED_VERSIONS_FILE } from '@uc/contracts';
import { serverRoot } from '../../lib/server-root';

/*
 * The versions of the shared libraries the console runs (react, antd, @uc/client ...). A remote or addon
 * built against a range of a strict singleton (STRICT_SHARED_LIBRARIES) that they do not satisfy would
 * get the console's copy anyway and break at run time: installing one is refused, and a registered one
 * (a build in WEB_DIR, an addon installed before the console changed) carries the refusal in its
 * registry entry, so the shell shows why instead of loading it. The stateless packages (@uc/contracts,
 * @uc/ui) are shared by version: a remote built against a newer one loads its own copy, so they never
 * refuse anything.
 */

/** Library name -> the version the console provides. */
export type SharedVersions = ReadonlyMap<string, string>;

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** What the shell's build says it shares (WEB_DIR/shell/dist/shared-versions.json): the versions the console runs. */
function fromShellBuild(webDir: string): Map<string, string> {
  const out = new Map<string, string>();
  try {
    const { shared } = readJson(join(webDir, 'shell', 'dist', SHELL_SHARED_VERSIONS_FILE)) as { shared?: Record<string, unknown> };
    for (const [name, version] of Object.entries(shared ?? {})) if (typeof version === 'string') out.set(name, version);
  } catch {
    // A shell built before it wrote the file, or none: the sources below say.
  }
  return out;
}

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
 * The console's shared-library versions: what the shell's build says it shares first, then the shell's
 * installed packages, the pnpm catalog and the console's own packages, and last what the built remotes
 * were given (a remote built against other versions must not decide what the console runs); exact
 * versions only (a range in the catalog is skipped).
 */
export function consoleSharedVersions(webDir: string): SharedVersions {
  const out = new Map<string, string>();
  for (const source of [fromShellBuild(webDir), fromShellPackage(webDir), fromPnpmCatalog(), fromWorkspacePackages(), fromBuiltRemotes(webDir)]) {
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
 * The strict singletons of `shared` (name -> range) the console provides in a version outside the
 * range. A library the console does not share, or shares by version (@uc/contracts, @uc/ui), is the
 * addon's own business (it brings its copy); a range that is no semver range counts as a mismatch
 * (nothing can be known to satisfy it).
 */
export function sharedMismatches(shared: Readonly<Record<string, string>>, versions: SharedVersions): SharedMismatch[] {
  const out: SharedMismatch[] = [];
  for (const [library, range] of Object.entries(shared)) {
    if (!isStrictShared(library)) continue;
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
