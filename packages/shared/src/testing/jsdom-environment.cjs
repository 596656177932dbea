/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
// jsdom lacks the fetch API and TextEncoder that ky and react-router expect of a browser; lend the
// ones Node has, so component tests run the real modules.
const { TestEnvironment } = require('jest-environment-jsdom');

const LENT = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'TextEncoder', 'TextDecoder'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of LENT) {
      if (this.global[name] === undefined && globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
