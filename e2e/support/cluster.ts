import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_PASSWORD, repoRoot } from './server';

/*
 * Several servers as they run in production: the built server (apps/server/dist/main.js) N times, each
 * on its own port and sharing one DATA_DIR (uploads, kept remote versions: docs/operations.md), behind
 * Debian's HAProxy (round robin, health checks on /readyz, X-Served-By naming the server that answered)
 * and through Debian's PgBouncer in transaction mode, on a fresh database of the machine's PostgreSQL.
 * scripts/setup-scale-out.sh installs the two programs. Used by the scale-out test, the bench and
 * scripts/scale-out.sh.
 */

const serverEntry = join(repoRoot, 'apps/server/dist/main.js');
const run = promisify(execFile);

export interface ClusterOptions {
  /** The built server to run (default apps/server/dist/main.js; another build, to compare). */
  serverEntry?: string;
  /** How many servers (default 3). */
  servers?: number;
  /** The PostgreSQL server (any database on it; default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres). */
  postgresUrl?: string;
  /** The database to create (and drop on stop); default uc_scale_<random>. */
  database?: string;
  /** Keep the database on stop (the local script). */
  keepDatabase?: boolean;
  /** Fixed ports (the local script); default free ones. */
  balancerPort?: number;
  poolerPort?: number;
  serverPorts?: number[];
  /** PgBouncer's default_pool_size: server connections to PostgreSQL for all the servers together (default 20). */
  poolSize?: number;
  /** HAProxy's check interval (ms) and fall count (default 250 ms, 2). */
  checkIntervalMs?: number;
  fall?: number;
  /** The servers' WEB_DIR, shared (default: the repository's built apps). */
  webDir?: string;
  /** Extra environment of every server. */
  env?: Record<string, string>;
  /** Where the servers log (default warn). */
  logLevel?: string;
  /** Also write every process's output to stderr, each line after its name (the local script). */
  echo?: boolean;
}

