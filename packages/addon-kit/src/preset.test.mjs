import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { rspack } from '@rspack/core';
import { BUILD_ID_LENGTH, BUILD_ID_PLACEHOLDER } from './build-identity-plugin.mjs';
import { remoteConfig } from './preset.mjs';
import { addonDir, addonPackage, removeDir } from './addon-fixtures.mjs';

const dirs = [];
after(() => dirs.forEach(removeDir));

/** A dashed addon with its pages' modules, the shared libraries faked at the console's versions. */
function fixture() {
  const dir = addonDir(addonPackage());
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'index.ts'), "void import('./routes');\n");
  fs.writeFileSync(
    path.join(dir, 'src', 'routes.tsx'),
    "import * as client from '@uc/client';\nexport const routes: unknown[] = [client];\nexport default routes;\n",
  );
  return dir;
}

/** @returns {Promise<import('@rspack/core').Stats>} */
const build = (config) =>
  new Promise((resolve, reject) =>
    rspack(config, (error, stats) => (error ? reject(error) : stats?.hasErrors() ? reject(new Error(stats.toString('errors-only'))) : resolve(stats))),
  );

describe('the build preset', () => {
  it('builds a dashed addon under a federation identifier of its own build, and writes its manifest into dist and the package root', async () => {
    const dir = fixture();
    const config = remoteConfig({ dir })({}, { mode: 'production' });
    // The build's names end in a placeholder the build replaces by a hash of its content.
    assert.equal(config.output?.uniqueName, `uc_hello_world_${BUILD_ID_PLACEHOLDER}`);
    assert.equal(config.output?.chunkLoadingGlobal, `webpackChunkuc_hello_world_${BUILD_ID_PLACEHOLDER}`);
    await build(config);

    const mf = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
    const container = mf.name;
    assert.match(container, new RegExp(`^uc_hello_world_[0-9a-f]{${BUILD_ID_LENGTH}}$`));
    assert.equal(mf.metaData.globalName, container);
    assert.deepEqual(mf.exposes.map((e) => e.path).sort(), ['./prefetch', './routes']);
    // Every file says the build's own names: its container, and its chunk-loading global (a tab that
    // loads a second build never hands it the first one's chunks).
    const files = fs.readdirSync(path.join(dir, 'dist'), { recursive: true }).filter((f) => /\.(js|json|html)$/.test(String(f)));
    for (const file of files)
      assert.ok(!fs.readFileSync(path.join(dir, 'dist', String(file)), 'utf8').includes(BUILD_ID_PLACEHOLDER), `${file} keeps the placeholder`);
    assert.ok(fs.readFileSync(path.join(dir, 'dist', 'remoteEntry.js'), 'utf8').includes(`webpackChunk${container}`));

    // The same sources build the same files; a change of one page is another identity.
    const inDistBefore = fs.readFileSync(path.join(dir, 'dist', 'uc-addon.json'), 'utf8');
    await build(remoteConfig({ dir })({}, { mode: 'production' }));
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8')).name, container);
    fs.appendFileSync(path.join(dir, 'src', 'routes.tsx'), "export const title = 'changed';\n");
    await build(remoteConfig({ dir })({}, { mode: 'production' }));
    const other = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8')).name;
    assert.notEqual(other, container);
    assert.match(other, /^uc_hello_world_/);
    assert.equal(fs.readFileSync(path.join(dir, 'dist', 'uc-addon.json'), 'utf8'), inDistBefore);

    const inDist = fs.readFileSync(path.join(dir, 'dist', 'uc-addon.json'), 'utf8');
    assert.equal(fs.readFileSync(path.join(dir, 'uc-addon.json'), 'utf8'), inDist);
    const manifest = JSON.parse(inDist);
    assert.equal(manifest.name, 'hello-world');
    assert.equal(manifest.version, '1.2.0');
    assert.deepEqual(manifest.routes, ['/hello-world/list']);

    // The server's registry of first-party builds reads this one.
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'uc-remote.json'), 'utf8'));
    assert.equal(info.name, 'hello-world');
    assert.match(info.version, /^1\.2\.0-[0-9a-f]{8}$/);
  });

  it('writes no manifest at the root of a first-party remote, which is served from its dist folder', async () => {
    const dir = fixture();
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    pkg.ucRemote = pkg.ucAddon;
    delete pkg.ucAddon;
    delete pkg.files;
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
    await build(remoteConfig({ dir })({}, { mode: 'production' }));
    assert.ok(fs.existsSync(path.join(dir, 'dist', 'uc-addon.json')));
    assert.ok(!fs.existsSync(path.join(dir, 'uc-addon.json')));
  });

  it('refuses an addon whose package would leave out its build', () => {
    const dir = fixture();
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...pkg, files: ['uc-addon.json'] }));
    assert.throws(() => remoteConfig({ dir }), /"files" must include "dist"/);
  });
});
