// Contracts are plain TypeScript with no browser in sight: swc, Node, no jsdom.
module.exports = {
  testEnvironment: 'node',
  maxWorkers: '100%',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [require.resolve('@swc/jest'), { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
};
