// Build-time helper (plain ESM, read by the rspack configs of the shell and every remote): one list
// of federation singletons, so host and remotes can never disagree on what is shared.
import { createRequire } from 'node:module';
import path from 'node:path';

const SINGLETONS = [
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
  // The antd-based kit, a singleton for now. Stateless, it could be bundled by each remote that uses
  // it (a remote would then run the kit it was built with); what that costs each remote in bytes is
  // measured before that is decided.
  '@uc/ui',
  // The contracts (zod schemas): stateless too, shared as the console shared them before they were a
  // package of their own (inside @uc/shared); the same question as the kit's.
  '@uc/contracts',
  // Not '@uc/client/exposed': the interfaces remotes expose to each other, which each remote must keep
  // at the version it was built against. Domain screens are no shared code at all: a remote that shows
  // another's screens loads them from it at run time (@uc/client/exposed).
];

/** @param {string} appDir the directory of the app's package.json */
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
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = versionOf(name);
      // package.json files say "catalog:", which is no semver range: state the installed version.
      return [name, { singleton: true, version, requiredVersion: `^${version}` }];
    }),
  );
}
