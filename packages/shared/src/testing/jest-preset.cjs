/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
// One jest setup for every browser package: swc transpiles TS/TSX, jsdom is the default environment
// (API client tests opt into node with a docblock), jest-dom matchers are loaded.
const path = require('node:path');

const sharedSrc = path.resolve(__dirname, '..');
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
    '/node_modules/\\.pnpm/(?!(ky|zustand|@ant-design\\+colors|@ant-design\\+fast-color|@uc\\+shared)@)' +
      '(?!antd@[^/]+/node_modules/antd/lib/index\\.js$)(?!@ant-design\\+icons@[^/]+/node_modules/@ant-design/icons/lib/(icons/)?index\\.js$)',
  ],
  moduleNameMapper: {
    '^@uc/shared$': path.join(sharedSrc, 'index.ts'),
    '^@uc/shared/ui$': path.join(sharedSrc, 'ui/index.ts'),
    '^@uc/shared/exposed$': path.join(sharedSrc, 'exposed/index.ts'),
    '^@uc/shared/testing$': path.join(sharedSrc, 'testing/index.ts'),
    // For tests only (no export of the package): the module of the API client's `call`, which every
    // screen's reads and writes go through (useCall, useListQuery, useScopedCall, the session store).
    // `jest.mock('@uc/shared/api-client', () => ({ ...jest.requireActual('@uc/shared/api-client'), call: jest.fn() }))`
    // replaces it for all of them; mocking '@uc/shared' replaces only what is imported from the package.
    '^@uc/shared/api-client$': path.join(sharedSrc, 'api/api-client.ts'),
    '^antd/es/(.*)$': 'antd/lib/$1',
    '\\.(css|less)$': path.join(__dirname, 'style-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
};
