// @ts-check
// Rspack config of the tenant remote: the addon kit's build preset (packages/addon-kit/src/preset.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@uc/addon-kit/preset';

export default remoteConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) });
