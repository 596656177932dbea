// @ts-check
// Rspack config of the org remote: the shared remote config (packages/shared/build/remote-config.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@uc/shared/build/remote-config';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  // './tenant-screens': the org screens the tenant remote shows inside a tenant (ORG_TENANT_SCREENS of @uc/shared/exposed).
  exposes: { './routes': './src/routes.tsx', './tenant-screens': './src/tenant-screens.tsx' },
});
