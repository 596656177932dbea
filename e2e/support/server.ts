import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const serverEntry = join(repoRoot, 'apps/server/dist/main.js');

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
 */
export async function startServer(extraEnv: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`pnpm build\` first (pnpm test builds it for you).`);
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'uc-e2e-'));
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
  const deadline = Date.now() + 60_000;
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
      throw new Error(`server did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
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
