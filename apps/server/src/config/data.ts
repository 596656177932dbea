import { resolve } from 'node:path';
import { z } from 'zod';
import { intVar, optional, type ConfigVars, type ParsedVars } from './config-var';

/** Where the data lives (the data directory, the database) and the key that encrypts the secrets stored in it. */
export const dataVars = {
  DATA_DIR: {
    default: './data',
    description: 'Directory for local data, relative to the start directory; the embedded database lives in DATA_DIR/pglite.',
    schema: optional(z.string()),
  },
  DATABASE_URL: {
    default: '(unset)',
    description: 'postgres:// URL of a PostgreSQL database; unset uses the embedded PGlite database in DATA_DIR.',
    schema: optional(
      z
        .string()
        .regex(
          /^postgres(ql)?:\/\/.+/,
          'DATABASE_URL is not a postgres:// URL: set it to postgres://user@host:5432/db or unset it to use the embedded database in DATA_DIR',
        ),
    ),
  },
  DATABASE_DIRECT_URL: {
    default: '(DATABASE_URL)',
    description:
      'postgres:// URL of the same database straight to PostgreSQL, when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): what needs a session uses it (LISTEN for the notifications of other servers, migrations under the start-up lock), and the connections of DATABASE_URL then keep nothing between transactions (timeouts set in each transaction, no named prepared statements). Unset: DATABASE_URL is PostgreSQL itself.',
    schema: optional(
      z
        .string()
        .regex(
          /^postgres(ql)?:\/\/.+/,
          'DATABASE_DIRECT_URL is not a postgres:// URL: set it to the URL of PostgreSQL itself (postgres://user@host:5432/db), not of the pooler, or unset it when DATABASE_URL is PostgreSQL itself',
        ),
    ),
  },
  OPEN_ACCESS_KEY: {
    default: '(DATA_DIR/secret.key)',
    description:
      'Server key (32 bytes as 64 hex characters or base64) that encrypts open access secrets (AES-256-GCM). Unset: one is generated on first start and kept in DATA_DIR/secret.key (mode 600); set it when several servers share one PostgreSQL database, and keep it: secrets encrypted with a lost key cannot be recovered (rotate them).',
    schema: optional(
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
  },
  STATEMENT_TIMEOUT_MS: {
    default: '5000',
    description:
      'Longest a single database statement may run (milliseconds) before PostgreSQL cancels it and the request answers 503. Enforced by PostgreSQL; the embedded PGlite cannot interrupt a running statement.',
    schema: optional(intVar('STATEMENT_TIMEOUT_MS', 5000, 10, 3_600_000)),
  },
} satisfies ConfigVars;

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

export interface DataConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_DIRECT_URL: set (and unlike DATABASE_URL) only when DATABASE_URL is a transaction pooler (db/client.ts). */
  databaseDirectUrl: string | undefined;
  /** OPEN_ACCESS_KEY; undefined: the key file in DATA_DIR (modules/open-access/server-key.ts). */
  openAccessKey: Buffer | undefined;
  /** STATEMENT_TIMEOUT_MS: set on every database connection (db/client.ts). */
  statementTimeoutMs: number;
}

export const readDataConfig = (e: ParsedVars<typeof dataVars>, cwd: string): DataConfig => ({
  dataDir: resolve(cwd, e.DATA_DIR ?? './data'),
  databaseUrl: e.DATABASE_URL,
  databaseDirectUrl: e.DATABASE_DIRECT_URL === e.DATABASE_URL ? undefined : e.DATABASE_DIRECT_URL,
  openAccessKey: e.OPEN_ACCESS_KEY,
  statementTimeoutMs: e.STATEMENT_TIMEOUT_MS ?? 5000,
});
