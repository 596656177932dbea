import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { serverRoot } from '../lib/server-root';
import { intVar, optional, type ConfigVars, type ParsedVars } from './config-var';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The HTTP server: where it listens, what it serves, how it logs, how much it takes on at once and whom it believes. */
export const serverVars = {
  PORT: {
    default: '8080',
    description: 'TCP port the server listens on (API and console).',
    schema: optional(
      z.coerce
        .number({ error: 'PORT is not a number: set it to a port between 1 and 65535 or unset it to use 8080' })
        .int('PORT is not a whole number: set it to a port between 1 and 65535 or unset it to use 8080')
        .min(1, 'PORT is out of range: set it to a port between 1 and 65535 or unset it to use 8080')
        .max(65535, 'PORT is out of range: set it to a port between 1 and 65535 or unset it to use 8080'),
    ),
  },
  HOST: { default: '0.0.0.0', description: 'Interface to listen on; 127.0.0.1 keeps it local.', schema: optional(z.string()) },
  LOG_LEVEL: {
    default: 'info',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    schema: optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL is not a log level: set it to one of ${LOG_LEVELS.join(', ')} or unset it to use info` })),
  },
  WEB_DIR: {
    default: '<repo>/apps',
    description: 'Directory holding the built apps (shell/dist, <remote>/dist); defaults to the monorepo apps directory.',
    schema: optional(z.string()),
  },
  WEB_DIR_SCAN_MS: {
    default: '1000',
    description:
      "How often (milliseconds) the server looks at WEB_DIR for a remote built or deployed anew (each app's dist/uc-remote.json and mf-manifest.json, a few file stats): a new version is registered, kept in DATA_DIR/remotes for tabs still running the old one, and pushed to open tabs. 0: only at start and when the registry is read (at most every 5 s).",
    schema: optional(intVar('WEB_DIR_SCAN_MS', 1000, 0, 3_600_000)),
  },
  REQUEST_CONCURRENCY: {
    default: '(pool size)',
    description: 'API requests served at once (they hold a database connection); unset: the PostgreSQL pool size (20), or 2 on the single-connection PGlite.',
    schema: optional(intVar('REQUEST_CONCURRENCY', 'the database pool size', 1, 10_000)),
  },
  REQUEST_LATENCY_BUDGET_MS: {
    default: '5000',
    description:
      "Latency budget (milliseconds): the longest an API request should wait for a free slot. The server expects a request's wait from what the requests ahead of it still need (each route's recent service times, averaged) divided by REQUEST_CONCURRENCY; past the budget it answers 503 with Retry-After (when the queue ahead will have drained) at once. So bursts (a console's page, a hundred calls at once) are served and only real overload is refused; under sustained overload a served request waits about this long, so a smaller budget refuses more and serves faster. 0: never wait.",
    schema: optional(intVar('REQUEST_LATENCY_BUDGET_MS', 5000, 0, 600_000)),
  },
  REQUEST_QUEUE: {
    default: '1000',
    description:
      'Most API requests waiting for a slot at once, whatever their expected wait: a memory bound behind the latency budget (which is what normally refuses); past it the server answers 503 with Retry-After at once. Static files are never limited.',
    schema: optional(intVar('REQUEST_QUEUE', 1000, 0, 100_000)),
  },
  REQUEST_QUEUE_WAIT_MS: {
    default: '30000',
    description:
      'Longest an API request admitted to the queue waits (milliseconds) before it too is answered 503 with Retry-After: a backstop for a stalled database, which the estimate of REQUEST_LATENCY_BUDGET_MS learns of only when calls end.',
    schema: optional(intVar('REQUEST_QUEUE_WAIT_MS', 30_000, 1, 600_000)),
  },
  SHUTDOWN_UNREADY_CHECKS: {
    default: '3',
    description:
      "Graceful shutdown behind a load balancer: after SIGTERM the readiness endpoint (GET /readyz) answers 503 and the server keeps serving (closing each connection after its answer) until every balancer that checked it in the last SHUTDOWN_DRAIN_MS has been answered 503 this many times and once more (which shows it took the last one in); then it stops accepting connections, ends its event streams and finishes the requests in flight. Set it to the balancer's fall count (HAProxy: fall, default 3). A server whose readiness nobody checks stops at once.",
    schema: optional(intVar('SHUTDOWN_UNREADY_CHECKS', 3, 1, 100)),
  },
  SHUTDOWN_DRAIN_MS: {
    default: '30000',
    description:
      'Longest the server waits after SIGTERM for the balancers to see it unready (SHUTDOWN_UNREADY_CHECKS), in milliseconds; also how recent a readiness check must be for its balancer to be waited for. 0: stop accepting connections at once.',
    schema: optional(intVar('SHUTDOWN_DRAIN_MS', 30_000, 0, 600_000)),
  },
  TRUST_PROXY: {
    default: 'false',
    description:
      'Which proxies to believe about the client (X-Forwarded-For, X-Forwarded-Proto): false (none: the socket address is the client, so nobody can pose as another address), the addresses/CIDRs of the proxies in front comma-separated (10.0.0.0/8,127.0.0.1), or true (any: only when nothing but the proxy can reach the server). Set it behind a load balancer, or every client counts as the balancer for the per-IP sign-in limits and HSTS is never sent.',
    schema: optional(
      z
        .string()
        .trim()
        .transform((v, ctx): boolean | string[] => {
          if (['false', '0', 'off', 'no'].includes(v)) return false;
          if (v === 'true') return true;
          // No hop counts: fastify refuses to trust a hop count, since it cannot tell a proxy from a client.
          const list = v
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean);
          if (list.length > 0 && list.every(isAddressOrCidr)) return list;
          ctx.addIssue({
            code: 'custom',
            message:
              'TRUST_PROXY is not understood: set it to the addresses/CIDRs of the proxies in front, separated by commas (10.0.0.0/8,127.0.0.1), true or false, or unset it to trust no proxy',
          });
          return z.NEVER;
        }),
    ),
  },
  PUBLIC_URL: {
    default: '(from each request)',
    description:
      'The address users reach the console at (https://uc.example.com), for the addresses this server hands out: the OpenID Connect redirect URI. Unset: taken from each request (its Host, or X-Forwarded-Host/-Proto from TRUST_PROXY proxies); set it in production, so the redirect URI is always the registered one.',
    schema: optional(
      z.string().transform((v, ctx) => {
        const url = URL.canParse(v.trim()) ? new URL(v.trim()) : undefined;
        if (
          url &&
          /^https?:$/.test(url.protocol) &&
          !url.username &&
          !url.password &&
          (url.pathname === '/' || url.pathname === '') &&
          !url.search &&
          !url.hash
        ) {
          return url.origin;
        }
        ctx.addIssue({
          code: 'custom',
          message:
            'PUBLIC_URL is not an http(s) origin: set it to the scheme and host users open the console with, such as https://uc.example.com (no path), or unset it to take it from each request',
        });
        return z.NEVER;
      }),
    ),
  },
} satisfies ConfigVars;

/** 10.0.0.1, ::1, 10.0.0.0/8 or fd00::/8 (a prefix no longer than the address). */
function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

export interface ServerConfig {
  port: number;
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  webDir: string;
  /** WEB_DIR_SCAN_MS (modules/remote/remote.catalogue.ts); 0: no watching. */
  webDirScanMs: number;
  /** PUBLIC_URL as an origin (no trailing slash); undefined: taken from each request. */
  publicUrl: string | undefined;
  /** TRUST_PROXY: fastify's trustProxy (false: the socket address is the client). */
  trustProxy: boolean | string[];
  /** REQUEST_CONCURRENCY (lib/overload.ts); undefined: sized from the database. */
  requestConcurrency: number | undefined;
  /** REQUEST_LATENCY_BUDGET_MS, REQUEST_QUEUE and REQUEST_QUEUE_WAIT_MS (lib/overload.ts). */
  requestLatencyBudgetMs: number;
  requestQueue: number;
  requestQueueWaitMs: number;
  /** SHUTDOWN_UNREADY_CHECKS and SHUTDOWN_DRAIN_MS (http/readiness.ts). */
  shutdownUnreadyChecks: number;
  shutdownDrainMs: number;
}

export const readServerConfig = (e: ParsedVars<typeof serverVars>, cwd: string): ServerConfig => ({
  port: e.PORT ?? 8080,
  host: e.HOST ?? '0.0.0.0',
  logLevel: e.LOG_LEVEL ?? 'info',
  webDir: e.WEB_DIR ? resolve(cwd, e.WEB_DIR) : join(serverRoot(), '..'),
  webDirScanMs: e.WEB_DIR_SCAN_MS ?? 1000,
  publicUrl: e.PUBLIC_URL,
  trustProxy: e.TRUST_PROXY ?? false,
  requestConcurrency: e.REQUEST_CONCURRENCY,
  requestLatencyBudgetMs: e.REQUEST_LATENCY_BUDGET_MS ?? 5000,
  requestQueue: e.REQUEST_QUEUE ?? 1000,
  requestQueueWaitMs: e.REQUEST_QUEUE_WAIT_MS ?? 30_000,
  shutdownUnreadyChecks: e.SHUTDOWN_UNREADY_CHECKS ?? 3,
  shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? 30_000,
});
