// @ts-check
// The rspack config every remote shares, so a remote (or an addon) declares only what is its own.
// Docs: https://rspack.rs/config/ and https://module-federation.io/configure/
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { federationShared } from '../src/federation/mf-shared.mjs';
import { readRemoteDeclaration } from './remote-declaration.mjs';
import { UcRemotePlugin } from './uc-remote-plugin.mjs';

const API_TARGET = process.env.UC_API_TARGET ?? 'http://localhost:8080';
/** What a remote without src/prefetch.ts exposes as './prefetch'. */
const NO_PREFETCH = fileURLToPath(new URL('./no-prefetch.mjs', import.meta.url));
/** What the dev server forwards to the API server. */
const API_PATHS = ['/user/admin', '/admin/admin', '/user/web/iconfont'];

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
 * @param {{ dir: string, exposes?: Record<string, string> }} remote
 *   dir: the remote's folder, whose package.json declares the rest ("ucRemote": devPort, title, pages;
 *   see remote-declaration.mjs); exposes: defaults to { './routes': './src/routes.tsx' }.
 *   Every remote also exposes './prefetch' (src/prefetch.ts, or a no-op): `prefetch(pathname)`, which
 *   the shell calls on the first visit of one of its pages so the page's data loads while its code does.
 * @returns {(env: unknown, argv: { mode?: string }) => import('@rspack/core').Configuration}
 */
export function remoteConfig({ dir, exposes = { './routes': './src/routes.tsx' } }) {
  const remote = readRemoteDeclaration(dir);
  const { name, devPort: port } = remote;
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
        uniqueName: `uc_${name}`,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
              },
              env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
            },
            type: 'javascript/auto',
          },
        ],
      },
      plugins: [
        // The standalone dev host page (`pnpm --filter @uc/<remote> dev`); the shell never loads it.
        // Scripts from the root, so a deep link (http://localhost:3001/org/user) loads them too.
        new rspack.HtmlRspackPlugin({ templateContent: standalonePage(name), chunks: ['main'], publicPath: '/' }),
        new ModuleFederationPlugin({
          name,
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
        new UcRemotePlugin(remote),
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
