// @ts-check
// The manifest (uc-addon.json): made from the declaration in package.json and the shared-library
// ranges of the build, checked by addonManifestSchema of @uc/contracts, the one the server checks again
// when it installs the addon. A mistake stops the build, naming the package.json field to fix.
import fs from 'node:fs';
import path from 'node:path';
import { ADDON_DIST_DIR, ADDON_MANIFEST_FILE, addonManifestSchema, consoleClashes } from './generated.mjs';

/** @param {PropertyKey[]} at a zod issue's path */
const fieldOf = (at) => at.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');

/**
 * @param {import('./declaration.mjs').RemoteDeclaration} decl
 * @param {Record<string, string>} shared the range of each shared library the build uses (shared-ranges.mjs)
 * @returns {import('zod').infer<typeof addonManifestSchema>}
 */
export function addonManifest(decl, shared) {
  const result = addonManifestSchema.safeParse({
    name: decl.name,
    version: decl.version,
    title: decl.title,
    ...(decl.icon ? { icon: decl.icon } : {}),
    // A first-party remote declares no description; its title is the best one there is.
    description: decl.description ?? decl.title,
    routes: decl.routes,
    pages: decl.pages,
    shared,
    ...(decl.changelog !== undefined ? { changelog: decl.changelog } : {}),
    ...(decl.screenshots !== undefined ? { screenshots: decl.screenshots } : {}),
    ...(decl.author !== undefined ? { author: decl.author } : {}),
    ...(decl.homepage !== undefined ? { homepage: decl.homepage } : {}),
  });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const [first] = issue.path;
    // name and version are the package's own; everything else is the declaration's.
    const where = first === 'name' || first === 'version' ? `"${String(first)}"` : `"${decl.field}".${fieldOf(issue.path)}`;
    return `  - ${where}: ${issue.message}`;
  });
  throw new Error(`${decl.file} does not make a valid ${ADDON_MANIFEST_FILE}:\n${lines.join('\n')}`);
}

/**
 * What would keep `pnpm pack` of an addon from being installable: the built remote, the manifest and
 * the screenshots must be in the package. Empty when nothing.
 * @param {import('./declaration.mjs').RemoteDeclaration} decl
 * @returns {string[]}
 */
export function packageProblems(decl) {
  const problems = [];
  const needed = [ADDON_DIST_DIR, ADDON_MANIFEST_FILE, ...(decl.screenshots ?? [])];
  if (!decl.files) {
    problems.push(`"files" must list what the package holds, or pnpm pack leaves out what .gitignore names (dist): "files": ${JSON.stringify(needed)}`);
  } else {
    // A glob is taken as covering what it might: only plain entries can be checked.
    const covers = (/** @type {string} */ entry, /** @type {string} */ file) =>
      /[*?[{]/.test(entry) || file === entry.replace(/^\.\//, '').replace(/\/$/, '') || file.startsWith(`${entry.replace(/^\.\//, '').replace(/\/$/, '')}/`);
    const missing = needed.filter((file) => !(decl.files ?? []).some((entry) => covers(entry, file)));
    if (missing.length > 0)
      problems.push(`"files" must include ${missing.map((f) => `"${f}"`).join(', ')}, or pnpm pack leaves ${missing.length === 1 ? 'it' : 'them'} out`);
  }
  for (const shot of decl.screenshots ?? []) {
    if (!fs.existsSync(path.join(decl.dir, shot)))
      problems.push(`"${decl.field}".screenshots names ${shot}, which is not in ${decl.dir}: add the image or remove it from the list`);
  }
  return problems.map((problem) => `${decl.file}: ${problem}`);
}

/**
 * What the console would refuse when it installs the addon, because it takes what is the console's own
 * (the rules of @uc/contracts' consoleClashes, which the server applies too): a page granting an API
 * address of the console, an addon named after an area of the console, a page in such an area. One line
 * per mistake, naming the package.json field and what to write instead; empty when nothing.
 * @param {import('./declaration.mjs').RemoteDeclaration} decl
 * @param {import('zod').infer<typeof addonManifestSchema>} manifest
 * @returns {string[]}
 */
export function consoleProblems(decl, manifest) {
  const field = `"${decl.field}"`;
  /** @param {{ kind: string, name?: string, route?: string, area?: string, permission?: string, page?: number, button?: number, index?: number }} clash */
  const line = (clash) => {
    if (clash.kind === 'name')
      return `"name": ${clash.name} is an area of the console itself (its address /${clash.name}, its menu): rename the addon (the package name, or ${field}.name)`;
    if (clash.kind === 'route') {
      const page = decl.pages.findIndex((p) => p.path === clash.route || p.path.startsWith(`${clash.route}/`));
      return `${field}.pages[${page}].path: ${decl.pages[page]?.path} lies in ${clash.area}, an area of the console itself: put the addon's pages under /${decl.name}/`;
    }
    const where = `${field}.pages[${clash.page}]${clash.button === undefined ? '' : `.buttons[${clash.button}]`}.permissions[${clash.index}]`;
    return (
      `${where}: ${clash.permission} is an API address of the console itself, which an addon may not grant. ` +
      `List here only the addon's own API addresses (its own back end's), which its menu entry grants; ` +
      `a call of the console that the page makes is granted by the console's roles: leave it out here, and check it in the page with useCan()`
    );
  };
  return consoleClashes(manifest).map((clash) => `  - ${line(clash)}`);
}

/**
 * Throws, listing every mistake, when the console would refuse to install the addon for taking what is
 * its own (consoleProblems).
 * @param {import('./declaration.mjs').RemoteDeclaration} decl
 * @param {import('zod').infer<typeof addonManifestSchema>} manifest
 */
export function assertOwnsItsAddresses(decl, manifest) {
  const problems = consoleProblems(decl, manifest);
  if (problems.length === 0) return;
  throw new Error(`${decl.file}: ${decl.name} takes what belongs to the console, which would refuse to install it:\n${problems.join('\n')}`);
}
