import { createHash } from 'node:crypto';

/*
 * Named prepared statements on PostgreSQL (issue 29, point 4): planning was half of the member
 * list's page query. A statement sent with a name is parsed and planned once per connection; after a
 * few runs PostgreSQL keeps a generic plan and skips planning altogether. That suits statements whose
 * best plan does not depend on their values (a tenant's page of users by id); not a search, whose
 * plan hangs on its pattern: those stay unnamed and are planned for their values on every call.
 *
 * A query asks for it with drizzle's `.prepare(PREPARED)`; the pool's clients (db/client.ts) give it
 * a name made from its text, so one text is one statement however the query was built. PGlite has no
 * statement names and ignores it; through a transaction pooler every statement goes unnamed (db/pooler.ts).
 */
export const PREPARED = 'uc:prepared';

/** Texts given a name at most: each connection of the pool keeps each named statement (and its plan). */
const MAX_NAMED = 256;
const names = new Map<string, string>();

/** The statement name of `text`, or undefined once MAX_NAMED texts have one (the rest run unnamed). */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `uc_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

type AnyQuery = (this: unknown, ...args: unknown[]) => unknown;

/** pg.Client#query, with a query config named PREPARED sent under its statement name. */
export function namingQuery<F extends AnyQuery>(query: F): F {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0] as { name?: unknown; text?: unknown } | null | undefined;
    if (first && typeof first === 'object' && first.name === PREPARED && typeof first.text === 'string') {
      args[0] = { ...first, name: statementName(first.text) };
    }
    return query.apply(this, args);
  } as F;
}
