// @ts-check
// Writes sw.js next to index.html with the precache list of this build's hashed shell assets.
// Hand-written rather than workbox: workbox-webpack-plugin does not support rspack 2's compilation
// hooks reliably, and the worker needs only ~80 lines. Docs: https://rspack.rs/api/plugin-api/compilation-hooks
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const template = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw.template.js');

export class ServiceWorkerPlugin {
  /** @param {{ publicPath: string; include?: RegExp }} options */
  constructor(options) {
    this.publicPath = options.publicPath;
    // The shell itself: its scripts, styles, page and favicon. Remotes are versioned and cached by HTTP.
    this.include = options.include ?? /^(index\.html|favicon\.svg|static\/.+\.(js|css))$/;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the HTML plugin and minification, so every final asset name is known.
        { name: 'ServiceWorkerPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = Object.keys(compilation.assets)
            .filter((f) => this.include.test(f))
            .sort();
          const hash = createHash('sha256');
          for (const f of files) hash.update(f).update(compilation.assets[f]?.source().toString() ?? '');
          const version = hash.digest('hex').slice(0, 12);
          const urls = files.map((f) => this.publicPath + f);
          const source = readFileSync(template, 'utf8')
            .replace("'__UC_SW_VERSION__'", JSON.stringify(version))
            .replace('= __UC_SW_PRECACHE__;', `= ${JSON.stringify(urls)};`);
          compilation.emitAsset('sw.js', new RawSource(source));
        },
      );
    });
  }
}
