// @ts-check
// What a remote or addon declares about itself, once, in its package.json: "ucAddon" (the field the
// scaffold writes) or "ucRemote" (the first-party remotes' name for the same declaration). The build
// config, the build info the server reads (dist/uc-remote.json), the manifest (uc-addon.json), the
// generators and the tests all read it from there, so adding a page edits no other file.
import fs from 'node:fs';
import path from 'node:path';
import { ADDON_NAME_PATTERN } from './generated.mjs';

/**
 * @typedef {{ 'zh-CN': string, 'en-US': string } & Record<string, string>} Titles
 * @typedef {{ title: Titles, permissions: string[] }} RemoteButton
 * @typedef {{ path: string, title: Titles, icon?: string, hidden?: boolean, accessAs?: string, everyone?: boolean, byPolicy?: boolean, permissions?: string[], buttons?: RemoteButton[] }} RemotePage
 * @typedef {{
 *   name: string, version: string, devPort: number, title: Titles, icon?: string, pages: RemotePage[], routes: string[],
 *   description?: Titles, changelog?: string, screenshots?: string[], author?: string, homepage?: string,
 *   field: 'ucAddon' | 'ucRemote', file: string, dir: string, files?: string[],
 * }} RemoteDeclaration
 */

const PAGE_PATH = /^(\/[a-z0-9-]+|\/:[a-zA-Z]+)+$/;
/** The standalone dev server's port when the declaration names none. */
export const DEFAULT_DEV_PORT = 3100;

/** @param {unknown} value @param {string} where */
function titles(value, where) {
  const t = /** @type {Record<string, unknown>} */ (value ?? {});
  for (const locale of ['zh-CN', 'en-US']) {
    if (typeof t[locale] !== 'string' || !t[locale]) throw new Error(`${where} needs a text in ${locale}: { "zh-CN": "…", "en-US": "…" }`);
  }
  return /** @type {Titles} */ (t);
}

/** npm's "author" is a string or { name, email }. @param {unknown} author */
const authorName = (author) =>
  typeof author === 'string' ? author : author && typeof author === 'object' && 'name' in author ? String(author.name) : undefined;

/**
 * Reads and checks the declaration in `dir`/package.json; a mistake stops the build with what to fix.
 * The manifest schema checks the rest (addon-manifest.mjs).
 * @param {string} dir the remote's or addon's folder
 * @returns {RemoteDeclaration}
 */
export function readDeclaration(dir) {
  const file = path.join(dir, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (pkg.ucAddon && pkg.ucRemote) throw new Error(`${file} has both "ucAddon" and "ucRemote": keep one (an addon's is "ucAddon")`);
  const field = pkg.ucAddon ? 'ucAddon' : 'ucRemote';
  const decl = pkg[field];
  const where = `${file} "${field}"`;
  if (!decl || typeof decl !== 'object') {
    throw new Error(
      `${file} has no "ucAddon" field: declare the addon's title, description and pages there (see docs/addons.md, or start from create-uc-addon)`,
    );
  }
  // The name people and addresses use: "name" in the declaration, else the package name without its scope.
  const name = typeof decl.name === 'string' ? decl.name : String(pkg.name ?? '').replace(/^@[^/]+\//, '');
  if (!ADDON_NAME_PATTERN.test(name)) {
    throw new Error(
      `${file}: "${name}" cannot name an addon: use 1 to 64 lower-case letters, digits and dashes, starting with a letter (the package name without its scope, or "${field}".name)`,
    );
  }
  const devPort = decl.devPort ?? DEFAULT_DEV_PORT;
  if (!Number.isInteger(devPort) || devPort < 1024 || devPort > 65535) throw new Error(`${where}.devPort must be a port number from 1024 to 65535`);
  if (!Array.isArray(decl.pages) || decl.pages.length === 0) {
    throw new Error(`${where}.pages must list at least one page: [{ "path": "/${name}/…", "title": { "zh-CN": "…", "en-US": "…" } }]`);
  }
  /** @type {RemotePage[]} */
  const pages = decl.pages.map((/** @type {any} */ p, /** @type {number} */ i) => {
    if (typeof p?.path !== 'string' || !PAGE_PATH.test(p.path)) throw new Error(`${where}.pages[${i}].path must be an address such as /${name}/list`);
    if (p.accessAs !== undefined && !decl.pages.some((/** @type {any} */ q) => q.path === p.accessAs && !q.path.includes(':'))) {
      throw new Error(`${where}.pages[${i}].accessAs must name another page of this remote (whoever may open it may open this one)`);
    }
    if (p.byPolicy && !p.everyone) {
      throw new Error(
        `${where}.pages[${i}].byPolicy goes with "everyone": true (a page every user opens where the tenant policy allows it); a page roles grant needs neither`,
      );
    }
    return {
      path: p.path,
      title: titles(p.title, `${where}.pages[${i}].title`),
      ...(p.icon ? { icon: p.icon } : {}),
      ...(p.hidden ? { hidden: true } : {}),
      ...(p.accessAs ? { accessAs: p.accessAs } : {}),
      ...(p.everyone ? { everyone: true } : {}),
      ...(p.everyone && p.byPolicy ? { byPolicy: true } : {}),
      ...(p.permissions !== undefined ? { permissions: p.permissions } : {}),
      ...(p.buttons !== undefined ? { buttons: p.buttons } : {}),
    };
  });
  // The remote claims each page's address and what lies below it; a parameterised page
  // (/tenant/details/:id) claims the part before its first parameter (/tenant/details).
  const claimed = (/** @type {string} */ p) => p.split('/:')[0];
  const routes = [...new Set(pages.map((p) => claimed(p.path)).filter((p) => p !== ''))];
  const author = decl.author ?? authorName(pkg.author);
  const homepage = decl.homepage ?? pkg.homepage;
  return {
    name,
    version: String(pkg.version ?? '0.0.0'),
    devPort,
    title: titles(decl.title, `${where}.title`),
    ...(decl.icon ? { icon: decl.icon } : {}),
    ...(decl.description !== undefined ? { description: titles(decl.description, `${where}.description`) } : {}),
    pages,
    routes,
    ...(decl.changelog !== undefined ? { changelog: decl.changelog } : {}),
    ...(decl.screenshots !== undefined ? { screenshots: decl.screenshots } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(homepage !== undefined ? { homepage } : {}),
    field,
    file,
    dir,
    ...(Array.isArray(pkg.files) ? { files: pkg.files } : {}),
  };
}
