/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
// The console's jest setup: swc for TypeScript, jsdom, jest-dom matchers, and the console's packages' source compiled too.
module.exports = require('@uc/testing/jest-preset');
