/** @type {import('jest').Config} */
// Tests run as CommonJS: @swc/jest compiles the TypeScript (and the @uc/contracts source) on the fly.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // ESM-only packages required by CommonJS code (Node 20 can require them, jest cannot): marked renders upgrade logs.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/(content-disposition|cookie|marked)@[^/]+/node_modules/)?(content-disposition|cookie|marked)/)'],
  // import.meta does not exist in CommonJS: tests get the __dirname flavour of the server-root lookup.
  moduleNameMapper: { '^(.*)/server-root$': '$1/server-root.cjs' },
  // Generous: a loaded CI machine can be slow, and no test's result may depend on its speed.
  testTimeout: 120000,
  setupFiles: ['<rootDir>/src/test/jest-setup.ts'],
  // One migrated and seeded database per run, copied by each test file (src/test/test-database.ts).
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  maxWorkers: 4,
};
