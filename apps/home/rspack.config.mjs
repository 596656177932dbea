// @ts-check
// Rspack config of the home remote: the shared remote config (packages/shared/build/remote-config.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@uc/shared/build/remote-config';

export default remoteConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) });
