// @ts-check
// The rspack config of the console's remotes is the addon kit's preset (packages/addon-kit): first-party
// remotes and outside addons build with the same code and carry the same manifest (uc-addon.json).
// Kept here so remotes (and the `pnpm new:remote` template) that import '@uc/shared/build/remote-config'
// need no @uc/addon-kit dependency of their own.
export { remoteConfig, scriptRule } from '@uc/addon-kit/preset';
