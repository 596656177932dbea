/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
// A jest transform for the entry files of antd (lib/index.js) and @ant-design/icons (lib/index.js and
// lib/icons/index.js): each of them requires every component (some 80) or every icon (some 850) up
// front, which costs each test file about a second before its first test. Their exports are already
// getters; this makes the requires behind them lazy, so a test file loads what it renders, from the
// same module files as before (a component is the same object whether reached through the entry
// file or directly). Nothing else in those files changes; an entry file of another shape is left as is.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

const OWN_SOURCE = readFileSync(__filename, 'utf8');
// `var _affix = _interopRequireDefault(require("./affix"));`, as babel writes antd's and the icons' entry files.
const EAGER = /^var (_[A-Za-z0-9_$]+) = _interopRequireDefault\(require\("(\.\/[A-Za-z0-9_\-/]+)"\)\);$/gm;

module.exports = {
  process(source) {
    // Required on first use, then kept on the object (a plain value from then on).
    const code = source.replace(
      EAGER,
      (_, name, request) =>
        `var ${name} = { get default() { const value = _interopRequireDefault(require("${request}")).default; Object.defineProperty(this, "default", { value }); return value; } };`,
    );
    return { code };
  },
  getCacheKey(source, filename, { configString }) {
    return createHash('sha1').update(OWN_SOURCE).update('\0').update(source).update('\0').update(filename).update('\0').update(configString).digest('hex');
  },
};
