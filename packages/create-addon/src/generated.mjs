// @ts-check
// What the scaffold takes from its dist/ folder (see build.mjs): the console's versions, the rule of an
// addon's name and the page template. Inside the monorepo it (re)builds dist/ first when it is missing or
// older than its sources; a published @uc/create-addon ships it, and needs no other package.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const HERE = new URL('../', import.meta.url);
const inMonorepo = fs.existsSync(new URL('build.mjs', HERE)) && fs.existsSync(new URL('../addon-kit/build.mjs', HERE));
if (inMonorepo) {
  const { buildIfStale } = await import(new URL('build.mjs', HERE).href);
  await buildIfStale();
} else if (!fs.existsSync(new URL('dist/console-versions.json', HERE))) {
  throw new Error(`@uc/create-addon is incomplete (${fileURLToPath(new URL('dist/', HERE))} is missing): run it from the published package`);
}

const json = (/** @type {string} */ file) => JSON.parse(fs.readFileSync(new URL(`dist/${file}`, HERE), 'utf8'));

/** @type {{ shared: Record<string, string>, packages: Record<string, string>, catalog: Record<string, string>, kit: string }} */
export const consoleVersions = json('console-versions.json');

const name = json('addon-name.json');
/** What an addon's name must be: the rule of @uc/contracts (ADDON_NAME_PATTERN), which the kit and the server check too. */
export const ADDON_NAME_PATTERN = new RegExp(name.pattern, name.flags);
export const ADDON_NAME_RULE = String(name.rule);

/** The pages of a new addon (scripts/templates/remote/src, copied at build). */
export const TEMPLATE_SRC = fileURLToPath(new URL('dist/template/src', HERE));
