/**
 * The server's configuration: every environment variable it reads. Each area declares its variables,
 * the row of the table and the schema together, and what they become in Config: server.ts (HTTP),
 * data.ts, sign-in.ts, third-party.ts and market.ts. This file puts the areas together.
 */
import { z } from 'zod';
import { ConfigError, type ConfigEntry } from './config-var';
import { dataVars, readDataConfig, type DataConfig } from './data';
import { marketVars, readMarketConfig, type MarketConfig } from './market';
import { readServerConfig, serverVars, type ServerConfig } from './server';
import { readSignInConfig, signInVars, type SignInConfig } from './sign-in';
import { readThirdPartyConfig, thirdPartyVars, type ThirdPartyConfig } from './third-party';

export { ConfigError, type ConfigEntry } from './config-var';
export { parseServerKey } from './data';
export type { MarketConfig } from './market';
export type { LoginThrottleConfig } from './sign-in';
export type { OidcProviderConfig } from './third-party';

const VARS = { ...serverVars, ...dataVars, ...signInVars, ...thirdPartyVars, ...marketVars };
type VarName = keyof typeof VARS;

/**
 * The order of the table in `--help` and in the README: it is not the order of the areas (the first
 * settings of an installation come first), so it is listed here. The type makes it name every variable
 * of the areas, so a new variable that is left out fails the type check.
 */
const TABLE_ORDER: Record<VarName, true> = {
  PORT: true,
  HOST: true,
  DATA_DIR: true,
  DATABASE_URL: true,
  DATABASE_DIRECT_URL: true,
  ADMIN_PASSWORD: true,
  LOG_LEVEL: true,
  WEB_DIR: true,
  WEB_DIR_SCAN_MS: true,
  SESSION_TTL_HOURS: true,
  SESSION_SLIDING: true,
  SESSION_MAX_HOURS: true,
  SMS_DRIVER: true,
  SMS_WEBHOOK_URL: true,
  LOGIN_CAPTCHA_AFTER: true,
  LOGIN_DELAY_AFTER: true,
  LOGIN_IP_DELAY_AFTER: true,
  LOGIN_MAX_DELAY_SECONDS: true,
  LOGIN_FAILURE_WINDOW_MINUTES: true,
  OPEN_ACCESS_KEY: true,
  STATEMENT_TIMEOUT_MS: true,
  REQUEST_CONCURRENCY: true,
  REQUEST_LATENCY_BUDGET_MS: true,
  REQUEST_QUEUE: true,
  REQUEST_QUEUE_WAIT_MS: true,
  SHUTDOWN_UNREADY_CHECKS: true,
  SHUTDOWN_DRAIN_MS: true,
  TRUST_PROXY: true,
  DEMO_MODE: true,
  OIDC_PROVIDERS: true,
  PUBLIC_URL: true,
  PLATFORM_BIND_ALLOWED_HOSTS: true,
  MARKET_DIR: true,
  MARKET_CATALOGUE_URLS: true,
  MARKET_EXAMPLES: true,
  ADDONS_DIR: true,
  MARKET_FETCH_TIMEOUT_MS: true,
  MARKET_PACKAGE_MAX_MB: true,
  ADDON_UNPACKED_MAX_MB: true,
  MARKET_CATALOGUE_TTL_SECONDS: true,
};
const NAMES = Object.keys(TABLE_ORDER) as VarName[];

/** Every environment variable the server reads, with its default and meaning. */
export const CONFIG_TABLE: readonly ConfigEntry[] = NAMES.map((name) => ({ name, default: VARS[name].default, description: VARS[name].description }));

// In table order too, so that a start with several wrong variables lists them as --help does.
const envSchema = z.object(Object.fromEntries(NAMES.map((name) => [name, VARS[name].schema])) as { [K in VarName]: (typeof VARS)[K]['schema'] });

export interface Config extends ServerConfig, DataConfig, SignInConfig, ThirdPartyConfig {
  /** The application market and installed addons (modules/addon). */
  market: MarketConfig;
}

/** Reads the configuration once from the environment; throws ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => i.message).join('\n'));
  }
  const e = parsed.data;
  // Sign-in first: its check across variables (a webhook needs its URL) is the next error after the schema's.
  const signIn = readSignInConfig(e);
  const data = readDataConfig(e, cwd);
  return {
    ...readServerConfig(e, cwd),
    ...data,
    ...signIn,
    ...readThirdPartyConfig(e),
    market: readMarketConfig(e, cwd, data.dataDir),
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
