import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { addonManifest, consoleProblems, packageProblems, readDeclaration, unsatisfiedShared } from '@uc/addon-kit';
import { consoleVersions } from './generated.mjs';
import { scaffoldAddon } from './scaffold.mjs';

const BIN = fileURLToPath(new URL('../bin/create-uc-addon.mjs', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../../examples/hello-addon', import.meta.url));
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'create-uc-addon-'));
after(() => fs.rmSync(temp, { recursive: true, force: true }));

/** Every file below dir, relative, sorted; node_modules and build output left out. */
const listFiles = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => !/^(node_modules|dist)\//.test(file) && file !== 'uc-addon.json' && !file.endsWith('.tgz'))
    .sort();

describe('create-uc-addon', () => {
  const target = path.join(temp, 'made');
  const out = execFileSync(process.execPath, [BIN, 'hello-world', '--dir', target, '--title-zh', '问候', '--title-en', 'Greetings'], { encoding: 'utf8' });
  const pkg = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8'));
  const read = (file) => fs.readFileSync(path.join(target, file), 'utf8');

  it('writes a whole addon: build config, tooling, two pages with their tests and both languages', () => {
    assert.deepEqual(listFiles(target), [
      '.gitignore',
      'README.md',
      'jest.config.cjs',
      'package.json',
      'pnpm-workspace.yaml',
      'rspack.config.mjs',
      'src/bootstrap.tsx',
      'src/features/hello/hello-page.test.tsx',
      'src/features/hello/hello-page.tsx',
      'src/features/users/users-page.test.tsx',
      'src/features/users/users-page.tsx',
      'src/index.ts',
      'src/jest-dom.d.ts',
      'src/locales/en-US.ts',
      'src/locales/index.ts',
      'src/locales/locales.test.ts',
      'src/locales/zh-CN.ts',
      'src/routes.tsx',
      'tsconfig.json',
    ]);
    assert.match(out, /Created the addon hello-world/);
    assert.match(out, /pnpm pack {12}builds it and packs hello-world-0\.1\.0\.tgz/);
  });

  it('fills in the name everywhere, as an identifier where code needs one', () => {
    for (const file of listFiles(target)) assert.doesNotMatch(read(file), /__(NAME|name|Name|PORT|TITLE_ZH|TITLE_EN)__/, file);
    assert.match(read('src/routes.tsx'), /path: '\/hello-world\/hello'/);
    assert.match(read('src/routes.tsx'), /registerHelloWorldMessages\(\)/);
    assert.match(read('src/routes.tsx'), /package\.json "ucAddon"\.pages/);
    assert.match(read('src/locales/zh-CN.ts'), /export const helloWorldZhCN: MessageTable = \{\n {2}'hello-world\.hello\.title': '你好',/);
    assert.match(read('src/locales/zh-CN.ts'), /这是 问候 模块的第一个页面/);
    assert.match(read('rspack.config.mjs'), /addonConfig\(\{ dir: import\.meta\.dirname \}\)/);
  });

  it("declares one page and its menu, installable as packed, at the console's library versions", () => {
    const decl = readDeclaration(target);
    assert.equal(decl.field, 'ucAddon');
    assert.deepEqual(packageProblems(decl), []);
    const manifest = addonManifest(decl, {});
    assert.deepEqual(
      manifest.pages.map((p) => p.path),
      ['/hello-world/hello', '/hello-world/users'],
    );
    // Nothing the console would refuse at install: its pages grant none of the console's addresses.
    assert.deepEqual(consoleProblems(decl, manifest), []);
    assert.deepEqual(manifest.title, { 'zh-CN': '问候', 'en-US': 'Greetings' });
    assert.equal(pkg.dependencies.antd, consoleVersions.shared.antd);
    for (const ours of ['@uc/contracts', '@uc/client', '@uc/ui']) assert.equal(pkg.dependencies[ours], `^${consoleVersions.packages[ours]}`, ours);
    assert.equal(pkg.devDependencies['@uc/testing'], `^${consoleVersions.packages['@uc/testing']}`);
    assert.equal(pkg.devDependencies['@uc/addon-kit'], `^${consoleVersions.kit}`);
    assert.equal(pkg.devDependencies['@rspack/core'], consoleVersions.catalog['@rspack/core']);
    const ranges = Object.fromEntries(Object.entries(pkg.dependencies).map(([name, version]) => [name, version.startsWith('^') ? version : `^${version}`]));
    assert.deepEqual(unsatisfiedShared(ranges, consoleVersions.shared), []);
    assert.equal(pkg.scripts.prepack, 'rspack build --mode production');
  });

  it('lists users through the typed client and the UI kit, and says what a page may grant', () => {
    assert.match(read('src/routes.tsx'), /path: '\/hello-world\/users', element: <UsersPage \/>/);
    const page = read('src/features/users/users-page.tsx');
    assert.match(page, /import \{ memberListCall, type MemberRow \} from '@uc\/contracts';/);
    assert.match(page, /useListQuery\(memberListCall\)/);
    assert.match(page, /<ListTable<MemberRow>/);
    assert.match(read('README.md'), /`permissions` lists only the addon's own API addresses/);
  });

  it('downloads nothing but itself: no dependency of any kind, so `pnpm create @uc/addon` fetches no build tool', () => {
    const own = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) assert.equal(own[field], undefined, field);
    // The build tools are the addon's own devDependencies, installed by its first `pnpm install`.
    assert.equal(pkg.devDependencies['@rspack/core'], consoleVersions.catalog['@rspack/core']);
  });

  it('refuses a name that cannot name an addon, and a folder that is not empty', () => {
    assert.throws(() => scaffoldAddon(path.join(temp, 'bad'), { name: 'Hello' }), /Addon name must be 1 to 64 lower-case letters/);
    assert.throws(() => scaffoldAddon(target, { name: 'again' }), /exists and is not empty/);
    assert.throws(
      () => execFileSync(process.execPath, [BIN], { encoding: 'utf8', stdio: 'pipe' }),
      (error) => /create-uc-addon: give the addon a name/.test(error.stderr),
    );
  });

  it('made examples/hello-addon, which is kept as the scaffold writes it', () => {
    const again = path.join(temp, 'hello-addon');
    scaffoldAddon(again, { name: 'hello-addon', titleZh: '示例应用', titleEn: 'Hello addon' });
    assert.deepEqual(listFiles(EXAMPLE), listFiles(again));
    for (const file of listFiles(again)) assert.equal(fs.readFileSync(path.join(EXAMPLE, file), 'utf8'), fs.readFileSync(path.join(again, file), 'utf8'), file);
  });
});
