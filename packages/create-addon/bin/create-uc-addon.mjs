#!/usr/bin/env node
// @ts-check
// `pnpm create @uc/addon NAME [--dir FOLDER] [--title-zh 标题] [--title-en Title] [--port 3100]` (or
// `npm init @uc/addon NAME`): a working addon for the User Centre console in ./NAME (or FOLDER), outside
// any monorepo. It only writes files: no package of its own to download but this one. See docs/addons.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scaffoldAddon } from '../src/scaffold.mjs';

const USAGE = 'pnpm create @uc/addon NAME [--dir FOLDER] [--title-zh 标题] [--title-en Title] [--description-zh …] [--description-en …] [--port 3100]';

function main() {
  /** @type {ReturnType<typeof parseArgs>} */
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        dir: { type: 'string' },
        'title-zh': { type: 'string' },
        'title-en': { type: 'string' },
        'description-zh': { type: 'string' },
        'description-en': { type: 'string' },
        port: { type: 'string' },
      },
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\nUsage: ${USAGE}`);
  }
  const { values, positionals } = args;
  const name = positionals[0];
  if (!name) fail(`give the addon a name of lower-case letters, digits and dashes: ${USAGE}`);
  const str = (/** @type {unknown} */ v) => (typeof v === 'string' ? v : undefined);
  const port = str(values.port);
  if (port !== undefined && !/^\d+$/.test(port)) fail(`--port must be a port number such as 3100, not ${port}`);
  const target = path.resolve(str(values.dir) ?? name);
  let files;
  try {
    files = scaffoldAddon(target, {
      name,
      titleZh: str(values['title-zh']),
      titleEn: str(values['title-en']),
      descriptionZh: str(values['description-zh']),
      descriptionEn: str(values['description-en']),
      ...(port !== undefined ? { devPort: Number(port) } : {}),
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const where = path.relative(process.cwd(), target) || '.';
  console.log(`Created the addon ${name} in ${where} (${files.length} files): pages /${name}/hello and /${name}/users with their menu entries.\n`);
  console.log(`Next:
  cd ${where}
  pnpm install         the console's packages and the build tools (@uc/addon-kit, rspack)
  pnpm test            its tests
  pnpm dev             standalone on http://localhost:${port ?? 3100}/${name}/hello (API from UC_API_TARGET, default http://localhost:8080)
  pnpm pack            builds it and packs ${name}-0.1.0.tgz, the installable addon
Its pages, titles and menus live in package.json ("ucAddon"); add a page there and in src/routes.tsx.`);
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`create-uc-addon: ${message}`);
  process.exit(1);
}

main();
