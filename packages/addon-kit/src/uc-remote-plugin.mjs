// @ts-check
import { createHash } from 'node:crypto';

const OUT = 'uc-remote.json';

/**
 * Emits uc-remote.json (`{ name, version, routes, title, icon, pages }`, from the remote's declaration) next to mf-manifest.json; the server reads it to
 * publish the remote at /user/web/remotes/<name>/<version>/. The version ends in a hash of every other
 * emitted asset, so any change of content is a new, separately cacheable version. It is emitted as an
 * asset (not written to disk after emit) so the dev server, which keeps its output in memory, has it too.
 */
export class UcRemotePlugin {
  /** @param {import('./declaration.mjs').RemoteDeclaration} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('UcRemotePlugin', (compilation) => {
      // The last stage, so the MF manifest and every optimised asset are part of the hash.
      compilation.hooks.processAssets.tap({ name: 'UcRemotePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const hash = createHash('sha256');
        const assets = compilation
          .getAssets()
          .filter((a) => a.name !== OUT)
          .sort((a, b) => (a.name < b.name ? -1 : 1));
        for (const asset of assets) {
          hash.update(asset.name);
          hash.update(asset.source.buffer());
        }
        const { name, version, routes, title, icon, pages } = this.options;
        const manifest = { name, version: `${version}-${hash.digest('hex').slice(0, 8)}`, routes, title, ...(icon ? { icon } : {}), pages };
        compilation.emitAsset(OUT, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}
