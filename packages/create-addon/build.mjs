// @ts-check
// Builds what the scaffold ships beside its source, from this monorepo (never published: a packed
// @uc/create-addon has dist/ already, made by `prepack`), so that it needs no package at run time:
//   dist/console-versions.json the console's versions (the kit's, made from the workspace catalog): the scaffold
//                              pins a new addon's libraries and tools to them
//   dist/addon-name.json       the rule of an addon's name (ADDON_NAME_PATTERN of @uc/contracts)
//   dist/template/src          the pages of the remote template (scripts/templates/remote/src), the same
//                              ones `pnpm new:remote` writes
// Turbo never caches it (turbo.json here): its inputs lie outside this package. The scaffold also
// calls buildIfStale() when it runs inside the monorepo, so its tests never see an outdated template.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..', '..');
const KIT = path.join(ROOT, 'packages', 'addon-kit');
const TEMPLATE_SRC = path.join(ROOT, 'scripts', 'templates', 'remote', 'src');
const DIST = path.join(HERE, 'dist');
/** Written last: its time is the build's. */
const STAMP = path.join(DIST, '.built');

/** @param {string} dir @returns {string[]} every file below dir */
const filesIn = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];

/** @param {string} file @param {string | Uint8Array} content */
function writeAtomic(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, content);
  fs.renameSync(temp, file);
}

/** The kit's dist/ first (the console's versions and the contract come from there). */
async function kitDist() {
  const { buildKitIfStale } = await import(pathToFileURL(path.join(KIT, 'build.mjs')).href);
  await buildKitIfStale();
  return path.join(KIT, 'dist');
}

export async function build() {
  const kit = await kitDist();
  writeAtomic(path.join(DIST, 'console-versions.json'), fs.readFileSync(path.join(kit, 'console-versions.json')));
  const { ADDON_NAME_PATTERN, ADDON_NAME_RULE } = await import(`${pathToFileURL(path.join(kit, 'shared.mjs')).href}?${Date.now()}`);
  writeAtomic(
    path.join(DIST, 'addon-name.json'),
    `${JSON.stringify({ pattern: ADDON_NAME_PATTERN.source, flags: ADDON_NAME_PATTERN.flags, rule: ADDON_NAME_RULE }, null, 2)}\n`,
  );
  // Afresh, so a page removed from the template is gone from new addons too.
  fs.rmSync(path.join(DIST, 'template'), { recursive: true, force: true });
  for (const file of filesIn(TEMPLATE_SRC)) {
    writeAtomic(path.join(DIST, 'template', 'src', path.relative(TEMPLATE_SRC, file)), fs.readFileSync(file));
  }
  writeAtomic(STAMP, new Date().toISOString());
}

/** Builds when dist is missing or older than one of its inputs (the kit's dist included); true when it built. */
export async function buildIfStale() {
  const kit = await kitDist();
  const built = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
  const inputs = [path.join(HERE, 'build.mjs'), path.join(kit, 'console-versions.json'), path.join(kit, 'shared.mjs'), ...filesIn(TEMPLATE_SRC)];
  const stale = built === 0 || inputs.some((file) => fs.existsSync(file) && fs.statSync(file).mtimeMs > built);
  if (stale) await build();
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await build();
  console.log(`@uc/create-addon: built ${path.relative(ROOT, DIST)} (console-versions.json, addon-name.json, template)`);
}
