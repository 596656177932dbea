import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { consoleVersions, ADDON_SHARED_LIBRARIES } from './generated.mjs';
import { prepareAddon } from './preset.mjs';
import { assertSharedSatisfied, builtAgainst, unsatisfiedShared } from './shared-ranges.mjs';
import { addonDir, addonPackage, removeDir } from './addon-fixtures.mjs';

const dirs = [];
const fixture = (installed) => {
  const dir = addonDir(addonPackage(), installed);
  dirs.push(dir);
  return dir;
};
after(() => dirs.forEach(removeDir));

describe('builtAgainst', () => {
  it('takes ^ the installed version of each shared library, and leaves out what is not installed', () => {
    const dir = fixture({ antd: '5.24.0', react: '19.3.1' });
    assert.deepEqual(builtAgainst(dir, ['react', 'antd', 'zustand']), { react: '^19.3.1', antd: '^5.24.0' });
  });
});

describe('the shared-library check', () => {
  it('refuses antd ^5 when the console has 6.x, naming the library and both versions', () => {
    const console6 = { ...consoleVersions.shared, antd: '6.6.8' };
    assert.deepEqual(unsatisfiedShared({ antd: '^5.24.0', react: `^${console6.react}` }, console6), [{ library: 'antd', range: '^5.24.0', console: '6.6.8' }]);
    assert.throws(
      () => assertSharedSatisfied({ antd: '^5.24.0' }, console6, 'hello-world'),
      (error) => {
        assert.match(error.message, /hello-world cannot run in the console/);
        assert.match(error.message, /antd: hello-world is built against \^5\.24\.0, but the console provides antd 6\.6\.8/);
        assert.match(error.message, /Fix: pnpm add antd@6\.6\.8/);
        return true;
      },
    );
  });

  it('lets through ranges the console satisfies, older minor versions included', () => {
    assert.doesNotThrow(() => assertSharedSatisfied({ antd: '^6.0.0', react: '^19.3.1' }, { antd: '6.6.8', react: '19.3.1' }, 'x'));
  });

  it('refuses a newer minor than the console has: the addon may use what the console lacks', () => {
    assert.deepEqual(unsatisfiedShared({ antd: '^6.7.0' }, { antd: '6.6.8' }), [{ library: 'antd', range: '^6.7.0', console: '6.6.8' }]);
  });

  it('refuses a strict singleton the console does not provide, and a range that is no range', () => {
    assert.throws(() => assertSharedSatisfied({ zustand: '^5.1.0' }, {}, 'x'), /the console provides no zustand/);
    assert.equal(unsatisfiedShared({ antd: 'latest' }, { antd: '6.6.8' }).length, 1);
  });

  it("checks only the strict singletons: @uc/contracts, @uc/ui and the icons of a newer version are the addon's own copies", () => {
    const console1 = { ...consoleVersions.shared, '@uc/contracts': '1.0.0', '@uc/ui': '1.0.0', '@uc/client': '1.0.0' };
    const newer = { '@uc/contracts': '^1.1.0', '@uc/ui': '^1.1.0', '@ant-design/icons': '^7.0.0', 'left-pad': '^1.0.0' };
    assert.deepEqual(unsatisfiedShared(newer, console1), []);
    assert.doesNotThrow(() => assertSharedSatisfied(newer, console1, 'x'));
    assert.deepEqual(unsatisfiedShared({ ...newer, '@uc/client': '^1.1.0' }, console1), [{ library: '@uc/client', range: '^1.1.0', console: '1.0.0' }]);
  });

  it("stops the build before it starts: an addon with antd 5 installed, against the kit's console versions", () => {
    const dir = fixture({ ...consoleVersions.shared, antd: '5.24.0' });
    assert.throws(
      () => prepareAddon(dir),
      new RegExp(`antd: hello-world is built against \\^5\\.24\\.0, but the console provides antd ${consoleVersions.shared.antd.replace(/\./g, '\\.')}`),
    );
  });

  it("passes an addon installed at the console's versions, recording every shared library in the manifest", () => {
    const { manifest } = prepareAddon(fixture());
    assert.deepEqual(Object.keys(manifest.shared).sort(), [...ADDON_SHARED_LIBRARIES].sort());
    assert.equal(manifest.shared.antd, `^${consoleVersions.shared.antd}`);
  });
});
