// @ts-check
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const OUT = 'uc-remote.json';

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Writes dist/uc-remote.json (`{ name, version, routes }`) next to mf-manifest.json, which the server
 * reads to publish the remote at /user/web/remotes/<name>/<version>/. The version ends in a hash of
 * every emitted file, so any change of content is a new, separately cacheable version.
 */
export class UcRemotePlugin {
  /** @param {{ name: string, version: string, routes: string[] }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    // After emit, so the MF manifest (written late in processAssets) is part of the hash.
    compiler.hooks.afterEmit.tap('UcRemotePlugin', (compilation) => {
      if (compilation.errors.length > 0) return;
      const outDir = compiler.options.output.path;
      if (!outDir) return;
      const hash = createHash('sha256');
      for (const file of listFiles(outDir).filter((f) => path.basename(f) !== OUT).sort()) {
        hash.update(path.relative(outDir, file));
        hash.update(fs.readFileSync(file));
      }
      const { name, version, routes } = this.options;
      const manifest = { name, version: `${version}-${hash.digest('hex').slice(0, 8)}`, routes };
      fs.writeFileSync(path.join(outDir, OUT), `${JSON.stringify(manifest, null, 2)}\n`);
    });
  }
}
