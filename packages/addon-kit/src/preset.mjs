// @ts-check
// The rspack config every remote and addon shares (the console's own remotes and outside addons alike,
// through '@uc/addon-kit/preset' or '@uc/addon-kit'), so one declares only what is its own.
// Docs: https://rspack.rs/config/ and https://module-federation.io/configure/
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { AddonManifestPlugin } from './addon-manifest-plugin.mjs';
import { BuildIdentityPlugin, versionedFederationName } from './build-identity-plugin.mjs';
import { addonManifest, assertOwnsItsAddresses, packageProblems } from './addon-manifest.mjs';
import { readDeclaration } from './declaration.mjs';
import { ADDON_MANIFEST_FILE, ADDON_SHARED_LIBRARIES, consoleVersions, federationName, federationShared } from './generated.mjs';
import { assertSharedSatisfied, builtAgainst } from './shared-ranges.mjs';
import { UcRemotePlugin } from './uc-remote-plugin.mjs';

const API_TARGET = process.env.UC_API_TARGET ?? 'http://localhost:8080';
/** What a remote without src/prefetch.ts exposes as './prefetch'. */
const NO_PREFETCH = fileURLToPath(new URL('./no-prefetch.mjs', import.meta.url));
/** What the dev server forwards to the API server. */
const API_PATHS = ['/user/admin', '/admin/admin', '/user/web/iconfont'];
/**
 * Packages are compiled as they are published, except the console's own (@uc/contracts, @uc/client,
 * @uc/ui, @uc/testing), which are TypeScript source (one source for the console and its addons, no
 * build of their own): outside the monorepo they sit in node_modules (under .pnpm/ with pnpm) and must
 * go through swc too.
 */
const NOT_COMPILED = /[\\/]node_modules[\\/](?!@uc[\\/](?:contracts|client|ui|testing)[\\/])(?!\.pnpm[\\/])/;
const STRIP_SUMMARIES = fileURLToPath(new URL('./strip-call-summaries.cjs', import.meta.url));
/** The contract files of @uc/contracts, in this monorepo or installed. */
const CONTRACT_FILE = /[\\/](?:packages|@uc)[\\/]contracts[\\/]src[\\/][^\\/]+\.contract\.ts$/;

/** The standalone dev host page, the same for every remote but its title. */
const standalonePage = (name) => `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${name} (standalone)</title>
    <style>html, body, #root { height: 100%; margin: 0; }</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * Reads the declaration, checks it and the shared libraries against the console, and makes the
 * manifest: everything a build needs to know before it starts, so a mistake stops it at once.
 * @param {string} dir
 */
export function prepareAddon(dir) {
  const decl = readDeclaration(dir);
  // An addon is packed and installed, so what pnpm pack would leave out is a mistake; a first-party
  // remote is served from its dist folder.
  if (decl.field === 'ucAddon') {
    const problems = packageProblems(decl);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  }
  const shared = builtAgainst(dir, ADDON_SHARED_LIBRARIES);
  assertSharedSatisfied(shared, consoleVersions.shared, decl.name);
  const manifest = addonManifest(decl, shared);
  // What the server would refuse at install because it is the console's (a first-party remote is the console).
  if (decl.field === 'ucAddon') assertOwnsItsAddresses(decl, manifest);
  return { decl, manifest };
}

/**
 * TypeScript and JSX through swc, for the browsers the console supports: the same rule for the shell
 * (apps/shell/rspack.config.mjs) and every remote, so they all ship the same language level.
 * @param {boolean} dev
 * @returns {import('@rspack/core').RuleSetRule}
 */
export function scriptRule(dev) {
  return {
    test: /\.[jt]sx?$/,
    exclude: NOT_COMPILED,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
      },
      env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
    },
    type: 'javascript/auto',
    // Runs before swc: the calls' API summaries stay out of browser code (strip-call-summaries.cjs).
    rules: [{ test: CONTRACT_FILE, loader: STRIP_SUMMARIES }],
  };
}

/**
 * @param {{ dir: string, exposes?: Record<string, string> }} remote
 *   dir: the remote's folder, whose package.json declares the rest ("ucAddon" or "ucRemote": devPort,
 *   title, description, pages; see declaration.mjs); exposes: defaults to { './routes': './src/routes.tsx' }.
 *   Every remote also exposes './prefetch' (src/prefetch.ts, or a no-op): `prefetch(pathname)`, which
 *   the shell calls on the first visit of one of its pages so the page's data loads while its code does.
 * @returns {(env: unknown, argv: { mode?: string }) => import('@rspack/core').Configuration}
 */
export function remoteConfig({ dir, exposes = { './routes': './src/routes.tsx' } }) {
  const { decl, manifest } = prepareAddon(dir);
  const { name, devPort: port } = decl;
  // People and URLs say hello-world; federation needs an identifier (uc_hello_world), and each build
  // its own (uc_hello_world_<hash of the build>: BuildIdentityPlugin), so versions coexist in a page.
  const id = versionedFederationName(federationName(name));
  const prefetch = fs.existsSync(path.join(dir, 'src/prefetch.ts')) ? './src/prefetch.ts' : NO_PREFETCH;
  const allExposes = { './prefetch': prefetch, ...exposes };
  return (_env, argv) => {
    const dev = argv.mode !== 'production';
    return {
      context: dir,
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        // 'auto': chunks resolve relative to the entry's own URL, wherever the server publishes it.
        publicPath: 'auto',
        filename: dev ? '[name].js' : 'static/js/[name].[contenthash:8].js',
        chunkFilename: dev ? '[name].js' : 'static/js/[name].[contenthash:8].js',
        clean: true,
        uniqueName: id,
        // A registry of loaded chunks per build: a tab that ran one build and then loads the next (a
        // redeploy, an update) must not give the new runtime the chunks the old one left in a shared
        // array, whose module ids differ.
        chunkLoadingGlobal: `webpackChunk${id}`,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      module: {
        rules: [scriptRule(dev)],
      },
      plugins: [
        // The standalone dev host page (`pnpm dev`); the shell never loads it.
        // Scripts from the root, so a deep link (http://localhost:3001/org/user) loads them too.
        new rspack.HtmlRspackPlugin({ templateContent: standalonePage(name), chunks: ['main'], publicPath: '/' }),
        new ModuleFederationPlugin({
          name: id,
          filename: 'remoteEntry.js',
          exposes: allExposes,
          shared: federationShared(dir),
          shareStrategy: 'loaded-first',
          // One federation runtime (DESIGN.md section 8): in production the remote uses the host's
          // runtime core (the shell provides it: experiments.provideExternalRuntime) instead of
          // shipping a second copy in remoteEntry.js. The standalone dev host has no provider, so
          // dev builds keep their own. https://module-federation.io/configure/experiments
          experiments: { externalRuntime: !dev },
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
        }),
        new BuildIdentityPlugin(),
        new UcRemotePlugin(decl),
        new AddonManifestPlugin({ manifest, ...(decl.field === 'ucAddon' ? { rootFile: path.join(dir, ADDON_MANIFEST_FILE) } : {}) }),
      ],
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        // The shell on :3000 loads this remote's manifest and chunks across origins in dev.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: API_PATHS, target: API_TARGET, changeOrigin: true }],
        hot: false,
      },
    };
  };
}

/** The name an addon's rspack.config.mjs uses: `export default addonConfig({ dir: import.meta.dirname })`. */
export const addonConfig = remoteConfig;
