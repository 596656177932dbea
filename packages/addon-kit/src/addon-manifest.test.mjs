import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { addonManifest, consoleProblems, packageProblems } from './addon-manifest.mjs';
import { prepareAddon } from './preset.mjs';
import { readDeclaration } from './declaration.mjs';
import { addonDir, addonPackage, removeDir } from './addon-fixtures.mjs';

const dirs = [];
const declared = (pkg) => {
  const dir = addonDir(pkg, {});
  dirs.push(dir);
  return readDeclaration(dir);
};
after(() => dirs.forEach(removeDir));

const shared = { react: '^19.3.1', antd: '^6.6.8' };

describe('addonManifest', () => {
  it('makes the manifest from package.json: name, version, texts, routes, pages with their grants, shared ranges', () => {
    const manifest = addonManifest(declared(addonPackage({ homepage: 'https://acme.example/hello' })), shared);
    assert.equal(manifest.name, 'hello-world');
    assert.equal(manifest.version, '1.2.0');
    assert.deepEqual(manifest.title, { 'zh-CN': '你好', 'en-US': 'Hello' });
    assert.deepEqual(manifest.description, { 'zh-CN': '示例应用', 'en-US': 'A sample addon' });
    assert.equal(manifest.icon, 'SmileOutlined');
    // A detail page claims the address before its parameter.
    assert.deepEqual(manifest.routes, ['/hello-world/list']);
    assert.deepEqual(manifest.pages[0], {
      path: '/hello-world/list',
      title: { 'zh-CN': '列表', 'en-US': 'List' },
      permissions: ['/acme/admin/hello/list'],
      buttons: [],
    });
    assert.equal(manifest.pages[1].accessAs, '/hello-world/list');
    assert.equal(manifest.pages[1].hidden, true);
    assert.deepEqual(manifest.shared, shared);
    assert.equal(manifest.author, 'Acme Ltd');
    assert.equal(manifest.homepage, 'https://acme.example/hello');
  });

  it('takes the name from "ucAddon".name or the package name without its scope', () => {
    assert.equal(addonManifest(declared(addonPackage({ name: '@acme/hello-world' })), shared).name, 'hello-world');
    const pkg = addonPackage({ name: '@acme/uc-hello' });
    pkg.ucAddon.name = 'hello';
    assert.equal(addonManifest(declared(pkg), shared).name, 'hello');
  });

  it('uses the title as description when a first-party remote declares none', () => {
    const pkg = addonPackage();
    delete pkg.ucAddon.description;
    pkg.ucRemote = pkg.ucAddon;
    delete pkg.ucAddon;
    const decl = declared(pkg);
    assert.equal(decl.field, 'ucRemote');
    assert.deepEqual(addonManifest(decl, shared).description, { 'zh-CN': '你好', 'en-US': 'Hello' });
  });

  it('refuses what the contract refuses, naming the package.json field to fix', () => {
    assert.throws(() => addonManifest(declared(addonPackage({ version: '1.2' })), shared), /- "version": Addon version must be a semantic version/);
    const pkg = addonPackage();
    pkg.ucAddon.pages[0].permissions = ['acme/list'];
    assert.throws(() => addonManifest(declared(pkg), shared), /- "ucAddon"\.pages\[0\]\.permissions\[0\]: Permission strings are API addresses/);
  });

  it('stops at a missing text or a bad page before the manifest, saying what to write', () => {
    const pkg = addonPackage();
    pkg.ucAddon.pages[0].title = { 'zh-CN': '列表' };
    assert.throws(() => declared(pkg), /"ucAddon"\.pages\[0\]\.title needs a text in en-US/);
    assert.throws(() => declared(addonPackage({ name: 'Hello_World' })), /"Hello_World" cannot name an addon/);
    const both = addonPackage({ ucRemote: {} });
    assert.throws(() => declared(both), /has both "ucAddon" and "ucRemote"/);
    assert.throws(() => declared({ name: 'x', version: '1.0.0' }), /has no "ucAddon" field/);
  });

  it('carries byPolicy of a page every user opens where the tenant policy allows it, and refuses it on a page roles grant', () => {
    const pkg = addonPackage();
    Object.assign(pkg.ucAddon.pages[0], { everyone: true, byPolicy: true });
    const manifest = addonManifest(declared(pkg), shared);
    assert.equal(manifest.pages[0].everyone, true);
    assert.equal(manifest.pages[0].byPolicy, true);
    const granted = addonPackage();
    granted.ucAddon.pages[0].byPolicy = true;
    assert.throws(() => declared(granted), /"ucAddon"\.pages\[0\]\.byPolicy goes with "everyone": true/);
    const home = readDeclaration(fileURLToPath(new URL('../../../apps/home/', import.meta.url)));
    assert.deepEqual(
      home.pages.filter((p) => p.byPolicy).map((p) => p.path),
      ['/home/upgrade/logs', '/dashboard/workplace'],
    );
  });

  it("makes a valid manifest of every first-party remote's declaration", () => {
    const apps = fileURLToPath(new URL('../../../apps/', import.meta.url));
    const remotes = fs
      .readdirSync(apps)
      .filter(
        (app) => fs.existsSync(path.join(apps, app, 'package.json')) && JSON.parse(fs.readFileSync(path.join(apps, app, 'package.json'), 'utf8')).ucRemote,
      );
    assert.ok(remotes.length >= 4, remotes.join());
    for (const app of remotes) {
      const manifest = addonManifest(readDeclaration(path.join(apps, app)), shared);
      assert.equal(manifest.name, app);
    }
  });
});

