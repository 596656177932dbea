// @ts-check
// Test helpers: an addon folder in a temporary directory, with fake installed packages, so the kit's
// checks run on exactly the versions a test names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consoleVersions } from './generated.mjs';

/** A valid addon package.json ("ucAddon"), changed by `over`. */
export const addonPackage = (over = {}) => ({
  name: 'hello-world',
  version: '1.2.0',
  type: 'module',
  files: ['dist', 'uc-addon.json'],
  author: { name: 'Acme Ltd', email: 'dev@acme.example' },
  ucAddon: {
    title: { 'zh-CN': '你好', 'en-US': 'Hello' },
    description: { 'zh-CN': '示例应用', 'en-US': 'A sample addon' },
    icon: 'SmileOutlined',
    pages: [
      { path: '/hello-world/list', title: { 'zh-CN': '列表', 'en-US': 'List' }, permissions: ['/acme/admin/hello/list'] },
      { path: '/hello-world/list/:id', title: { 'zh-CN': '详情', 'en-US': 'Details' }, hidden: true, accessAs: '/hello-world/list' },
    ],
  },
  ...over,
});

/**
 * Writes `pkg` as dir/package.json and fakes node_modules/<name>/package.json (and an empty index.js)
 * for each of `installed` (name -> version; default: the console's versions of every shared library).
 * @param {object} pkg
 * @param {Record<string, string>} [installed]
 */
export function addonDir(pkg, installed = consoleVersions.shared) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-addon-kit-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  for (const [name, version] of Object.entries(installed)) {
    const at = path.join(dir, 'node_modules', name);
    fs.mkdirSync(at, { recursive: true });
    fs.writeFileSync(path.join(at, 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
    fs.writeFileSync(path.join(at, 'index.js'), 'module.exports = {};\n');
  }
  return dir;
}

/** @param {string} dir */
export const removeDir = (dir) => fs.rmSync(dir, { recursive: true, force: true });
