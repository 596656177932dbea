// @ts-check
// Rspack config of the permission remote. Docs: https://rspack.rs/config/ and https://module-federation.io/configure/
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { federationShared } from '@uc/shared/federation';
import { UcRemotePlugin } from './build/uc-remote-plugin.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const API_TARGET = process.env.UC_API_TARGET ?? 'http://localhost:8080';

/** @type {(env: unknown, argv: { mode?: string }) => import('@rspack/core').Configuration} */
export default (_env, argv) => {
  const dev = argv.mode !== 'production';
  return {
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      // 'auto': chunks resolve relative to the entry's own URL, wherever the server publishes it.
      publicPath: 'auto',
      filename: dev ? '[name].js' : 'static/js/[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : 'static/js/[name].[contenthash:8].js',
      clean: true,
      uniqueName: 'uc_permission',
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
      // The standalone dev host page (`pnpm --filter @uc/org dev`); the shell never loads it.
      new rspack.HtmlRspackPlugin({ template: './src/index.html', chunks: ['main'] }),
      new ModuleFederationPlugin({
        name: 'permission',
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/routes.tsx' },
        shared: federationShared(dir),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
      }),
      new UcRemotePlugin({ name: 'permission', version: pkg.version, routes: ['/permission'] }),
    ],
    devtool: dev ? 'eval-cheap-module-source-map' : false,
    performance: { hints: false },
    devServer: {
      port: 3002,
      historyApiFallback: true,
      // The shell on :3000 loads this remote's manifest and chunks across origins in dev.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/user/admin', '/admin/admin', '/user/web/iconfont'], target: API_TARGET, changeOrigin: true }],
      hot: false,
    },
  };
};
