// @ts-check
// What a remote declares about itself, once: the "ucRemote" field of its package.json. The build
// config, the build info the server reads (dist/uc-remote.json), the shell (through the registry),
// the generator and the tests all read it from there, so adding a remote edits no other file.
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ 'zh-CN': string, 'en-US': string } & Record<string, string>} Titles
 * @typedef {{ path: string, title: Titles, icon?: string, hidden?: boolean, accessAs?: string, everyone?: boolean }} RemotePage
 * @typedef {{ name: string, version: string, devPort: number, title: Titles, icon?: string, pages: RemotePage[], routes: string[] }} RemoteDeclaration
 */

const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const PAGE_PATH = /^(\/[a-z0-9-]+|\/:[a-zA-Z]+)+$/;

/** @param {unknown} value @param {string} where */
function titles(value, where) {
  const t = /** @type {Record<string, unknown>} */ (value ?? {});
  for (const locale of ['zh-CN', 'en-US']) {
    if (typeof t[locale] !== 'string' || !t[locale]) throw new Error(`${where} needs a ${locale} title: "title": { "zh-CN": "…", "en-US": "…" }`);
  }
  return /** @type {Titles} */ (t);
}

/**
 * Reads and checks apps/<remote>/package.json's "ucRemote"; a mistake stops the build with what to fix.
 * @param {string} dir the remote's folder
 * @returns {RemoteDeclaration}
 */
export function readRemoteDeclaration(dir) {
  const file = path.join(dir, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  const where = `${file} "ucRemote"`;
  const decl = pkg.ucRemote;
  if (!decl || typeof decl !== 'object') throw new Error(`${file} has no "ucRemote" field: declare the remote's devPort, title and pages there`);
  const name = String(pkg.name ?? '').replace(/^@uc\//, '');
  if (!NAME.test(name)) throw new Error(`${file}: the package name must be @uc/<lower-case name>, not ${pkg.name}`);
  if (!Number.isInteger(decl.devPort) || decl.devPort < 1024 || decl.devPort > 65535)
    throw new Error(`${where}.devPort must be a port number from 1024 to 65535`);
  if (!Array.isArray(decl.pages) || decl.pages.length === 0)
    throw new Error(`${where}.pages must list at least one page: [{ "path": "/${name}/…", "title": { … } }]`);
  /** @type {RemotePage[]} */
  const pages = decl.pages.map((/** @type {any} */ p, /** @type {number} */ i) => {
    if (typeof p?.path !== 'string' || !PAGE_PATH.test(p.path)) throw new Error(`${where}.pages[${i}].path must be an address such as /${name}/list`);
    if (p.accessAs !== undefined && !decl.pages.some((/** @type {any} */ q) => q.path === p.accessAs && !q.path.includes(':'))) {
      throw new Error(`${where}.pages[${i}].accessAs must name another page of this remote (whoever may open it may open this one)`);
    }
    return {
      path: p.path,
      title: titles(p.title, `${where}.pages[${i}]`),
      ...(p.icon ? { icon: p.icon } : {}),
      ...(p.hidden ? { hidden: true } : {}),
      ...(p.accessAs ? { accessAs: p.accessAs } : {}),
      ...(p.everyone ? { everyone: true } : {}),
    };
  });
  // The remote claims each page's address and what lies below it; a parameterised page
  // (/tenant/details/:id) claims the part before its first parameter (/tenant/details).
  const claimed = (/** @type {string} */ path) => path.split('/:')[0];
  const routes = [...new Set(pages.map((p) => claimed(p.path)).filter((path) => path !== ''))];
  return {
    name,
    version: String(pkg.version ?? '0.0.0'),
    devPort: decl.devPort,
    title: titles(decl.title, where),
    ...(decl.icon ? { icon: decl.icon } : {}),
    pages,
    routes,
  };
}
