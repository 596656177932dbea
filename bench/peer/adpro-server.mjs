/**
 * Serves a built Ant Design Pro (the peer of bench/first-visit.ts) like a production deployment of it:
 * its dist/ as static files, deployed the way our own server deploys the console (apps/server/src/lib/
 * static-hosting.ts: @fastify/static, @fastify/compress br/gzip for every answer, content-hashed files
 * immutable for a year, HTML revalidated, index.html for client routes), plus the peer's own mock API
 * (mock/*.ts and src/pages/**\/_mock.ts, the files umi's mock server loads), run unchanged.
 *
 *   node bench/peer/adpro-server.mjs            # ADPRO_DIR=/work/peer/ant-design-pro PORT=8000 HOST=127.0.0.1
 *
 * Prints `listening on http://host:port` once it answers. Build the peer first: see `pnpm --filter @uc/bench peer:adpro`.
 *
 * The mock files are express-style: `{ 'GET /api/rule': (req, res) => …, 'GET /api/users': [ … ] }`. They
 * are loaded with tsx (they are TypeScript) and given a minimal express-like req (method, url, path, query,
 * body, params, headers, get()) and res (status, set/setHeader/header, send, json, end), which is all they use.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { tsImport } from 'tsx/esm/api';

export const DEFAULT_ADPRO_DIR = '/work/peer/ant-design-pro';
/** Where the peer's production build sends its API calls: its demo deployment of the same mock. */
export const API_ORIGIN = 'https://pro-api.ant-design-demo.workers.dev';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** A content hash in the file name, as umi writes it: umi.3f2a9b1c.js, p__table-list__index.3f2a9b1c.async.js. */
const HASHED = /[.-][0-9a-f]{8,}(\.[a-z0-9]+)+$/i;
const MIME = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(Object.keys(MIME));
const brotli = promisify(zlib.brotliCompress);
const gzip9 = promisify(zlib.gzip);
const ASSET_EXT = new Set([
  '.js',
  '.mjs',
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

function filesUnder(dir, test) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, test));
    else if (test(full)) out.push(full);
  }
  return out.sort();
}

/** The mock files umi's mock server would load for this project (config.ts: mock.include src/pages/**\/_mock.ts). */
export function mockFiles(adproDir) {
  return [
    ...filesUnder(join(adproDir, 'mock'), (f) => /\.[jt]s$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('requestRecord.mock.js')),
    ...filesUnder(join(adproDir, 'src', 'pages'), (f) => /[\\/]_mock\.[jt]s$/.test(f)),
  ];
}

/** `/api/users/:id` → a matcher returning the params, or undefined. */
function pathMatcher(pattern) {
  const names = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:(\w+)/g, (_m, name) => {
    names.push(name);
    return '/([^/]+)';
  });
  const re = new RegExp(`^${source}/?$`);
  return (path) => {
    const m = re.exec(path);
    if (!m) return undefined;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  };
}

/** Runs one express-style mock handler (or plain value) for a fastify request; resolves with what it sent. */
function runMock(handler, params, request) {
  return new Promise((done, fail) => {
    const headers = {};
    let status = 200;
    let finished = false;
    const finish = (body) => {
      if (finished) return;
      finished = true;
      done({ status, headers, body });
    };
    const req = {
      method: request.method,
      url: request.url,
      originalUrl: request.url,
      path: request.url.split('?')[0],
      query: request.query ?? {},
      body: request.body ?? {},
      params,
      headers: request.headers,
      get: (name) => request.headers[name.toLowerCase()],
    };
    const res = {
      statusCode: 200,
      status(code) {
        status = code;
        this.statusCode = code;
        return this;
      },
      set(name, value) {
        headers[String(name).toLowerCase()] = value;
        return this;
      },
      setHeader(name, value) {
        headers[String(name).toLowerCase()] = value;
        return this;
      },
      header(name, value) {
        headers[String(name).toLowerCase()] = value;
        return this;
      },
      json(value) {
        headers['content-type'] ??= 'application/json; charset=utf-8';
        finish(JSON.stringify(value));
        return this;
      },
      send(value) {
        if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) return this.json(value);
        if (typeof value === 'number') return this.json(value);
        headers['content-type'] ??= 'text/html; charset=utf-8';
        finish(value ?? '');
        return this;
      },
      end(value) {
        finish(value ?? '');
        return this;
      },
    };
    if (typeof handler !== 'function') {
      res.json(handler);
      return;
    }
    Promise.resolve()
      .then(() => handler(req, res))
      .then(() => {
        // A handler that returned without answering (none of the peer's do) would hang a real express server;
        // answer empty after a grace period instead of leaving the browser waiting forever.
        if (!finished) setTimeout(() => finish(''), 30_000).unref();
      }, fail);
  });
}

/** Loads every mock file: [{ method, pattern, match, handler, file }]. */
export async function loadMocks(adproDir) {
  const routes = [];
  for (const file of mockFiles(adproDir)) {
    const mod = await tsImport(pathToFileURL(file).href, import.meta.url);
    // An ES module's `export default`, or, when tsx compiled the file as CommonJS, module.exports.default
    // (a file without a default export, such as mock/utils.ts, defines no routes).
    let table = mod.default;
    if (table && typeof table === 'object' && (table.__esModule || 'default' in table)) table = table.default;
    if (!table || typeof table !== 'object') continue;
    for (const [key, handler] of Object.entries(table)) {
      const parts = key.trim().split(/\s+/);
      const [method, pattern] = parts.length > 1 ? [parts[0].toUpperCase(), parts[1]] : ['*', parts[0]];
      routes.push({ method, pattern, match: pathMatcher(pattern), handler, file: relative(adproDir, file) });
    }
  }
  return routes;
}

