// @ts-check
// The console's versions, as the kit ships them (dist/console-versions.json): the exact version of
// each library the console shares with its addons at run time, and the whole workspace catalog (the
// scaffold pins an addon's build tools to the console's own). Made at the kit's build from
// pnpm-workspace.yaml, the one place the console pins them.
import semver from 'semver';

/**
 * @typedef {{ shared: Record<string, string>, packages: Record<string, string>, catalog: Record<string, string>, kit: string }} ConsoleVersions
 */

/**
 * @param {{ catalog: Record<string, unknown>, packages: Record<string, string>, kitVersion: string, libraries: readonly string[] }} input
 *   catalog: pnpm-workspace.yaml's "catalog"; packages: the version of each of the console's own packages
 *   (@uc/client, @uc/ui, @uc/contracts, @uc/testing: workspace packages, not in the catalog).
 * @returns {ConsoleVersions}
 */
export function consoleVersionsFrom({ catalog, packages, kitVersion, libraries }) {
  /** @type {Record<string, string>} */
  const shared = {};
  const missing = [];
  for (const library of libraries) {
    const version = packages[library] ?? catalog[library];
    if (typeof version === 'string' && semver.valid(version)) shared[library] = version;
    else missing.push(library);
  }
  if (missing.length > 0) {
    throw new Error(
      `The console shares ${missing.join(', ')} with every addon, so pnpm-workspace.yaml's catalog must pin an exact version of each (such as "antd: 6.6.8"); ` +
        `the console's own packages (@uc/client, @uc/ui, @uc/contracts) give theirs in packages/*/package.json`,
    );
  }
  /** @type {Record<string, string>} */
  const pinned = {};
  for (const [name, version] of Object.entries(catalog)) if (typeof version === 'string') pinned[name] = version;
  return { shared, packages: { ...packages }, catalog: pinned, kit: kitVersion };
}
