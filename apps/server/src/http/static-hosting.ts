import { existsSync, statSync } from 'node:fs';
import { basename, extname, join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RemoteCatalogue } from '../modules/remote/remote.catalogue';
import { notFound, unavailable } from '../lib/errors';

export const BASE = '/user/web/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Files that name the current build: always revalidated so a deployment shows on the next load. */
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'sw.js', 'uc-remote.json', 'mf-stats.json']);
/** A content hash in the file name, as rspack writes it: main.3f2a9b1c.js, 123.3f2a9b1c4d.css. */
const HASHED = /[.-][0-9a-f]{8,}(\.[a-z0-9]+)+$/i;
/** Extensions of build assets: a missing one is a 404, never the HTML of the history fallback. */
const ASSET_EXT = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.map',
  '.json',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.svg',
  '.webp',
  '.ico',
  '.woff',
  '.woff2',
  '.ttf',
  '.wasm',
  '.txt',
]);

/** Cache policy of a built file; everything under a versioned remote path is immutable but its entry files. */
export function cacheControlFor(file: string, versionedPath: boolean): string {
  const name = basename(file);
  if (name.endsWith('.html') || ENTRY_FILES.has(name)) return NO_CACHE;
  return versionedPath || HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}

/** The file `rel` under `root` when it exists (and does not escape `root`). */
function fileIn(root: string, rel: string): string | undefined {
  const full = resolve(root, `.${sep}${rel}`);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  try {
    return statSync(full).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

function send(reply: FastifyReply, root: string, rel: string, versioned: boolean) {
  void reply.header('Cache-Control', cacheControlFor(rel, versioned));
  return reply.sendFile(rel, root, { cacheControl: false });
}

/**
 * The built console: the shell at /user/web/ with history routing, and each remote at
 * /user/web/remotes/<name>/<version>/ (the current build, and the last versions before it that the
 * catalogue kept for tabs still running them). Missing builds do not stop the API.
 */
export async function registerStaticHosting(app: FastifyInstance, webDir: string, remotes: RemoteCatalogue): Promise<void> {
  const shellRoot = resolve(webDir, 'shell', 'dist');
  // Only for reply.sendFile (path checks, ETag, ranges); the routes below decide what is served.
  await app.register(fastifyStatic, { root: existsSync(shellRoot) ? shellRoot : process.cwd(), serve: false });

  app.get('/', (_req, reply) => reply.redirect(BASE));
  app.get('/user/web', (_req, reply) => reply.redirect(BASE));
  // The spec names the market's pages under /admin/web/ (the manage target and the details window an
  // application card opens); the console has one base, so those addresses land on the same routes.
  app.get('/admin/web', (_req, reply) => reply.redirect(BASE));
  app.get<{ Params: { '*': string } }>('/admin/web/*', (req, reply) => reply.redirect(BASE + req.url.slice('/admin/web/'.length)));

  app.get<{ Params: { name: string; version: string; '*': string } }>('/user/web/remotes/:name/:version/*', (req, reply) => {
    const { name, version } = req.params;
    const rel = req.params['*'];
    // The version's kept copy first (DATA_DIR/remotes: exactly that version, also after a redeploy
    // replaced it in WEB_DIR), else WEB_DIR while it holds that version.
    const dir = rel ? remotes.dirsOf(name, version).find((d) => fileIn(d, rel)) : undefined;
    if (!dir) throw notFound('There is no file {path}: the remote may have been redeployed; reload the page', { path: req.url.split('?')[0] ?? '' });
    return send(reply, dir, rel, true);
  });

  app.get<{ Params: { '*': string } }>('/user/web/*', (req, reply) => {
    if (!existsSync(join(shellRoot, 'index.html'))) throw unavailable('The console is not built: run pnpm build');
    const rel = req.params['*'];
    if (rel && fileIn(shellRoot, rel)) return send(reply, shellRoot, rel, false);
    if (rel && ASSET_EXT.has(extname(rel).toLowerCase()))
      throw notFound('There is no file {path}: reload the page to get the current build', { path: req.url.split('?')[0] ?? '' });
    // History routing: every other address is a console route; the shell's router takes it from here.
    return send(reply, shellRoot, 'index.html', false);
  });
}
