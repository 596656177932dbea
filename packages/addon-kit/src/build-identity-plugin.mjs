// @ts-check
import { createHash } from 'node:crypto';

/**
 * What a build's federation names carry until the build knows its content: replaced in every emitted
 * file by BUILD_ID_LENGTH hex digits of a hash of that content (so the same sources build the same
 * files, and any change is another identity). Letters only, so no hash of real content contains it.
 */
export const BUILD_ID_PLACEHOLDER = 'UCBUILDHASH';
export const BUILD_ID_LENGTH = BUILD_ID_PLACEHOLDER.length;

/** Files the identity is written into: text the browser or the server reads. */
const TEXT = /\.(?:js|mjs|cjs|css|html|json|map|txt)$/;

/** `uc_org` -> `uc_org_<placeholder>`: the container name a build starts with (the plugin writes the real one). */
export const versionedFederationName = (id) => `${id}_${BUILD_ID_PLACEHOLDER}`;

/**
 * Gives every build of a remote its own module federation identity: its container (the global the
 * remote entry defines), its chunk-loading global and its share-scope name all end in a hash of the
 * build's content. Two versions of a remote then live side by side in one page: a tab that runs
 * version A and loads version B gets B's container and chunks, while A's code on screen keeps its own
 * (one container name for both makes B's runtime take A's loaded chunks, whose module ids differ:
 * "Cannot read properties of undefined (reading 'call')"). The shell reads the name from the version's
 * mf-manifest.json, so nothing else needs to know it.
 *
 * The names cannot include the content hash when the build starts, so the build uses a placeholder and
 * this plugin replaces it: once in the code, before rspack computes the real content hashes of file
 * names (so a file's name still follows its content), and once in the federation manifests, which are
 * written after that.
 */
export class BuildIdentityPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildIdentityPlugin', (compilation) => {
      /** @type {string | undefined} */
      let buildId;
      const replaceIn = (/** @type {(name: string) => boolean} */ which) => {
        if (!buildId) return;
        for (const asset of compilation.getAssets()) {
          if (!TEXT.test(asset.name) || !which(asset.name)) continue;
          const text = asset.source.source().toString();
          if (!text.includes(BUILD_ID_PLACEHOLDER)) continue;
          compilation.updateAsset(asset.name, new sources.RawSource(text.replaceAll(BUILD_ID_PLACEHOLDER, buildId)));
        }
      };
      // Before OPTIMIZE_HASH, where rspack gives the files their real content hashes.
      compilation.hooks.processAssets.tap({ name: 'BuildIdentityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const hash = createHash('sha256');
        for (const asset of [...compilation.getAssets()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
          hash.update(asset.name);
          hash.update('\0');
          hash.update(asset.source.buffer());
          hash.update('\0');
        }
        buildId = hash.digest('hex').slice(0, BUILD_ID_LENGTH);
        replaceIn(() => true);
      });
      // mf-manifest.json and its stats are written at OPTIMIZE_TRANSFER, from the plugin's options.
      compilation.hooks.processAssets.tap({ name: 'BuildIdentityPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, () => replaceIn(() => true));
    });
  }
}
