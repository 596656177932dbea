// @ts-check
// `pnpm create @uc/addon NAME` (this package's `create-uc-addon`): a working addon outside the monorepo,
// with two pages (/NAME/hello, and /NAME/users: the console's users through the typed client) and their
// menu. Its pages are the remote template's (scripts/templates/remote/src, the same ones `pnpm new:remote`
// writes into the monorepo); package.json, the build config and the tooling are an outside package's.
// It writes files and installs nothing: the build tools (@uc/addon-kit, rspack) come with the addon's
// first `pnpm install`, as its devDependencies.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDON_NAME_PATTERN, ADDON_NAME_RULE, consoleVersions, TEMPLATE_SRC } from './generated.mjs';

/** The standalone dev server's port when none is given (the kit's default too). */
export const DEFAULT_DEV_PORT = 3100;

const KIT_TEMPLATE = fileURLToPath(new URL('../template', import.meta.url));

/** What the addon shares with the console: the console's exact versions, so the build's check passes. */
const RUNTIME = ['react', 'react-dom', 'react-router-dom', 'antd', '@ant-design/cssinjs', '@ant-design/icons', 'zustand'];
/** The console's own packages an addon uses: the contracts, the API client and session, the UI kit; and for its tests, the test helpers. */
const CONSOLE = ['@uc/contracts', '@uc/client', '@uc/ui'];
const CONSOLE_DEV = ['@uc/testing'];
/** Build and test tools, at the versions the console's own remotes use. */
const TOOLS = [
  '@rspack/core',
  '@rspack/cli',
  '@rspack/dev-server',
  '@module-federation/enhanced',
  'typescript',
  '@types/react',
  '@types/react-dom',
  '@types/node',
  '@types/jest',
  'jest',
  '@swc/jest',
  '@swc/core',
  'jest-environment-jsdom',
  '@testing-library/react',
  '@testing-library/dom',
  '@testing-library/jest-dom',
];

const camel = (/** @type {string} */ name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const pascal = (/** @type {string} */ name) => camel(name).replace(/^./, (c) => c.toUpperCase());

/**
 * @typedef {{
 *   name: string, titleZh?: string, titleEn?: string, descriptionZh?: string, descriptionEn?: string,
 *   devPort?: number,
 * }} ScaffoldOptions
 */

/** @param {ScaffoldOptions} options */
export function addonPackageJson({ name, titleZh = name, titleEn = name, descriptionZh, descriptionEn, devPort = DEFAULT_DEV_PORT }) {
  const { catalog, shared, packages, kit } = consoleVersions;
  const pick = (/** @type {string[]} */ names) => Object.fromEntries(names.map((n) => [n, catalog[n] ?? shared[n]]));
  // The console's own packages, from the registry: ^ the versions this scaffold was made with.
  const ours = (/** @type {string[]} */ names) => Object.fromEntries(names.map((n) => [n, `^${packages[n]}`]));
  return {
    name,
    version: '0.1.0',
    description: descriptionEn ?? `${titleEn}: an addon of the User Centre console`,
    type: 'module',
    engines: { node: '>=20.19' },
    // What `pnpm pack` puts in the addon: the built remote and its manifest (docs/addons.md).
    files: ['dist', 'uc-addon.json'],
    scripts: {
      build: 'rspack build --mode production',
      dev: 'rspack serve --mode development',
      test: 'jest',
      typecheck: 'tsc -p tsconfig.json',
      prepack: 'rspack build --mode production',
    },
    dependencies: { ...ours(CONSOLE), ...pick(RUNTIME) },
    devDependencies: { ...ours(CONSOLE_DEV), '@uc/addon-kit': `^${kit}`, ...pick(TOOLS) },
    ucAddon: {
      devPort,
      title: { 'zh-CN': titleZh, 'en-US': titleEn },
      description: {
        'zh-CN': descriptionZh ?? `${titleZh}：用户中心控制台的应用。`,
        'en-US': descriptionEn ?? `${titleEn}: an addon of the User Centre console.`,
      },
      icon: 'AppstoreOutlined',
      // A page's "permissions" are the addon's own API addresses, which its menu entry grants; the
      // console's calls a page makes (/users lists users with memberListCall) are granted by the console's
      // roles, never by an addon: the kit refuses them here, as the console would at install.
      pages: [
        { path: `/${name}/hello`, title: { 'zh-CN': '你好', 'en-US': 'Hello' }, icon: 'SmileOutlined' },
        { path: `/${name}/users`, title: { 'zh-CN': '用户', 'en-US': 'Users' }, icon: 'TeamOutlined' },
      ],
    },
  };
}

/**
 * Writes a new addon into `target` (which must not exist or be empty); returns the files written.
 * @param {string} target
 * @param {ScaffoldOptions} options
 */
export function scaffoldAddon(target, options) {
  const { name } = options;
  if (!ADDON_NAME_PATTERN.test(name)) throw new Error(`${ADDON_NAME_RULE}: not "${name}"`);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new Error(`${target} exists and is not empty: choose another folder or name`);
  const pkg = addonPackageJson(options);
  const values = {
    __NAME__: name,
    __name__: camel(name),
    __Name__: pascal(name),
    __PORT__: String(pkg.ucAddon.devPort),
    __TITLE_ZH__: pkg.ucAddon.title['zh-CN'],
    __TITLE_EN__: pkg.ucAddon.title['en-US'],
  };
  const fill = (/** @type {string} */ text) =>
    text
      .replace(/__NAME__|__name__|__Name__|__PORT__|__TITLE_ZH__|__TITLE_EN__/g, (key) => values[/** @type {keyof typeof values} */ (key)])
      // The shared template speaks of a first-party remote's declaration; an addon's is "ucAddon".
      .replace(/"ucRemote"/g, '"ucAddon"');
  /** @type {string[]} */
  const written = [];
  const write = (/** @type {string} */ file, /** @type {string} */ text) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    written.push(file);
  };
  /** @param {string} from @param {string} to */
  const copy = (from, to) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      if (entry.isDirectory()) copy(source, path.join(to, entry.name));
      // npm drops files named .gitignore from packages, so the kit ships it as gitignore.tpl.
      else write(path.join(to, entry.name.replace(/\.tpl$/, '').replace(/^gitignore$/, '.gitignore')), fill(fs.readFileSync(source, 'utf8')));
    }
  };
  write(path.join(target, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  copy(KIT_TEMPLATE, target);
  copy(TEMPLATE_SRC, path.join(target, 'src'));
  return written;
}