export interface ClusterServer {
  /** HAProxy's name for it, as X-Served-By says: s1, s2, ... */
  name: string;
  port: number;
  /** The current process's id (a new one after restart). */
  readonly pid: number;
  readonly running: boolean;
  logs(): string;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the process again (same port and settings) and resolves once it listens. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The balancer's address: http://127.0.0.1:<port>. */
  origin: string;
  servers: ClusterServer[];
  database: string;
  /** The database straight on PostgreSQL, and through PgBouncer. */
  directUrl: string;
  pooledUrl: string;
  /** Process ids of PgBouncer and HAProxy (the bench reads their CPU time). */
  poolerPid: number;
  balancerPid: number;
  /** Runs SQL on the test database straight on PostgreSQL (psql); rows as arrays of text fields. */
  sql(query: string): Promise<string[][]>;
  /** The same through PgBouncer: on whichever server connection of its pool it picks. */
  sqlThroughPooler(query: string): Promise<string[][]>;
  /** HAProxy's view of each server: UP, DOWN, MAINT, ... (its stats socket). */
  balancerStatus(): Promise<Record<string, string>>;
  /** Sends a command to HAProxy's runtime API (`set server servers/s2 state maint`); its answer. */
  balancerCommand(command: string): Promise<string>;
  /** Waits until HAProxy sees `name` as `status` (UP or DOWN). */
  waitForStatus(name: string, status: 'UP' | 'DOWN'): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

/** Installs HAProxy and PgBouncer from Debian's packages unless present (scripts/setup-scale-out.sh). */
export function setupScaleOut(): void {
  execFileSync('bash', [join(repoRoot, 'scripts/setup-scale-out.sh')], { stdio: 'inherit' });
}

function program(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin'])) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(`${name} is not installed: run \`bash scripts/setup-scale-out.sh\` (Debian's haproxy and pgbouncer)`);
}

function postgresServer(options: ClusterOptions): URL {
  return new URL(options.postgresUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
}

async function psql(server: URL, database: string, query: string): Promise<string[][]> {
  const args = ['-h', server.hostname, '-p', server.port || '5432', '-U', decodeURIComponent(server.username || 'postgres'), '-d', database];
  const env = { ...process.env, ...(server.password ? { PGPASSWORD: decodeURIComponent(server.password) } : {}) };
  const { stdout } = await run('psql', [...args, '-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-c', query], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** Every process started here, ended if this process exits without stopping them. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * A child process with its output kept, resolving `exited` when it ends. With `echo` (the local script)
 * in a process group of its own, so a Ctrl-C in the terminal reaches only this process, which stops
 * them in order (servers first); otherwise (tests, bench) in this one's, so whatever ends a run ends
 * them too.
 */
function launch(command: string, args: string[], env: NodeJS.ProcessEnv, echo?: string) {
  let output = '';
  const child: ChildProcess = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: echo !== undefined });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const keep = (d: Buffer) => {
    output += d.toString();
    if (echo) process.stderr.write(d.toString().replace(/^(?=.)/gm, `${echo} | `));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

async function waitForPort(port: number, what: string, alive: () => boolean, logs: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`${what} exited before it listened:\n${logs()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms:\n${logs()}`);
    await sleep(100);
  }
}

/** Asks HAProxy's stats socket `command`; its answer. */
function askBalancer(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect({ path: socketPath }, () => socket.end(`${command}\n`));
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.once('error', reject);
    socket.once('close', () => resolve(answer));
  });
}

function haproxyConfig(o: { dir: string; port: number; servers: { name: string; port: number }[]; interval: number; fall: number }): string {
  return `global
  maxconn 4096
  stats socket ${o.dir}/haproxy.sock mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout queue 30s
  timeout http-keep-alive 30s
  # A check answers within a few ms, but a fresh server's first answers and a busy machine take longer.
  timeout check 2s
  # A server that refuses the connection (stopped, killed) costs a retry on another, never the request:
  # nothing was sent to it. A request already sent is never retried (a write might run twice).
  retries 3
  option redispatch 1
  # A client that goes away closes the connection to the server too: the server then cancels its statements.
  option abortonclose

frontend console
  bind 127.0.0.1:${o.port}
  option forwardfor
  default_backend servers

backend servers
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host 127.0.0.1
  http-check expect status 200
  default-server check inter ${o.interval} fall ${o.fall} rise 1
  http-response set-header X-Served-By %[srv_name]
${o.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}
`;
}

function pgbouncerConfig(o: { dir: string; port: number; database: string; server: URL; poolSize: number; asRoot: boolean }): string {
  return `[databases]
${o.database} = host=${o.server.hostname} port=${o.server.port || '5432'} dbname=${o.database}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${o.port}
unix_socket_dir =
auth_type = trust
auth_file = ${o.dir}/users.txt
admin_users = ${decodeURIComponent(o.server.username || 'postgres')}
pool_mode = transaction
default_pool_size = ${o.poolSize}
max_client_conn = 2000
log_connections = 0
log_disconnections = 0
${o.asRoot ? 'user = postgres\n' : ''}`;
}

/** Starts PgBouncer, the servers and HAProxy on a new database; `stop()` ends them all and drops it. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const entryFile = options.serverEntry ?? serverEntry;
  if (!existsSync(entryFile)) throw new Error(`${entryFile} is missing: run \`pnpm --filter @uc/server build\` first`);
  const haproxy = program('haproxy');
  const pgbouncer = program('pgbouncer');
  const server = postgresServer(options);
  const database = options.database ?? `uc_scale_${randomBytes(5).toString('hex')}`;
  const count = options.servers ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'uc-scale-'));
  const dataDir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const created = (await psql(server, 'postgres', `select 1 from pg_database where datname = '${database}'`)).length > 0;
    if (!created) await psql(server, 'postgres', `create database ${database}`);
    if (!options.keepDatabase) stops.push(async () => void (await psql(server, 'postgres', `drop database if exists ${database} with (force)`)));

    // PgBouncer will not run as root: it switches to postgres, who must read its files.
    const poolerPort = options.poolerPort ?? (await freePort());
    const poolerDir = join(dir, 'pgbouncer');
    execFileSync('mkdir', ['-p', poolerDir]);
    chmodSync(dir, 0o755);
    writeFileSync(join(poolerDir, 'users.txt'), `"${decodeURIComponent(server.username || 'postgres')}" ""\n`);
    writeFileSync(
      join(poolerDir, 'pgbouncer.ini'),
      pgbouncerConfig({ dir: poolerDir, port: poolerPort, database, server, poolSize: options.poolSize ?? 20, asRoot }),
    );
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      for (const f of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(poolerDir, f), uid, gid);
    }
    const pooler = launch(pgbouncer, [join(poolerDir, 'pgbouncer.ini')], process.env, options.echo ? 'pgbouncer' : undefined);
    stops.push(async () => {
      pooler.child.kill('SIGINT');
      await pooler.exited;
    });
    await waitForPort(poolerPort, 'PgBouncer', () => pooler.child.exitCode === null, pooler.output);

    const auth = server.username ? `${server.username}${server.password ? `:${server.password}` : ''}@` : '';
    const directUrl = `postgres://${auth}${server.host}/${database}`;
    const pooledUrl = `postgres://${auth}127.0.0.1:${poolerPort}/${database}`;
    const fall = options.fall ?? 2;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: pooledUrl,
      DATABASE_DIRECT_URL: directUrl,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      OPEN_ACCESS_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: options.logLevel ?? 'warn',
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_UNREADY_CHECKS: String(fall),
      ...(options.webDir ? { WEB_DIR: options.webDir } : {}),
      ...options.env,
    };

    const ports = options.serverPorts ?? (await Promise.all(Array.from({ length: count }, () => freePort())));
    const servers: ClusterServer[] = ports.map((port, i) => {
      let proc: ReturnType<typeof launch> | undefined;
      let past = '';
      const entry: ClusterServer = {
        name: `s${i + 1}`,
        port,
        get pid() {
          return proc?.child.pid ?? -1;
        },
        get running() {
          return !!proc && proc.child.exitCode === null && proc.child.signalCode === null;
        },
        logs: () => past + (proc?.output() ?? ''),
        async start() {
          if (entry.running) return;
          past += proc?.output() ?? '';
          proc = launch(process.execPath, [entryFile], { ...env, PORT: String(port) }, options.echo ? entry.name : undefined);
          await waitForPort(port, `server ${entry.name}`, () => entry.running, entry.logs);
        },
        async stop(signal = 'SIGTERM') {
          if (!proc || !entry.running) return;
          const exited = proc.exited;
          proc.child.kill(signal);
          await exited;
        },
      };
      return entry;
    });
    const stopServers = async () => {
      await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    };
    stops.push(stopServers);
    // The first start migrates under the start-up lock; the others wait for it and find nothing to do.
    await Promise.all(servers.map((s) => s.start()));

    const balancerPort = options.balancerPort ?? (await freePort());
    writeFileSync(
      join(dir, 'haproxy.cfg'),
      haproxyConfig({ dir, port: balancerPort, servers: servers.map((s) => ({ name: s.name, port: s.port })), interval: options.checkIntervalMs ?? 250, fall }),
    );
    const balancer = launch(haproxy, ['-db', '-f', join(dir, 'haproxy.cfg')], process.env, options.echo ? 'haproxy' : undefined);
    stops.push(async () => {
      balancer.child.kill('SIGTERM');
      await balancer.exited;
    });
    // Servers first, while the balancer still checks them (they drain until it has taken them out).
    stops.push(stopServers);
    await waitForPort(balancerPort, 'HAProxy', () => balancer.child.exitCode === null, balancer.output);
    const socketPath = join(dir, 'haproxy.sock');

    const balancerStatus = async (): Promise<Record<string, string>> => {
      const csv = await askBalancer(socketPath, 'show stat');
      const lines = csv.split('\n').filter((l) => l && !l.startsWith('#'));
      const header = csv.split('\n')[0]!.replace(/^# /, '').split(',');
      const at = (name: string) => header.indexOf(name);
      const status: Record<string, string> = {};
      for (const line of lines) {
        const cells = line.split(',');
        if (cells[at('pxname')] === 'servers' && /^s\d+$/.test(cells[at('svname')] ?? '')) status[cells[at('svname')]!] = cells[at('status')] ?? '';
      }
      return status;
    };
    const waitForStatus = async (name: string, want: 'UP' | 'DOWN') => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const status = (await balancerStatus())[name] ?? '';
        if (status.startsWith(want)) return;
        if (Date.now() > deadline) throw new Error(`HAProxy still sees ${name} as ${status}, not ${want}`);
        await sleep(50);
      }
    };
    for (const s of servers) await waitForStatus(s.name, 'UP');

    return {
      origin: `http://127.0.0.1:${balancerPort}`,
      servers,
      database,
      directUrl,
      pooledUrl,
      poolerPid: pooler.child.pid ?? -1,
      balancerPid: balancer.child.pid ?? -1,
      sql: (query) => psql(server, database, query),
      sqlThroughPooler: (query) => psql(new URL(pooledUrl), database, query),
      balancerStatus,
      balancerCommand: (command) => askBalancer(socketPath, command),
      waitForStatus,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
