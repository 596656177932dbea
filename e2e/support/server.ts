import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
// UC_SERVER_ENTRY: another build of the server (a benchmark's run of an older commit).
const serverEntry = process.env.UC_SERVER_ENTRY ? resolve(process.env.UC_SERVER_ENTRY) : join(repoRoot, 'apps/server/dist/main.js');

export const ADMIN_PASSWORD = 'e2e-Admin-Pass-2026';

export interface RunningServer {
  origin: string;
  /** Absolute URL under the console's base path. */
  url(path: string): string;
  dataDir: string;
  /** The server's process id (benchmarks read its memory). */
  pid: number;
  logs(): string;
  /** Stops the server; `keepData` leaves DATA_DIR for a test to edit (see database.ts) and restart on. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

const READY_WITHIN_MS = 300_000;

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * Starts the real built server (API + built shell and remotes) on a free loopback port with a fresh
 * embedded database, exactly as `pnpm start` does. Browser tests and benchmarks run against it.
 * `dataDir` starts it on the data of a server stopped with `keepData` instead.
 *
 * Under node's test runner (the e2e suite) the fresh database is a copy of one a server of the same
 * build migrated and seeded before (pgliteTemplate), which that server's start would only repeat; the
 * server then starts on it as on its own data: no migration left, the seed's rows there, and the
 * rest of a first start (its key, its console's builds) its own. Benchmarks run outside the test
 * runner and measure a real first start.
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`pnpm build\` first (pnpm test builds it for you).`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'uc-e2e-'));
  const seededLikeTemplate = (extraEnv.ADMIN_PASSWORD ?? ADMIN_PASSWORD) === ADMIN_PASSWORD && !extraEnv.DATABASE_URL && !extraEnv.DATA_DIR;
  if (!options.dataDir && process.env.NODE_TEST_CONTEXT !== undefined && seededLikeTemplate) {
    cpSync(await pgliteTemplate(), join(dataDir, 'pglite'), { recursive: true });
  }
  return (await launch(extraEnv, dataDir)).server;
}

/** The server on `dataDir`, once it answers; `exited` settles with its exit code. */
async function launch(extraEnv: Record<string, string>, dataDir: string): Promise<{ server: RunningServer; exited: Promise<number | null> }> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

  const origin = `http://127.0.0.1:${port}`;
  // Only a server that hangs runs into this: a loaded machine takes a minute or more to start one.
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      const res = await fetch(`${origin}/admin/admin/site/config`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const server: RunningServer = {
    origin,
    dataDir,
    pid: child.pid ?? -1,
    url: (path) => `${origin}/user/web${path.startsWith('/') ? path : `/${path}`}`,
    logs: () => output,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return { server, exited };
}

const TEMPLATE_PREFIX = 'uc-e2e-pglite-';
/** A template nobody used for this long belongs to a build long gone. */
const TEMPLATE_UNUSED_MS = 24 * 3_600_000;

/** Every file under `dir`, relative, in a stable order. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();

/**
 * The PGlite data directory a server of this build makes on its first start (migrations and seed, the
 * admin with ADMIN_PASSWORD), made once by such a start and stopped server, and kept in the temporary
 * directory under a name from what decides its content: the built server, the migrations, PGlite's
 * version, the password. Made with an empty WEB_DIR, so no console build is registered in it.
 */
async function pgliteTemplate(): Promise<string> {
  const drizzle = join(repoRoot, 'apps/server/drizzle');
  const hash = createHash('sha256').update(readFileSync(serverEntry)).update(ADMIN_PASSWORD);
  hash.update(readFileSync(join(repoRoot, 'apps/server/node_modules/@electric-sql/pglite/package.json')));
  for (const f of filesUnder(drizzle)) hash.update(f).update(readFileSync(join(drizzle, f)));
  const name = `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
  const template = join(tmpdir(), name);
  for (const old of readdirSync(tmpdir()).filter((d) => d.startsWith(TEMPLATE_PREFIX) && d !== name)) {
    if (Date.now() - statSync(join(tmpdir(), old)).mtimeMs > TEMPLATE_UNUSED_MS) rmSync(join(tmpdir(), old), { recursive: true, force: true });
  }
  if (!existsSync(join(template, 'PG_VERSION'))) {
    const web = mkdtempSync(join(tmpdir(), 'uc-e2e-web-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'uc-e2e-'));
    try {
      const { server, exited } = await launch({ WEB_DIR: web }, dataDir);
      await server.stop({ keepData: true });
      const code = await exited;
      if (code !== 0) throw new Error(`the server making the e2e database template stopped with ${code}:\n${server.logs()}`);
      // Atomic: a run making the same template at the same time keeps whichever came first.
      try {
        renameSync(join(dataDir, 'pglite'), template);
      } catch (err) {
        if (!existsSync(join(template, 'PG_VERSION'))) throw err;
      }
    } finally {
      rmSync(web, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(template, now, now);
  return template;
}

/** Signs in through the API (not the form) and returns the token, for tests that start signed in. */
export async function apiLogin(server: RunningServer, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${server.origin}/user/admin/site/accountLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`login failed: ${body.message}`);
  return body.data.token;
}

/** Calls the API as `token` (GET without a body, POST with one) and returns its data; any refusal fails the test. */
export async function api<T>(server: RunningServer, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; message: string; data: T };
  assert.equal(json.code, 0, `${path}: ${json.message}`);
  return json.data;
}
