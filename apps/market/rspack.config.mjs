// @ts-check
// Rspack config of the market remote: the addon kit's build preset (packages/addon-kit/src/preset.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@uc/addon-kit/preset';

// The shell's app drawer loads './MarketPanel' into its right panel (DESIGN.md section 3).
export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './routes': './src/routes.tsx', './MarketPanel': './src/market-panel.tsx' },
});