describe('packageProblems', () => {
  it('wants "files" to hold the built remote, the manifest and the screenshots', () => {
    assert.deepEqual(packageProblems(declared(addonPackage())), []);
    assert.match(packageProblems(declared(addonPackage({ files: undefined })))[0], /"files" must list what the package holds.*\["dist","uc-addon\.json"\]/);
    assert.match(packageProblems(declared(addonPackage({ files: ['dist/'] })))[0], /"files" must include "uc-addon\.json", or pnpm pack leaves it out/);
    assert.deepEqual(packageProblems(declared(addonPackage({ files: ['./dist', 'uc-addon.json'] }))), []);
  });

  it('wants every screenshot to exist', () => {
    const pkg = addonPackage({ files: ['dist', 'uc-addon.json', 'screenshots'] });
    pkg.ucAddon.screenshots = ['screenshots/list.png'];
    const decl = declared(pkg);
    assert.match(packageProblems(decl).join('\n'), /screenshots names screenshots\/list\.png, which is not in/);
    fs.mkdirSync(path.join(decl.dir, 'screenshots'));
    fs.writeFileSync(path.join(decl.dir, 'screenshots', 'list.png'), '');
    assert.deepEqual(packageProblems(decl), []);
  });
});

describe('what the console would refuse at install, refused at build', () => {
  const prepared = (pkg) => {
    const dir = addonDir(pkg);
    dirs.push(dir);
    return () => prepareAddon(dir);
  };

  it("refuses the console's API addresses as a page's or a button's permissions, saying what a page's permissions may be", () => {
    const pkg = addonPackage();
    pkg.ucAddon.pages[0].permissions = ['/acme/admin/hello/list', '/user/admin/member/list'];
    pkg.ucAddon.pages[0].buttons = [{ title: { 'zh-CN': '编辑', 'en-US': 'Edit' }, permissions: ['/user/admin/member/edit'] }];
    assert.throws(prepared(pkg), (error) => {
      assert.match(error.message, /hello-world takes what belongs to the console, which would refuse to install it/);
      assert.match(error.message, /- "ucAddon"\.pages\[0\]\.permissions\[1\]: \/user\/admin\/member\/list is an API address of the console itself/);
      assert.match(error.message, /- "ucAddon"\.pages\[0\]\.buttons\[0\]\.permissions\[0\]: \/user\/admin\/member\/edit/);
      assert.match(error.message, /List here only the addon's own API addresses/);
      return true;
    });
  });

  it('refuses the name of an area of the console, and pages in one', () => {
    const pkg = addonPackage({ name: 'system' });
    pkg.ucAddon.pages = [{ path: '/system/report', title: { 'zh-CN': '报表', 'en-US': 'Report' } }];
    assert.throws(prepared(pkg), (error) => {
      assert.match(error.message, /- "name": system is an area of the console itself/);
      assert.match(
        error.message,
        /- "ucAddon"\.pages\[0\]\.path: \/system\/report lies in \/system, an area of the console itself: put the addon's pages under \/system\//,
      );
      return true;
    });
  });

  it("builds what is the addon's own; a first-party remote is the console, and may use its areas", () => {
    assert.equal(prepared(addonPackage())().manifest.name, 'hello-world');
    const remote = {
      name: '@uc/org',
      version: '0.1.0',
      ucRemote: { title: { 'zh-CN': '组织', 'en-US': 'Org' }, pages: [{ path: '/org/user', title: { 'zh-CN': '用户', 'en-US': 'Users' } }] },
    };
    const decl = declared(remote);
    assert.deepEqual(consoleProblems(decl, addonManifest(decl, shared)), [
      '  - "name": org is an area of the console itself (its address /org, its menu): rename the addon (the package name, or "ucRemote".name)',
      '  - "ucRemote".pages[0].path: /org/user lies in /org, an area of the console itself: put the addon\'s pages under /org/',
    ]);
    assert.equal(prepared(remote)().manifest.name, 'org');
  });
});
