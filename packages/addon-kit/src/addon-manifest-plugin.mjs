// @ts-check
import fs from 'node:fs';
import { ADDON_MANIFEST_FILE } from './generated.mjs';

/**
 * Puts the manifest (uc-addon.json) in the build: in dist/, beside mf-manifest.json, as an asset (so the
 * dev server, which keeps its output in memory, serves it too), and, for an addon package, at the
 * package root as well (`rootFile`), where the package format wants it and `pnpm pack` picks it up.
 */
export class AddonManifestPlugin {
  /** @param {{ manifest: object, rootFile?: string }} options */
  constructor(options) {
    this.json = `${JSON.stringify(options.manifest, null, 2)}\n`;
    this.rootFile = options.rootFile;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('AddonManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AddonManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(ADDON_MANIFEST_FILE, new sources.RawSource(this.json));
      });
    });
    const rootFile = this.rootFile;
    if (rootFile) {
      compiler.hooks.afterEmit.tap('AddonManifestPlugin', (compilation) => {
        // A failed build leaves the last good manifest beside the last good dist.
        if (compilation.getErrors().length === 0) fs.writeFileSync(rootFile, this.json);
      });
    }
  }
}
