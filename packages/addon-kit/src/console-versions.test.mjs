import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { consoleVersionsFrom } from './console-versions.mjs';
import { ADDON_SHARED_LIBRARIES, consoleVersions } from './generated.mjs';

const catalog = { react: '19.3.1', antd: '6.6.8', typescript: '5.9.3' };

describe('consoleVersionsFrom', () => {
  it("takes each shared library's version from the catalog, and @uc/shared's from its package", () => {
    const versions = consoleVersionsFrom({ catalog, sharedVersion: '0.3.0', kitVersion: '0.3.1', libraries: ['react', 'antd', '@uc/shared'] });
    assert.deepEqual(versions, { shared: { react: '19.3.1', antd: '6.6.8', '@uc/shared': '0.3.0' }, catalog, kit: '0.3.1' });
  });

  it('refuses a catalog that does not pin a shared library to an exact version, naming it', () => {
    assert.throws(
      () => consoleVersionsFrom({ catalog: { ...catalog, antd: '^6.0.0' }, sharedVersion: '0.1.0', kitVersion: '0.1.0', libraries: ['antd', 'zustand'] }),
      /shares antd, zustand with every addon, so pnpm-workspace\.yaml's catalog must pin an exact version/,
    );
  });
});

describe('the versions the kit ships', () => {
  it("are the workspace catalog's and @uc/shared's, for every library the manifest contract names", () => {
    const workspace = parse(fs.readFileSync(new URL('../../../pnpm-workspace.yaml', import.meta.url), 'utf8'));
    const shared = JSON.parse(fs.readFileSync(new URL('../../shared/package.json', import.meta.url), 'utf8'));
    assert.deepEqual(Object.keys(consoleVersions.shared).sort(), [...ADDON_SHARED_LIBRARIES].sort());
    for (const library of ADDON_SHARED_LIBRARIES) {
      assert.equal(consoleVersions.shared[library], library === '@uc/shared' ? shared.version : workspace.catalog[library], library);
    }
    assert.deepEqual(consoleVersions.catalog, workspace.catalog);
  });
});
