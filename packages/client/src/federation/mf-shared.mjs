// Build-time helper (plain ESM, read by the rspack configs of the shell and every remote): one list
// of what is shared and how, so host and remotes can never disagree. The version policy (README, "Shared
// libraries and versions"; SHARED_LIBRARY_POLICY in @uc/contracts, which a test keeps equal to this):
//
// - STRICT: the stateful singletons. One instance for the whole console, and a remote whose range
//   (`^` the version it was built against) the console's version does not satisfy is an error of the
//   federation runtime (strictVersion), which the shell shows as the remote's refusal, never a warning
//   in the browser console with another copy handed over. The server refuses such a remote before the
//   shell gets that far (its registry entry's `refused`).
// - VERSIONED: stateless code, shared by version, not as a singleton: a remote gets the console's copy
//   when it satisfies the remote's range, else the copy the remote carries in its build. So a remote
//   built against a newer minor runs beside an older console, and pays the bytes of its own copies
//   (measured in the README) only while the versions differ.
import { createRequire } from 'node:module';
import path from 'node:path';

export const STRICT = [
  'react',
  // The trailing-slash keys share the deep entries too (react-dom/client, react/jsx-runtime).
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'antd',
  '@ant-design/cssinjs',
  'zustand',
  // The API client and session: the one stateful library of the console, one instance for all.
  '@uc/client',
];

export const VERSIONED = [
  // The antd-based kit: components and hooks over the strict singletons, no state of its own.
  '@uc/ui',
  // The contracts (zod schemas, the permission catalogue): data, no state.
  '@uc/contracts',
  // Not '@uc/client/exposed': the interfaces remotes expose to each other, which each remote must keep
  // at the version it was built against. Domain screens are no shared code at all: a remote that shows
  // another's screens loads them from it at run time (@uc/client/exposed).
];

/**
 * The `shared` option of the ModuleFederationPlugin of the app in `appDir`.
 * @param {string} appDir the directory of the app's package.json
 */
export function federationShared(appDir) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const versionOf = (name) => {
    const pkg = name
      .replace(/\/$/, '')
      .split('/')
      .slice(0, name.startsWith('@') ? 2 : 1)
      .join('/');
    return require(`${pkg}/package.json`).version;
  };
  // package.json files say "catalog:" or "workspace:*", which are no semver ranges: the range is `^` the
  // installed version, the one the build bundles as its own copy.
  const config = (name, strict) => {
    const version = versionOf(name);
    return [
      name,
      strict
        ? { singleton: true, strictVersion: true, version, requiredVersion: `^${version}` }
        : { singleton: false, version, requiredVersion: `^${version}` },
    ];
  };
  return Object.fromEntries([...STRICT.map((name) => config(name, true)), ...VERSIONED.map((name) => config(name, false))]);
}
