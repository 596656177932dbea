// @ts-check
// The libraries an addon shares with the console (react, antd, @uc/client...) run in the console's
// copy, not the addon's: module federation loads one of each stateful singleton. So an addon records the
// range of each library it was built against (the manifest's "shared"), and an addon whose range of a
// strict singleton the console's version does not satisfy is refused at its build, not discovered by its
// users as an error page. The stateless packages (@uc/contracts, @uc/ui) are shared by version: an addon
// built against a newer one brings its own copy, so their ranges are recorded and never refused
// (SHARED_LIBRARY_POLICY in @uc/contracts; docs/addons.md, "Shared libraries and versions").
import { createRequire } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { STRICT_SHARED_LIBRARIES } from './generated.mjs';

/**
 * The range of each shared library as installed for the addon in `dir`: `^` its installed version,
 * the same range module federation's runtime requires (requiredVersion). Libraries the addon does not
 * install are left out.
 * @param {string} dir the addon's folder (its package.json)
 * @param {readonly string[]} libraries
 * @returns {Record<string, string>}
 */
export function builtAgainst(dir, libraries) {
  const require = createRequire(path.join(dir, 'package.json'));
  /** @type {Record<string, string>} */
  const ranges = {};
  for (const library of libraries) {
    let version;
    try {
      version = require(`${library}/package.json`).version;
    } catch {
      continue;
    }
    ranges[library] = `^${version}`;
  }
  return ranges;
}

/**
 * @typedef {{ library: string, range: string, console: string | undefined }} SharedMismatch
 *   console: the console's version, undefined when it provides no such library
 */

/**
 * The strict singletons whose range the console's version does not satisfy (the others, stateless or
 * bundled, are the addon's own copies when the console's do not suit it).
 * @param {Record<string, string>} ranges what the addon was built against
 * @param {Record<string, string>} consoleShared the console's version of each
 * @param {readonly string[]} strict the libraries checked (default: the console's strict singletons)
 * @returns {SharedMismatch[]}
 */
export function unsatisfiedShared(ranges, consoleShared, strict = STRICT_SHARED_LIBRARIES) {
  return Object.entries(ranges)
    .filter(([library]) => strict.includes(library))
    .filter(([library, range]) => {
      const version = consoleShared[library];
      return !version || !semver.validRange(range) || !semver.satisfies(version, range);
    })
    .map(([library, range]) => ({ library, range, console: consoleShared[library] }));
}

/**
 * Throws, naming each library and both versions and saying how to fix it, when the console cannot run
 * an addon built against `ranges`.
 * @param {Record<string, string>} ranges
 * @param {Record<string, string>} consoleShared
 * @param {string} addon the addon's name, for the message
 */
export function assertSharedSatisfied(ranges, consoleShared, addon) {
  const bad = unsatisfiedShared(ranges, consoleShared);
  if (bad.length === 0) return;
  const lines = bad.map(({ library, range, console }) =>
    console
      ? `  - ${library}: ${addon} is built against ${range}, but the console provides ${library} ${console}, which that range does not allow. Fix: pnpm add ${library}@${console}`
      : `  - ${library}: ${addon} is built against ${range}, but the console provides no ${library}. Fix: remove ${library} from the addon`,
  );
  throw new Error(
    `${addon} cannot run in the console: it would share ${bad.length === 1 ? 'a library' : 'libraries'} at a version the console does not have.\n` +
      `${lines.join('\n')}\n` +
      `Install the console's versions (listed in @uc/addon-kit/console-versions.json, "shared"), then build again.`,
  );
}
