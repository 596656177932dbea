// @ts-check
// Rspack config of the host. Docs: https://rspack.rs/config/ and https://module-federation.io/configure/
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { scriptRule } from '@uc/addon-kit/preset';
import { federationShared } from '@uc/client/federation';
import { ServiceWorkerPlugin } from './build/service-worker-plugin.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Writes dist/shared-versions.json (SHELL_SHARED_VERSIONS_FILE of @uc/contracts): the version of each
 * library this build shares with the remotes. The server checks every remote's and addon's ranges
 * against it, and refuses in the registry one that needs a strict singleton in another version.
 */
class SharedVersionsPlugin {
  /** @param {Record<string, string>} versions */
  constructor(versions) {
    this.json = `${JSON.stringify({ shared: versions }, null, 2)}\n`;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SharedVersionsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedVersionsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('shared-versions.json', new sources.RawSource(this.json));
      });
    });
  }
}
const API_TARGET = process.env.UC_API_TARGET ?? 'http://localhost:8080';

/** @type {(env: unknown, argv: { mode?: string }) => import('@rspack/core').Configuration} */
export default (_env, argv) => {
  const dev = argv.mode !== 'production';
  const shared = federationShared(dir);
  /** Library -> the version this build shares (react-dom/ is react-dom). */
  const versions = Object.fromEntries(Object.entries(shared).map(([key, { version }]) => [key.replace(/\/$/, ''), version]));
  return {
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      // The server serves the shell at /user/web/ (DESIGN.md section 2).
      publicPath: '/user/web/',
      filename: dev ? '[name].js' : 'static/js/[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : 'static/js/[name].[contenthash:8].js',
      cssFilename: 'static/css/[name].[contenthash:8].css',
      // Hashed names change with content, so stale files must not pile up in dist.
      clean: true,
      // MF needs a unique global name for its chunk loading callback.
      uniqueName: 'uc_shell',
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    // The remotes' rule (the addon kit's preset): one language level for the whole console.
    module: { rules: [scriptRule(dev)] },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './src/index.html' }),
      // public/ (the favicon) is copied as it is to the root of dist, beside index.html.
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
      new rspack.DefinePlugin({
        // Dev only: `org=http://localhost:3001/mf-manifest.json,...` replaces registry entries.
        'process.env.UC_REMOTE_OVERRIDES': JSON.stringify(dev ? (process.env.UC_REMOTE_OVERRIDES ?? '') : ''),
        // What the shell checks each remote version's manifest against before it loads it (remote-refusal.ts).
        'process.env.UC_SHARED_VERSIONS': JSON.stringify(JSON.stringify(versions)),
      }),
      // The offline-capable app (spec section 4): sw.js with this build's precache list, production only.
      ...(dev ? [] : [new ServiceWorkerPlugin({ publicPath: '/user/web/' })]),
      new ModuleFederationPlugin({
        name: 'shell',
        // No build-time remotes: the registry is read at runtime (DESIGN.md section 3).
        remotes: {},
        shared,
        // An offline remote must never block start; the shell's own copies are used first.
        shareStrategy: 'loaded-first',
        // The remotes' production builds leave the federation runtime core out (externalRuntime):
        // the shell hands them its own, so the console runs one runtime, not one per remote.
        experiments: { provideExternalRuntime: true },
        dts: false,
        manifest: false,
      }),
      new SharedVersionsPlugin(versions),
    ],
    devtool: dev ? 'eval-cheap-module-source-map' : false,
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: { index: '/user/web/index.html' },
      devMiddleware: { publicPath: '/user/web/' },
      // Everything the API server serves, so remotes not overridden load from its registry as in production
      // (their builds under /user/web/remotes), icons too; only the shell's own files come from here.
      proxy: [{ context: ['/user/admin', '/admin/admin', '/user/web/remotes', '/user/web/iconfont'], target: API_TARGET, changeOrigin: true }],
      open: false,
      hot: false,
    },
  };
};
