/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
module.exports = require('@uc/testing/jest-preset');
