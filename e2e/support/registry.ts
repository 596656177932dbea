import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A real npm registry for a test: Verdaccio (a devDependency of e2e) in a child process on a free
 * loopback port, with its storage in a new temporary folder. Anyone may publish the console's packages
 * (@uc/*), which are never looked for elsewhere; every other package is proxied to the npm registry
 * (npm_config_registry, or registry.npmjs.org), so an install from it gets react, rspack and the rest.
 */
export interface TestRegistry {
  /** Its address, with a trailing slash: what `--registry` takes. */
  url: string;
  /** The registry's document of a package (its versions' manifests as published), or null when it has none. */
  packument(name: string): Promise<{ versions: Record<string, Record<string, unknown>> } | null>;
  logs(): string;
  stop(): Promise<void>;
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

export async function startRegistry(): Promise<TestRegistry> {
  const root = mkdtempSync(join(tmpdir(), 'uc-registry-'));
  const upstream = (process.env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
  const config = join(root, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(join(root, 'storage'))}`,
      'uplinks:',
      '  npmjs:',
      `    url: ${JSON.stringify(upstream)}`,
      // Tarballs from upstream are streamed, not kept: the pnpm store already has most of them.
      '    cache: false',
      '    timeout: 60s',
      'packages:',
      "  '@uc/*':",
      '    access: $all',
      '    publish: $anonymous',
      "  '**':",
      '    access: $all',
      '    proxy: npmjs',
      'log: { type: stdout, format: pretty, level: warn }',
      // Big enough for a package of TypeScript source.
      'max_body_size: 100mb',
      '',
    ].join('\n'),
  );
  const bin = join(dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')), 'bin', 'verdaccio');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Ready when it says where it listens (its first line at level warn).
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`Verdaccio did not start within 60 s:\n${output}`)), 60_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`http address`)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Verdaccio exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    async packument(name) {
      const res = await fetch(`${url}${name.replace('/', '%2f')}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`${url} answered ${res.status} for ${name}`);
      return (await res.json()) as { versions: Record<string, Record<string, unknown>> };
    },
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
