import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { serverRoot } from './lib/server-root';

/** One row of the configuration table (README, `--help`). */
export interface ConfigEntry {
  name: string;
  default: string;
  description: string;
}

/** Every environment variable the server reads, with its default and meaning. */
export const CONFIG_TABLE: readonly ConfigEntry[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the server listens on (API and console).' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on; 127.0.0.1 keeps it local.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Directory for local data, relative to the start directory; the embedded database lives in DATA_DIR/pglite.',
  },
  { name: 'DATABASE_URL', default: '(unset)', description: 'postgres:// URL of a PostgreSQL database; unset uses the embedded PGlite database in DATA_DIR.' },
  {
    name: 'ADMIN_PASSWORD',
    default: '(generated)',
    description: 'Password of the `admin` user created on first start (at least 8 characters); unset generates one and prints it once to the log.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'Log level: fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'WEB_DIR',
    default: '<repo>/apps',
    description: 'Directory holding the built apps (shell/dist, <remote>/dist); defaults to the monorepo apps directory.',
  },
  { name: 'SESSION_TTL_HOURS', default: '12', description: 'Hours a sign-in stays valid.' },
  {
    name: 'SESSION_SLIDING',
    default: 'true',
    description:
      'Sliding renewal: each use of a session (checked at most once a minute) moves its expiry to SESSION_TTL_HOURS from now; false keeps the expiry fixed at sign-in.',
  },
  { name: 'SESSION_MAX_HOURS', default: '168', description: 'Longest a session can be renewed to, counted from sign-in (hours); at least SESSION_TTL_HOURS.' },
  {
    name: 'SMS_DRIVER',
    default: 'log',
    description: 'How SMS codes are sent: log (server log and the sms_outbox table; for development) or webhook (POST to SMS_WEBHOOK_URL).',
  },
  {
    name: 'SMS_WEBHOOK_URL',
    default: '(unset)',
    description: 'With SMS_DRIVER=webhook: http(s) URL that receives POST {mobile, event, code, text} as JSON and answers 2xx.',
  },
  {
    name: 'LOGIN_CAPTCHA_AFTER',
    default: '3',
    description: 'Failed sign-ins of one account (within LOGIN_FAILURE_WINDOW_MINUTES) after which it needs a captcha; 0 turns this off.',
  },
  {
    name: 'LOGIN_DELAY_AFTER',
    default: '5',
    description: 'Failed sign-ins of one account after which each further failure locks it for a growing delay (1 s, 2 s, 4 s ...).',
  },
  {
    name: 'LOGIN_IP_DELAY_AFTER',
    default: '20',
    description: 'Failed sign-ins from one IP address after which each further failure locks that address for a growing delay.',
  },
  { name: 'LOGIN_MAX_DELAY_SECONDS', default: '900', description: 'Longest lock after failed sign-ins, in seconds.' },
  { name: 'LOGIN_FAILURE_WINDOW_MINUTES', default: '15', description: 'Failed sign-ins older than this many minutes no longer count.' },
  {
    name: 'OPEN_ACCESS_KEY',
    default: '(DATA_DIR/secret.key)',
    description:
      'Server key (32 bytes as 64 hex characters or base64) that encrypts open access secrets (AES-256-GCM). Unset: one is generated on first start and kept in DATA_DIR/secret.key (mode 600); set it when several servers share one PostgreSQL database, and keep it: secrets encrypted with a lost key cannot be recovered (rotate them).',
  },
  {
    name: 'STATEMENT_TIMEOUT_MS',
    default: '5000',
    description:
      'Longest a single database statement may run (milliseconds) before PostgreSQL cancels it and the request answers 503. Enforced by PostgreSQL; the embedded PGlite cannot interrupt a running statement.',
  },
  {
    name: 'REQUEST_CONCURRENCY',
    default: '(pool size)',
    description: 'API requests served at once (they hold a database connection); unset: the PostgreSQL pool size (20), or 2 on the single-connection PGlite.',
  },
  {
    name: 'REQUEST_QUEUE',
    default: '(64 or 4 x concurrency)',
    description:
      'API requests that may wait for a free slot (unset: 4 x REQUEST_CONCURRENCY, at least 64, since one console page sends several calls at once and several people share a server); past that the server answers 503 with Retry-After at once instead of letting waits grow. Static files are never limited.',
  },
  {
    name: 'REQUEST_QUEUE_WAIT_MS',
    default: '1000',
    description:
      'Longest an API request waits in that queue (milliseconds) before it too is answered 503 with Retry-After, so the requests that are served stay fast however slow the server has become.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Which proxies to believe about the client (X-Forwarded-For, X-Forwarded-Proto): false (none: the socket address is the client, so nobody can pose as another address), the addresses/CIDRs of the proxies in front comma-separated (10.0.0.0/8,127.0.0.1), or true (any: only when nothing but the proxy can reach the server). Set it behind a load balancer, or every client counts as the balancer for the per-IP sign-in limits and HSTS is never sent.',
  },
  {
    name: 'DEMO_MODE',
    default: 'false',
    description:
      'Demo mode: the login screen offers a read-only demo account (POST /user/admin/site/demo/login); also switchable in the site settings (loginConfig.demoMode).',
  },
  {
    name: 'OIDC_PROVIDERS',
    default: '(unset)',
    description:
      'OpenID Connect providers users may bind and sign in with, as a JSON array: [{"id":"corp","name":"Corp SSO","issuer":"https://sso.example.com","clientId":"...","clientSecret":"..."}] (optional per provider: "scope", default "openid email profile"). Register {PUBLIC_URL}/user/admin/oidc/callback as the redirect URI at each provider. Unset: no third-party sign-in.',
  },
  {
    name: 'PUBLIC_URL',
    default: '(from each request)',
    description:
      'The address users reach the console at (https://uc.example.com), for the addresses this server hands out: the OpenID Connect redirect URI. Unset: taken from each request (its Host, or X-Forwarded-Host/-Proto from TRUST_PROXY proxies); set it in production, so the redirect URI is always the registered one.',
  },
  {
    name: 'PLATFORM_BIND_ALLOWED_HOSTS',
    default: '(any host)',
    description:
      'Hosts that platform binding (/pt/bind) may sign in to, comma-separated (platform.example.com, or host:port for one port only); unset allows any http(s) host. Set it in production: binding makes this server send requests to the address a user types.',
  },
  {
    name: 'MARKET_DIR',
    default: '(DATA_DIR/market)',
    description:
      'Folder of addon packages (.tgz files as `pnpm pack` makes them) that the application market offers; a package copied here shows in the market within a minute.',
  },
  {
    name: 'MARKET_CATALOGUE_URLS',
    default: '(unset)',
    description:
      'http(s) URLs of catalogue indexes, comma-separated: JSON whose `addons` entries give name, version, url, sha256 and size of each package (see README, Application market). Unset: the market offers MARKET_DIR only.',
  },
  {
    name: 'ADDONS_DIR',
    default: '(DATA_DIR/addons)',
    description:
      'Where installed addons are unpacked (ADDONS_DIR/<name>/<version>/) and served from at /user/web/remotes/addons/; several servers on one database must share it (a network volume).',
  },
  {
    name: 'MARKET_FETCH_TIMEOUT_MS',
    default: '30000',
    description:
      'A catalogue index or package download is given up (and the install fails with the reason) when no data has arrived for this many milliseconds.',
  },
  {
    name: 'MARKET_PACKAGE_MAX_MB',
    default: '50',
    description: 'Largest addon package (the .tgz, and a catalogue index at most 1/50 of it) the server downloads; a larger one is refused.',
  },
  {
    name: 'ADDON_UNPACKED_MAX_MB',
    default: '200',
    description: 'Largest an addon may be once unpacked (its files together); a package that unpacks to more is refused (no zip bombs).',
  },
  {
    name: 'MARKET_CATALOGUE_TTL_SECONDS',
    default: '60',
    description: 'How long a fetched catalogue index and the scan of MARKET_DIR are reused before the market reads them again.',
  },
];

