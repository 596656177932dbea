import { defineConfig } from 'tsup';

// One ESM file; @uc/contracts is TypeScript source (no build of its own), so it is bundled in.
// Every other dependency stays external and is resolved from node_modules at run time.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@uc/contracts'],
});
