/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
module.exports = require('./src/jest-preset.cjs');