export async function createAdproServer({ adproDir = process.env.ADPRO_DIR || DEFAULT_ADPRO_DIR, logger = false } = {}) {
  const root = resolve(adproDir, 'dist');
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root}/index.html is missing: build the peer first (pnpm --filter @uc/bench peer:adpro)`);
  const mocks = await loadMocks(resolve(adproDir));
  const app = Fastify({ logger, bodyLimit: 2 * 1024 * 1024 });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, { root, serve: false });

  // The production build sends its API calls to the peer's demo deployment of the mock,
  // https://pro-api.ant-design-demo.workers.dev (src/app.tsx: `baseURL: isDev ? '' : '…'`), which this machine cannot
  // reach. Served here instead, at the same origin (as our console's API is): the built files that name it get
  // `baseURL: ""`, what the peer's own dev build has. Nothing else in dist/ is changed.
  const rewritten = new Map();
  for (const file of filesUnder(root, (f) => f.endsWith('.js'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(API_ORIGIN)) continue;
    rewritten.set(relative(root, file).split(sep).join('/'), {
      body: text.split(`"${API_ORIGIN}"`).join('""').split(`'${API_ORIGIN}'`).join("''"),
      mtime: statSync(file).mtime,
    });
  }
  // Compressed once, ahead of time, as a static host or CDN serves a build (nginx gzip_static/brotli_static,
  // Cloudflare Pages): brotli 11 and gzip 9 of every text file, so no answer waits for compression.
  // (@fastify/compress still compresses the mock API's answers on the fly, as our server does its API's.)
  const precompressed = new Map();
  const started = Date.now();
  await Promise.all(
    filesUnder(root, (f) => COMPRESSIBLE.has(extname(f).toLowerCase()) && statSync(f).size >= 1024).map(async (file) => {
      const rel = relative(root, file).split(sep).join('/');
      const raw = rewritten.has(rel) ? Buffer.from(rewritten.get(rel).body) : readFileSync(file);
      const [br, gzip] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip9(raw, { level: 9 }),
      ]);
      precompressed.set(rel, { br, gzip, etag: `"${createHash('sha1').update(raw).digest('base64url')}"`, mtime: statSync(file).mtime });
    }),
  );
  const compressMs = Date.now() - started;
  const sendFile = (reply, rel, request) => {
    const name = rel.split('/').pop();
    void reply.header('Cache-Control', name.endsWith('.html') || !HASHED.test(name) ? NO_CACHE : IMMUTABLE);
    const pre = precompressed.get(rel);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = pre && (/\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined);
    if (pre && encoding) {
      if (request.headers['if-none-match'] === pre.etag) return reply.code(304).header('ETag', pre.etag).send();
      return reply
        .type(`${MIME[extname(rel).toLowerCase()]}`)
        .headers({ 'Content-Encoding': encoding, Vary: 'Accept-Encoding', ETag: pre.etag, 'Last-Modified': pre.mtime.toUTCString() })
        .send(pre[encoding]);
    }
    const changed = rewritten.get(rel);
    if (changed) return reply.type('application/javascript; charset=utf-8').header('Last-Modified', changed.mtime.toUTCString()).send(changed.body);
    return reply.sendFile(rel, root, { cacheControl: false });
  };
  const fileIn = (rel) => {
    const full = resolve(root, `.${sep}${rel}`);
    if (full !== root && !full.startsWith(root + sep)) return undefined;
    try {
      return statSync(full).isFile() ? full : undefined;
    } catch {
      return undefined;
    }
  };

  app.all('/*', async (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0]);
    for (const m of mocks) {
      if (m.method !== '*' && m.method !== request.method) continue;
      const params = m.match(path);
      if (!params) continue;
      const answer = await runMock(m.handler, params, request);
      reply.code(answer.status).headers({ 'cache-control': 'no-store', ...answer.headers });
      return reply.send(answer.body);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ error: 'Not Found' });
    const rel = path.replace(/^\/+/, '');
    if (rel && fileIn(rel)) return sendFile(reply, rel, request);
    // exportStatic writes one HTML file per route (dist/list/table-list/index.html).
    if (fileIn(join(rel, 'index.html'))) return sendFile(reply, join(rel, 'index.html').split(sep).join('/'), request);
    if (rel.startsWith('api/') || ASSET_EXT.has(extname(rel).toLowerCase())) return reply.code(404).send({ error: 'Not Found' });
    return sendFile(reply, 'index.html', request);
  });
  return { app, mocks, rewritten: [...rewritten.keys()], precompressed: precompressed.size, compressMs };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { app, mocks, rewritten, precompressed, compressMs } = await createAdproServer();
  const host = process.env.HOST || '127.0.0.1';
  const port = Number(process.env.PORT ?? 8000);
  await app.listen({ host, port });
  const address = app.server.address();
  console.log(`mock routes: ${mocks.map((m) => `${m.method} ${m.pattern}`).join(', ')}`);
  console.log(`API base ${API_ORIGIN} → same origin in: ${rewritten.join(', ') || 'no file (a build that already calls its own origin)'}`);
  console.log(`${precompressed} files precompressed (brotli 11, gzip 9) in ${compressMs} ms`);
  console.log(`listening on http://${host}:${typeof address === 'object' && address ? address.port : port}`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
