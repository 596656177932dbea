// @ts-check
// Rspack config of the org remote: the addon kit's build preset (packages/addon-kit/src/preset.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@uc/addon-kit/preset';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  // './tenant-screens': the org screens the tenant remote shows inside a tenant (ORG_TENANT_SCREENS of @uc/client/exposed).
  exposes: { './routes': './src/routes.tsx', './tenant-screens': './src/tenant-screens.tsx' },
});
