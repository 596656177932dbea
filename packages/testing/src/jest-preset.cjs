/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
// One jest setup for every browser package: swc transpiles TS/TSX, jsdom is the default environment
// (API client tests opt into node with a docblock), jest-dom matchers are loaded.
const path = require('node:path');

/** The source folder of one of the console's packages this one builds on (in the monorepo, or installed). */
const srcOf = (name) => path.join(path.dirname(require.resolve(`${name}/package.json`)), 'src');
const LAZY_BARRELS = '/node_modules/(antd/lib|@ant-design/icons/lib(/icons)?)/index\\.js$';

module.exports = {
  testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
  // antd components render slowly in jsdom; the default 5 s is too tight on a busy machine.
  testTimeout: 20000,
  // Packages are tested one after another (turbo --concurrency=1), so each may use every core; jest's
  // default leaves one idle, which on a two-core CI machine halves the speed of the slowest part of CI.
  maxWorkers: '100%',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: {
    // antd's and the icons' entry files, made to load each component or icon on first use (see the file).
    [LAZY_BARRELS]: path.join(__dirname, 'lazy-barrel-transform.cjs'),
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ky and other ESM-only packages must be transpiled too, and antd's and the icons' entry files made lazy.
  transformIgnorePatterns: [
    '/node_modules/\\.pnpm/(?!(ky|zustand|@ant-design\\+colors|@ant-design\\+fast-color|@uc\\+(?:contracts|client|ui|testing))@)' +
      '(?!antd@[^/]+/node_modules/antd/lib/index\\.js$)(?!@ant-design\\+icons@[^/]+/node_modules/@ant-design/icons/lib/(icons/)?index\\.js$)',
  ],
  moduleNameMapper: {
    // For tests only (no export of the package): the module of the API client's `call`, which every
    // screen's reads and writes go through (useCall, useListQuery, useScopedCall, the session store).
    // `jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }))`
    // replaces it for all of them; mocking '@uc/client' replaces only what is imported from the package.
    '^@uc/client/api-client$': path.join(srcOf('@uc/client'), 'api/api-client.ts'),
    '^antd/es/(.*)$': 'antd/lib/$1',
    '\\.(css|less)$': path.join(__dirname, 'style-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
};
