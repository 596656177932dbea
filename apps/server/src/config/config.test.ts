import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_TABLE, ConfigError, helpText, loadConfig } from '.';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({}, '/srv/uc');
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/srv/uc/data', logLevel: 'info', sessionTtlHours: 12 });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
    // WEB_DIR defaults to the monorepo's apps directory (where apps/shell/dist lives).
    expect(join(c.webDir, 'server', 'package.json')).toMatch(/apps[\\/]server[\\/]package\.json$/);
  });

  it('reads every variable, resolving directories against the start directory', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: 'var',
        DATABASE_URL: 'postgresql://u@h:5432/db',
        ADMIN_PASSWORD: 'long-enough',
        LOG_LEVEL: 'warn',
        WEB_DIR: 'web',
        SESSION_TTL_HOURS: '2',
      },
      '/srv/uc',
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/uc/var',
      databaseUrl: 'postgresql://u@h:5432/db',
      adminPassword: 'long-enough',
      logLevel: 'warn',
      webDir: '/srv/uc/web',
      sessionTtlHours: 2,
    });
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('reads TRUST_PROXY=%s as %j (unset: trust no proxy)', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, '/x').trustProxy).toEqual(expected);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '/x')).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL is not a postgres:// URL: set it to postgres://user@host:5432/db or unset it to use the embedded database in DATA_DIR',
    ],
    [{ PORT: 'eighty' }, 'PORT is not a number'],
    [{ PORT: '70000' }, 'PORT is out of range'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD is shorter than 8 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL is not a log level: set it to one of fatal, error, warn, info, debug, trace, silent'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS must be more than 0'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY is not understood: set it to the addresses/CIDRs of the proxies in front'],
  ])('refuses %j naming the variable and the fix', (env, message) => {
    expect(() => loadConfig(env, '/x')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/x')).toThrow(message);
  });

  it('lists every variable in --help', () => {
    const text = helpText();
    for (const entry of CONFIG_TABLE) expect(text).toContain(entry.name);
    expect(CONFIG_TABLE.map((c) => c.name)).toEqual(
      expect.arrayContaining(['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'WEB_DIR', 'SESSION_TTL_HOURS']),
    );
  });

  it('is documented in the README, every variable with its default', () => {
    const readme = readFileSync(join(__dirname, '../../../../README.md'), 'utf8');
    for (const entry of CONFIG_TABLE) expect(readme).toContain(`| \`${entry.name}\` | \`${entry.default}\` |`);
  });

  it('reads the session lifetime settings', () => {
    expect(loadConfig({}, '/x')).toMatchObject({ sessionTtlHours: 12, sessionSliding: true, sessionMaxHours: 168 });
    expect(loadConfig({ SESSION_SLIDING: 'false', SESSION_TTL_HOURS: '200', SESSION_MAX_HOURS: '24' }, '/x')).toMatchObject({
      sessionSliding: false,
      sessionMaxHours: 200,
    });
    expect(() => loadConfig({ SESSION_SLIDING: 'maybe' }, '/x')).toThrow('SESSION_SLIDING is not a switch: set it to true or false or unset it to use true');
  });

  it('reads the sign-in throttle settings', () => {
    expect(loadConfig({}, '/x').loginThrottle).toEqual({ captchaAfter: 3, delayAfter: 5, ipDelayAfter: 20, maxDelaySeconds: 900, windowMinutes: 15 });
    expect(loadConfig({ LOGIN_CAPTCHA_AFTER: '0', LOGIN_MAX_DELAY_SECONDS: '60' }, '/x').loginThrottle).toMatchObject({ captchaAfter: 0, maxDelaySeconds: 60 });
    expect(() => loadConfig({ LOGIN_DELAY_AFTER: '0' }, '/x')).toThrow(
      'LOGIN_DELAY_AFTER is out of range: set LOGIN_DELAY_AFTER to a whole number from 1 to 1000 or unset it to use 5',
    );
  });

  it('reads the direct URL beside a pooler and the graceful shutdown settings', () => {
    const pooler = 'postgres://uc@pgbouncer:6432/uc';
    const direct = 'postgres://uc@db:5432/uc';
    expect(loadConfig({}, '/x')).toMatchObject({ databaseDirectUrl: undefined, shutdownUnreadyChecks: 3, shutdownDrainMs: 30_000 });
    expect(loadConfig({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: direct }, '/x')).toMatchObject({ databaseUrl: pooler, databaseDirectUrl: direct });
    // The same URL twice is no pooler.
    expect(loadConfig({ DATABASE_URL: direct, DATABASE_DIRECT_URL: direct }, '/x').databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'db:5432' }, '/x')).toThrow('DATABASE_DIRECT_URL is not a postgres:// URL');
    expect(loadConfig({ SHUTDOWN_UNREADY_CHECKS: '2', SHUTDOWN_DRAIN_MS: '0' }, '/x')).toMatchObject({ shutdownUnreadyChecks: 2, shutdownDrainMs: 0 });
    expect(() => loadConfig({ SHUTDOWN_UNREADY_CHECKS: '0' }, '/x')).toThrow('SHUTDOWN_UNREADY_CHECKS is out of range');
  });

  it('reads the open access server key as hex or base64, and the demo switch', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ OPEN_ACCESS_KEY: hex }, '/x').openAccessKey).toEqual(Buffer.from(hex, 'hex'));
    expect(loadConfig({ OPEN_ACCESS_KEY: Buffer.alloc(32, 7).toString('base64') }, '/x').openAccessKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}, '/x')).toMatchObject({ openAccessKey: undefined, demoMode: false });
    expect(() => loadConfig({ OPEN_ACCESS_KEY: 'abc' }, '/x')).toThrow(
      'OPEN_ACCESS_KEY is not a 32-byte key: set it to 64 hex characters or 32 bytes in base64',
    );
    expect(() => loadConfig({ OPEN_ACCESS_KEY: Buffer.alloc(16).toString('base64') }, '/x')).toThrow(ConfigError);
    expect(loadConfig({ DEMO_MODE: 'on' }, '/x').demoMode).toBe(true);
    expect(() => loadConfig({ DEMO_MODE: 'yes please' }, '/x')).toThrow('DEMO_MODE is not a switch');
  });

  it('reads the overload settings: statement timeout, request concurrency, latency budget and queue', () => {
    expect(loadConfig({}, '/x')).toMatchObject({
      statementTimeoutMs: 5000,
      requestConcurrency: undefined,
      requestLatencyBudgetMs: 5000,
      requestQueue: 1000,
      requestQueueWaitMs: 30_000,
    });
    expect(
      loadConfig(
        { STATEMENT_TIMEOUT_MS: '250', REQUEST_CONCURRENCY: '8', REQUEST_LATENCY_BUDGET_MS: '0', REQUEST_QUEUE: '0', REQUEST_QUEUE_WAIT_MS: '20' },
        '/x',
      ),
    ).toMatchObject({
      statementTimeoutMs: 250,
      requestConcurrency: 8,
      requestLatencyBudgetMs: 0,
      requestQueue: 0,
      requestQueueWaitMs: 20,
    });
    expect(() => loadConfig({ REQUEST_LATENCY_BUDGET_MS: '-1' }, '/x')).toThrow(
      'REQUEST_LATENCY_BUDGET_MS is out of range: set REQUEST_LATENCY_BUDGET_MS to a whole number from 0 to 600000 or unset it to use 5000',
    );
    expect(() => loadConfig({ STATEMENT_TIMEOUT_MS: '0' }, '/x')).toThrow(
      'STATEMENT_TIMEOUT_MS is out of range: set STATEMENT_TIMEOUT_MS to a whole number from 10 to 3600000 or unset it to use 5000',
    );
    expect(() => loadConfig({ REQUEST_CONCURRENCY: 'many' }, '/x')).toThrow(
      'REQUEST_CONCURRENCY is not a number: set REQUEST_CONCURRENCY to a whole number from 1 to 10000 or unset it to use the database pool size',
    );
  });
});