/** A whole-number variable with a range; the message names it, the range and the default. */
const intVar = (name: string, def: number | string, min: number, max: number) => {
  const fix = `set ${name} to a whole number from ${min} to ${max} or unset it to use ${def}`;
  return z.coerce
    .number({ error: `${name} is not a number: ${fix}` })
    .int(`${name} is not a whole number: ${fix}`)
    .min(min, `${name} is out of range: ${fix}`)
    .max(max, `${name} is out of range: ${fix}`);
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Treats an empty variable as unset, so `PORT= node dist/main.js` means the default. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** platform.example.com, 10.0.0.5 or [::1], each optionally with :port. */
const HOST_ENTRY = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

const OIDC_EXAMPLE = '[{"id":"corp","name":"Corp SSO","issuer":"https://sso.example.com","clientId":"...","clientSecret":"..."}]';

/** Plain http is for a provider on this machine only (development, tests): elsewhere the client secret and tokens would cross the network in the clear. */
const isLoopbackHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** One entry of OIDC_PROVIDERS. */
const oidcProviderEntry = z.strictObject(
  {
    id: z.string({ error: 'id is required' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be 1 to 64 letters, digits, _ or -'),
    name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(64, 'name must be at most 64 characters'),
    issuer: z
      .string({ error: 'issuer is required' })
      .refine((v) => URL.canParse(v), 'issuer is not a URL')
      .refine((v) => {
        const url = URL.canParse(v) ? new URL(v) : undefined;
        return !url || url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
      }, 'issuer must be an https:// URL (http:// only for localhost or 127.0.0.1)'),
    clientId: z.string({ error: 'clientId is required' }).min(1, 'clientId is required'),
    /** Unset: a public client (PKCE alone, no client authentication). */
    clientSecret: z.string({ error: 'clientSecret must be text' }).min(1, 'clientSecret cannot be empty (leave it out for a public client)').optional(),
    scope: z
      .string({ error: 'scope must be text' })
      .refine((v) => v.split(/\s+/).includes('openid'), 'scope must include openid')
      .default('openid email profile'),
  },
  { error: 'each provider must be an object with id, name, issuer and clientId' },
);

const envSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ error: 'PORT is not a number: set it to a port between 1 and 65535 or unset it to use 8080' })
      .int('PORT is not a whole number: set it to a port between 1 and 65535 or unset it to use 8080')
      .min(1, 'PORT is out of range: set it to a port between 1 and 65535 or unset it to use 8080')
      .max(65535, 'PORT is out of range: set it to a port between 1 and 65535 or unset it to use 8080'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\/.+/,
        'DATABASE_URL is not a postgres:// URL: set it to postgres://user@host:5432/db or unset it to use the embedded database in DATA_DIR',
      ),
  ),
  ADMIN_PASSWORD: optional(
    z.string().min(8, 'ADMIN_PASSWORD is shorter than 8 characters: set a longer password or unset it to have one generated on first start'),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL is not a log level: set it to one of ${LOG_LEVELS.join(', ')} or unset it to use info` })),
  WEB_DIR: optional(z.string()),
  SESSION_TTL_HOURS: optional(
    z.coerce
      .number({ error: 'SESSION_TTL_HOURS is not a number: set it to a number of hours such as 12 or unset it to use 12' })
      .positive('SESSION_TTL_HOURS must be more than 0: set it to a number of hours such as 12 or unset it to use 12')
      .max(24 * 366, 'SESSION_TTL_HOURS must be at most 8784 (a year): set a shorter lifetime or unset it to use 12'),
  ),
  SESSION_SLIDING: optional(
    z
      .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'SESSION_SLIDING is not a switch: set it to true or false or unset it to use true' })
      .transform((v) => ['true', '1', 'on'].includes(v)),
  ),
  SESSION_MAX_HOURS: optional(intVar('SESSION_MAX_HOURS', 168, 1, 24 * 366)),
  SMS_DRIVER: optional(z.enum(['log', 'webhook'], { error: 'SMS_DRIVER is not a driver: set it to log or webhook or unset it to use log' })),
  SMS_WEBHOOK_URL: optional(
    z.url({
      protocol: /^https?$/,
      error: 'SMS_WEBHOOK_URL is not an http(s) URL: set it to the URL of your SMS gateway, such as https://sms.example.com/send',
    }),
  ),
  LOGIN_CAPTCHA_AFTER: optional(intVar('LOGIN_CAPTCHA_AFTER', 3, 0, 1000)),
  LOGIN_DELAY_AFTER: optional(intVar('LOGIN_DELAY_AFTER', 5, 1, 1000)),
  LOGIN_IP_DELAY_AFTER: optional(intVar('LOGIN_IP_DELAY_AFTER', 20, 1, 100000)),
  LOGIN_MAX_DELAY_SECONDS: optional(intVar('LOGIN_MAX_DELAY_SECONDS', 900, 1, 86400)),
  LOGIN_FAILURE_WINDOW_MINUTES: optional(intVar('LOGIN_FAILURE_WINDOW_MINUTES', 15, 1, 1440)),
  OPEN_ACCESS_KEY: optional(
    z.string().transform((v, ctx) => {
      const key = parseServerKey(v);
      if (!key) {
        ctx.addIssue({
          code: 'custom',
          message:
            'OPEN_ACCESS_KEY is not a 32-byte key: set it to 64 hex characters or 32 bytes in base64 (openssl rand -hex 32), or unset it to keep a generated key in DATA_DIR/secret.key',
        });
        return z.NEVER;
      }
      return key;
    }),
  ),
  STATEMENT_TIMEOUT_MS: optional(intVar('STATEMENT_TIMEOUT_MS', 5000, 10, 3_600_000)),
  REQUEST_CONCURRENCY: optional(intVar('REQUEST_CONCURRENCY', 'the database pool size', 1, 10_000)),
  REQUEST_QUEUE: optional(intVar('REQUEST_QUEUE', '4 x REQUEST_CONCURRENCY, at least 64', 0, 100_000)),
  REQUEST_QUEUE_WAIT_MS: optional(intVar('REQUEST_QUEUE_WAIT_MS', 1000, 1, 600_000)),
  TRUST_PROXY: optional(
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
  DEMO_MODE: optional(
    z
      .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'DEMO_MODE is not a switch: set it to true or false or unset it to use false' })
      .transform((v) => ['true', '1', 'on'].includes(v)),
  ),
  OIDC_PROVIDERS: optional(
    z.string().transform((v, ctx): OidcProviderConfig[] => {
      const problem = (message: string) => {
        ctx.addIssue({ code: 'custom', message: `OIDC_PROVIDERS ${message}` });
        return z.NEVER;
      };
      let json: unknown;
      try {
        json = JSON.parse(v);
      } catch {
        return problem(`is not JSON: ${OIDC_EXAMPLE}, or unset it to turn third-party sign-in off`);
      }
      const parsed = z.array(oidcProviderEntry).safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const where = issue.path.length > 0 ? `entry ${issue.path.join('.')}` : 'value';
        return problem(`${where}: ${issue.message}; write it as ${OIDC_EXAMPLE}`);
      }
      const ids = parsed.data.map((p) => p.id);
      const twice = ids.find((id, i) => ids.indexOf(id) !== i);
      if (twice) return problem(`names the id "${twice}" twice: give every provider its own id`);
      return parsed.data;
    }),
  ),
  PUBLIC_URL: optional(
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
  MARKET_DIR: optional(z.string()),
  MARKET_CATALOGUE_URLS: optional(
    z.string().transform((v, ctx) => {
      const urls = v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      const bad = urls.find((u) => !URL.canParse(u) || !/^https?:$/.test(new URL(u).protocol));
      if (urls.length > 0 && bad === undefined) return urls;
      ctx.addIssue({
        code: 'custom',
        message:
          'MARKET_CATALOGUE_URLS is not a list of http(s) URLs: set it to catalogue index URLs separated by commas (https://market.example.com/index.json), or unset it to offer MARKET_DIR only',
      });
      return z.NEVER;
    }),
  ),
  ADDONS_DIR: optional(z.string()),
  MARKET_FETCH_TIMEOUT_MS: optional(intVar('MARKET_FETCH_TIMEOUT_MS', 30000, 100, 600_000)),
  MARKET_PACKAGE_MAX_MB: optional(intVar('MARKET_PACKAGE_MAX_MB', 50, 1, 10_000)),
  ADDON_UNPACKED_MAX_MB: optional(intVar('ADDON_UNPACKED_MAX_MB', 200, 1, 100_000)),
  MARKET_CATALOGUE_TTL_SECONDS: optional(intVar('MARKET_CATALOGUE_TTL_SECONDS', 60, 0, 86_400)),
  PLATFORM_BIND_ALLOWED_HOSTS: optional(
    z.string().transform((v, ctx) => {
      const hosts = v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      if (hosts.length > 0 && hosts.every((h) => HOST_ENTRY.test(h))) return hosts;
      ctx.addIssue({
        code: 'custom',
        message:
          'PLATFORM_BIND_ALLOWED_HOSTS is not a list of hosts: set it to host names or addresses separated by commas (platform.example.com,10.0.0.5:8080), or unset it to allow any host',
      });
      return z.NEVER;
    }),
  ),
});

/** 10.0.0.1, ::1, 10.0.0.0/8 or fd00::/8 (a prefix no longer than the address). */
function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** A 32-byte key from 64 hex characters or base64; undefined when it is neither. */
export function parseServerKey(text: string): Buffer | undefined {
  const v = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const key = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  return undefined;
}

/** One OpenID Connect provider of OIDC_PROVIDERS (modules/oidc). */
export interface OidcProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  /** undefined: a public client (PKCE, no client authentication). */
  clientSecret?: string;
  scope: string;
}

/** Sign-in throttling (modules/auth/login-throttle.ts). */
export interface LoginThrottleConfig {
  captchaAfter: number;
  delayAfter: number;
  ipDelayAfter: number;
  maxDelaySeconds: number;
  windowMinutes: number;
}

/** The application market (modules/addon). */
export interface MarketConfig {
  /** MARKET_DIR: a folder of addon packages. */
  dir: string;
  /** MARKET_CATALOGUE_URLS. */
  catalogueUrls: string[];
  /** ADDONS_DIR: installed addons, ADDONS_DIR/<name>/<version>/. */
  addonsDir: string;
  fetchTimeoutMs: number;
  packageMaxBytes: number;
  unpackedMaxBytes: number;
  catalogueTtlMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  webDir: string;
  sessionTtlHours: number;
  sessionSliding: boolean;
  sessionMaxHours: number;
  loginThrottle: LoginThrottleConfig;
  sms: { driver: 'log' | 'webhook'; webhookUrl: string | undefined };
  /** OPEN_ACCESS_KEY; undefined: the key file in DATA_DIR (modules/open-access/server-key.ts). */
  openAccessKey: Buffer | undefined;
  /** DEMO_MODE (the site setting loginConfig.demoMode turns demo mode on too). */
  demoMode: boolean;
  /** OIDC_PROVIDERS; empty: no third-party sign-in. */
  oidcProviders: OidcProviderConfig[];
  /** PUBLIC_URL as an origin (no trailing slash); undefined: taken from each request. */
  publicUrl: string | undefined;
  /** PLATFORM_BIND_ALLOWED_HOSTS, lower-cased (host or host:port); undefined: any host. */
  platformBindAllowedHosts: string[] | undefined;
  /** TRUST_PROXY: fastify's trustProxy (false: the socket address is the client). */
  trustProxy: boolean | string[];
  /** STATEMENT_TIMEOUT_MS: set on every database connection (db/client.ts). */
  statementTimeoutMs: number;
  /** REQUEST_CONCURRENCY and REQUEST_QUEUE (lib/overload.ts); undefined: sized from the database. */
  requestConcurrency: number | undefined;
  requestQueue: number | undefined;
  requestQueueWaitMs: number;
  /** The application market and installed addons (modules/addon). */
  market: MarketConfig;
}

/** A wrong setting: start-up stops with this message (it names the variable and the fix). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration once from the environment; throws ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => i.message).join('\n'));
  }
  const e = parsed.data;
  if (e.SMS_DRIVER === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new ConfigError('SMS_DRIVER=webhook needs SMS_WEBHOOK_URL: set it to the URL of your SMS gateway, or set SMS_DRIVER=log');
  }
  const dataDir = resolve(cwd, e.DATA_DIR ?? './data');
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL ?? 'info',
    webDir: e.WEB_DIR ? resolve(cwd, e.WEB_DIR) : join(serverRoot(), '..'),
    sessionTtlHours: e.SESSION_TTL_HOURS ?? 12,
    sessionSliding: e.SESSION_SLIDING ?? true,
    sessionMaxHours: Math.max(e.SESSION_MAX_HOURS ?? 168, e.SESSION_TTL_HOURS ?? 12),
    sms: { driver: e.SMS_DRIVER ?? 'log', webhookUrl: e.SMS_WEBHOOK_URL },
    openAccessKey: e.OPEN_ACCESS_KEY,
    demoMode: e.DEMO_MODE ?? false,
    platformBindAllowedHosts: e.PLATFORM_BIND_ALLOWED_HOSTS,
    oidcProviders: e.OIDC_PROVIDERS ?? [],
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS ?? 5000,
    requestConcurrency: e.REQUEST_CONCURRENCY,
    requestQueue: e.REQUEST_QUEUE,
    requestQueueWaitMs: e.REQUEST_QUEUE_WAIT_MS ?? 1000,
    market: {
      dir: e.MARKET_DIR ? resolve(cwd, e.MARKET_DIR) : join(dataDir, 'market'),
      catalogueUrls: e.MARKET_CATALOGUE_URLS ?? [],
      addonsDir: e.ADDONS_DIR ? resolve(cwd, e.ADDONS_DIR) : join(dataDir, 'addons'),
      fetchTimeoutMs: e.MARKET_FETCH_TIMEOUT_MS ?? 30_000,
      packageMaxBytes: (e.MARKET_PACKAGE_MAX_MB ?? 50) * 1024 * 1024,
      unpackedMaxBytes: (e.ADDON_UNPACKED_MAX_MB ?? 200) * 1024 * 1024,
      catalogueTtlMs: (e.MARKET_CATALOGUE_TTL_SECONDS ?? 60) * 1000,
    },
    loginThrottle: {
      captchaAfter: e.LOGIN_CAPTCHA_AFTER ?? 3,
      delayAfter: e.LOGIN_DELAY_AFTER ?? 5,
      ipDelayAfter: e.LOGIN_IP_DELAY_AFTER ?? 20,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS ?? 900,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES ?? 15,
    },
  };
}

/** The text of `--help`: usage and the configuration table. */
export function helpText(): string {
  const width = Math.max(...CONFIG_TABLE.map((c) => c.name.length));
  const dwidth = Math.max(...CONFIG_TABLE.map((c) => c.default.length));
  const rows = CONFIG_TABLE.map((c) => `  ${c.name.padEnd(width)}  ${c.default.padEnd(dwidth)}  ${c.description}`);
  return [
    'User Centre server: the API and the built console under /user/web/.',
    '',
    'Usage: node dist/main.js [--help]',
    '',
    'Configuration (environment variables):',
    `  ${'NAME'.padEnd(width)}  ${'DEFAULT'.padEnd(dwidth)}  DESCRIPTION`,
    ...rows,
    '',
  ].join('\n');
}
