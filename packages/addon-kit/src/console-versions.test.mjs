import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { consoleVersionsFrom } from './console-versions.mjs';
import { ADDON_SHARED_LIBRARIES, consoleVersions } from './generated.mjs';

const catalog = { react: '19.3.1', antd: '6.6.8', typescript: '5.9.3' };

describe('consoleVersionsFrom', () => {
  it("takes each shared library's version from the catalog, and the console's own packages' from those packages", () => {
    const packages = { '@uc/client': '0.3.0', '@uc/testing': '0.2.0' };
    const versions = consoleVersionsFrom({ catalog, packages, kitVersion: '0.3.1', libraries: ['react', 'antd', '@uc/client'] });
    assert.deepEqual(versions, { shared: { react: '19.3.1', antd: '6.6.8', '@uc/client': '0.3.0' }, packages, catalog, kit: '0.3.1' });
  });

  it('refuses a catalog that does not pin a shared library to an exact version, naming it', () => {
    assert.throws(
      () => consoleVersionsFrom({ catalog: { ...catalog, antd: '^6.0.0' }, packages: {}, kitVersion: '0.1.0', libraries: ['antd', 'zustand'] }),
      /shares antd, zustand with every addon, so pnpm-workspace\.yaml's catalog must pin an exact version/,
    );
  });
});

describe('the versions the kit ships', () => {
  it("are the workspace catalog's and the console's packages', for every library the manifest contract names", () => {
    const workspace = parse(fs.readFileSync(new URL('../../../pnpm-workspace.yaml', import.meta.url), 'utf8'));
    const ours = Object.fromEntries(
      ['contracts', 'client', 'ui', 'testing'].map((dir) => {
        const { name, version } = JSON.parse(fs.readFileSync(new URL(`../../${dir}/package.json`, import.meta.url), 'utf8'));
        return [name, version];
      }),
    );
    assert.deepEqual(consoleVersions.packages, ours);
    assert.deepEqual(Object.keys(consoleVersions.shared).sort(), [...ADDON_SHARED_LIBRARIES].sort());
    for (const library of ADDON_SHARED_LIBRARIES) assert.equal(consoleVersions.shared[library], ours[library] ?? workspace.catalog[library], library);
    assert.deepEqual(consoleVersions.catalog, workspace.catalog);
  });
});
