import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ADDON_SHARED_LIBRARIES, SHARED_LIBRARY_POLICY, STRICT_SHARED_LIBRARIES, federationShared } from './generated.mjs';

/** The shell: an app that installs every shared library. */
const SHELL = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'shell');

describe('the version policy (SHARED_LIBRARY_POLICY of @uc/contracts) and the federation config (@uc/client/federation)', () => {
  const shared = federationShared(SHELL);
  const library = (key) => key.replace(/\/$/, '');

  it('shares the strict singletons as singletons whose version mismatch is an error, never a warning', () => {
    for (const name of STRICT_SHARED_LIBRARIES) {
      const keys = Object.keys(shared).filter((key) => library(key) === name);
      assert.ok(keys.length > 0, `${name} is strict but not federated`);
      for (const key of keys) {
        assert.equal(shared[key].singleton, true, key);
        assert.equal(shared[key].strictVersion, true, key);
        assert.equal(shared[key].requiredVersion, `^${shared[key].version}`, key);
      }
    }
  });

  it('shares the stateless packages by version: not singletons, so a remote whose range the console does not satisfy loads its own copy', () => {
    const versioned = ADDON_SHARED_LIBRARIES.filter((name) => SHARED_LIBRARY_POLICY[name] === 'versioned');
    assert.deepEqual(versioned.sort(), ['@uc/contracts', '@uc/ui']);
    for (const name of versioned) {
      assert.equal(shared[name].singleton, false, name);
      assert.notEqual(shared[name].strictVersion, true, name);
      assert.equal(shared[name].requiredVersion, `^${shared[name].version}`, name);
    }
  });

  it('federates nothing the policy does not name, and nothing it says each remote bundles', () => {
    for (const key of Object.keys(shared)) {
      const policy = SHARED_LIBRARY_POLICY[library(key)];
      assert.ok(policy === 'strict' || policy === 'versioned', `${key} is federated but the policy says ${policy ?? 'nothing'}`);
    }
  });
});
