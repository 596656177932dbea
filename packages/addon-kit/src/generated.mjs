// @ts-check
// What the kit takes from its dist/ folder (see build.mjs): the addon contract of @uc/contracts and the
// federation helpers of @uc/client compiled for Node, and the console's versions. Inside the monorepo the
// kit (re)builds dist/ first when it is missing or older than its sources; a published kit ships it.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const KIT = new URL('../', import.meta.url);
const inMonorepo = fs.existsSync(new URL('build.mjs', KIT)) && fs.existsSync(new URL('../contracts/src/addon.contract.ts', KIT));
if (inMonorepo) {
  const { buildKitIfStale } = await import(new URL('build.mjs', KIT).href);
  await buildKitIfStale();
} else if (!fs.existsSync(new URL('dist/shared.mjs', KIT))) {
  throw new Error(`@uc/addon-kit is incomplete (${fileURLToPath(new URL('dist/', KIT))} is missing): reinstall it from a packed or published kit`);
}

const shared = await import(new URL('dist/shared.mjs', KIT).href);

export const {
  addonManifestSchema,
  addonRoutes,
  ADDON_MANIFEST_FILE,
  ADDON_DIST_DIR,
  ADDON_NAME_PATTERN,
  ADDON_NAME_RULE,
  ADDON_SHARED_LIBRARIES,
  SHARED_LIBRARY_POLICY,
  STRICT_SHARED_LIBRARIES,
  consoleClashes,
  federationName,
  federationShared,
} = shared;

/** @type {import('./console-versions.mjs').ConsoleVersions} */
export const consoleVersions = JSON.parse(fs.readFileSync(new URL('dist/console-versions.json', KIT), 'utf8'));
