/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
// The console's jest preset, by its path: @uc/testing builds on this package, so it cannot be a
// dependency of it (a cycle turbo refuses).
module.exports = require('../testing/src/jest-preset.cjs');
