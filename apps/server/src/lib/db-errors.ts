import { conflict, type AppError } from './errors';

interface PgErrorFields {
  code?: string;
  constraint?: string;
  detail?: string;
  cause?: unknown;
}

/** The database error inside drizzle's wrapper (drizzle puts the driver's error in `cause`). */
function pgErrorOf(err: unknown, code: string): PgErrorFields | undefined {
  for (let e = err as PgErrorFields | undefined; e; e = e.cause as PgErrorFields | undefined) {
    if (e.code === code) return e;
  }
  return undefined;
}

/** Whether a unique index refused the write (PostgreSQL 23505), looking through drizzle's wrapper. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgErrorOf(err, '23505');
  return !!e && (constraint === undefined || e.constraint === constraint);
}

/*
 * What each unique index means to the person who hit it. Checks in the services answer these clashes
 * first with the record's name; the index answers the race the check cannot see (two requests at the
 * same moment), and must answer it the same way: a 409 naming the field, never a 500.
 */
const UNIQUE_MESSAGES: Readonly<Record<string, string>> = {
  roles_tenant_key_uq: 'key: this permission code is used by another role in your tenant: choose another code',
  depts_tenant_code_uq: 'code: this department code is used by another department: choose another',
  posts_tenant_code_uq: 'code: this post code is used by another post: choose another',
  posts_tenant_name_uq: 'name: another post has this name: choose another',
  users_username_lower_uq: 'username: this user name is already taken: choose another',
  menus_alias_uq: 'alias: this routing alias is used by another menu: choose another',
  tenant_invites_code_uq: 'code: this invitation code is already used: choose another or leave it empty for a random one',
  tenants_code_unique: 'code: this tenant code is already used: choose another',
};

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The 409 for a unique violation anywhere, or undefined when `err` is none. An index without an entry
 * above still names its field, read from the database's detail ("Key (tenant_id, key)=(...) already exists").
 */
export function uniqueViolationConflict(err: unknown): AppError | undefined {
  const e = pgErrorOf(err, '23505');
  if (!e) return undefined;
  const known = e.constraint ? UNIQUE_MESSAGES[e.constraint] : undefined;
  if (known) return conflict(known);
  const columns =
    /Key \(([^)]*)\)/
      .exec(e.detail ?? '')?.[1]
      ?.split(',')
      .map((c) => c.trim())
      .filter((c) => c !== 'tenant_id') ?? [];
  const field = columns.map((c) => camel(c.replace(/^lower\((.*)\)$/, '$1'))).join(', ') || 'record';
  return conflict('{field}: this value is already used by another record: choose another', { field });
}

/** Whether a foreign key refused the write (PostgreSQL 23503): the row it points at is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/**
 * Whether PostgreSQL cancelled the statement (57014): it ran past STATEMENT_TIMEOUT_MS, or its
 * request's client disconnected and lib/overload.ts cancelled it.
 */
export function isQueryCanceled(err: unknown): boolean {
  return !!pgErrorOf(err, '57014');
}
