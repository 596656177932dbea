// @ts-check
// @uc/addon-kit: build an addon for the User Centre console outside its monorepo (docs/addons.md).
export { addonConfig, prepareAddon, remoteConfig } from './preset.mjs';
export { readDeclaration, DEFAULT_DEV_PORT } from './declaration.mjs';
export { addonManifest, consoleProblems, packageProblems } from './addon-manifest.mjs';
export { assertSharedSatisfied, builtAgainst, unsatisfiedShared } from './shared-ranges.mjs';
export { ADDON_MANIFEST_FILE, ADDON_SHARED_LIBRARIES, consoleVersions, federationName } from './generated.mjs';
