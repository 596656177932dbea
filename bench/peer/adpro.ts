/**
 * The peer of the first-visit and bundle-size benches: Ant Design Pro 6 (v6.0.3), built with its own
 * `npm run build` (umi max) and served by bench/peer/adpro-server.mjs in a child process, like our
 * own server is (e2e/support/server.ts). ADPRO_DIR overrides where its checkout is.
 *
 *   pnpm --filter @uc/bench peer:adpro      # clone v6.0.3 to $ADPRO_DIR, npm install, npm run build (see build-adpro.sh)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADPRO_DIR = resolve(process.env.ADPRO_DIR || '/work/peer/ant-design-pro');
export const ADPRO_BUILD_COMMAND = `pnpm --filter @uc/bench peer:adpro   # clones Ant Design Pro v6.0.3 to ${ADPRO_DIR}, npm install, npm run build`;
const serverScript = join(fileURLToPath(new URL('.', import.meta.url)), 'adpro-server.mjs');

export interface RunningPeer {
  origin: string;
  url(path: string): string;
  pid: number;
  logs(): string;
  stop(): Promise<void>;
}

/** Why the peer cannot be measured here (no build), or undefined when it can. */
export function peerMissing(): string | undefined {
  if (existsSync(join(ADPRO_DIR, 'dist', 'index.html'))) return undefined;
  return `Ant Design Pro is not built at ${ADPRO_DIR}/dist (ADPRO_DIR overrides the location); build it with:\n  ${ADPRO_BUILD_COMMAND}`;
}

/**
 * Starts the peer's server on a free loopback port and signs in the way the peer does: its mock keeps
 * the signed-in user in the server (mock/user.ts: POST /api/login/account admin / ant.design sets
 * `access`, and GET /api/currentUser answers 401 until then); the browser keeps nothing.
 */
export async function startPeer(): Promise<RunningPeer> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverScript], {
    env: { ...process.env, ADPRO_DIR, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const origin = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the peer's server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the peer's server exited with ${code}:\n${output}`));
    });
  });
  const peer: RunningPeer = {
    origin,
    url: (path) => `${origin}${path.startsWith('/') ? path : `/${path}`}`,
    pid: child.pid ?? -1,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
  try {
    const res = await fetch(peer.url('/api/login/account'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'ant.design', autoLogin: true, type: 'account' }),
    });
    const body = (await res.json()) as { status?: string };
    if (body.status !== 'ok') throw new Error(`the peer's login failed: ${JSON.stringify(body)}`);
  } catch (e) {
    await peer.stop();
    throw e;
  }
  return peer;
}
