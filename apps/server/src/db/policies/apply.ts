import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { inTransaction, rowsOf } from '../typed';
import { POLICIES, ROW_SECURITY_TABLES, type PolicyDeclaration } from './row-security';
import { FUNCTIONS, TRIGGERS } from './triggers';

/*
 * Brings the database's row-level security, policies, triggers and their functions to the declaration
 * (row-security.ts, triggers.ts) after the migrations, at every start, in one transaction under the
 * start-up lock. Only what differs from the declaration is rewritten (a function replaced, a policy or
 * trigger dropped and created again), so a start on an up-to-date database runs no DDL and takes no
 * table lock while other servers keep serving.
 *
 * What the database has beyond the declaration (a policy or trigger a migration created without
 * declaring it) is left in place rather than dropped at start, where dropping would change tenant
 * isolation unseen; policies.test.ts fails on it instead, so it is declared or removed in review.
 */

export interface Catalogue {
  /** Tables of schema public with row-level security on, and those forcing it on their owner. */
  rowSecurity: string[];
  forced: string[];
  policies: PolicyDeclaration[];
  triggers: { table: string; name: string; definition: string }[];
  /** The declared functions that exist, as the database prints them. */
  functions: { name: string; definition: string }[];
}

const byKey = <T extends { table?: string; name: string }>(a: T, b: T) => `${a.table ?? ''}.${a.name}`.localeCompare(`${b.table ?? ''}.${b.name}`);

/** What the database has now (pg_class, pg_policies, pg_trigger, pg_proc), sorted. */
export async function readCatalogue(db: Db): Promise<Catalogue> {
  const tables = await rowsOf<{ name: string; on: boolean; forced: boolean }>(
    db,
    sql`select c.relname as name, c.relrowsecurity as on, c.relforcerowsecurity as forced
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const policies = await rowsOf<{
    table: string;
    name: string;
    permissive: string;
    roles: string;
    command: string;
    using: string | null;
    with_check: string | null;
  }>(
    db,
    sql`select tablename as table, policyname as name, permissive, roles::text as roles, cmd as command, qual as using, with_check
      from pg_policies where schemaname = 'public'`,
  );
  const triggers = await rowsOf<{ table: string; name: string; definition: string }>(
    db,
    sql`select c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal`,
  );
  const names = FUNCTIONS.map((f) => f.name);
  const functions = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`,
  );
  return {
    rowSecurity: tables.filter((t) => t.on).map((t) => t.name),
    forced: tables.filter((t) => t.forced).map((t) => t.name),
    // Policies are declared PERMISSIVE and for PUBLIC: one that is not differs from any declaration.
    policies: policies
      .map((p) => ({
        table: p.table,
        name: p.permissive === 'PERMISSIVE' && p.roles === '{public}' ? p.name : `${p.name} (${p.permissive} to ${p.roles})`,
        command: p.command as PolicyDeclaration['command'],
        using: p.using ?? '',
        withCheck: p.with_check,
      }))
      .sort(byKey),
    triggers: triggers.sort(byKey),
    functions: functions.sort(byKey),
  };
}

/** The declaration in readCatalogue's shape: what every started database has. */
export function declaredCatalogue(): Catalogue {
  return {
    rowSecurity: [...ROW_SECURITY_TABLES].sort(),
    forced: [],
    policies: POLICIES.map((p) => ({ ...p })).sort(byKey),
    triggers: TRIGGERS.map((t) => ({ ...t })).sort(byKey),
    functions: FUNCTIONS.map((f) => ({ ...f })).sort(byKey),
  };
}

const samePolicy = (a: PolicyDeclaration, b: PolicyDeclaration) => a.command === b.command && a.using === b.using && a.withCheck === b.withCheck;

/** The statements that bring `live` to the declaration: functions first, as the policies and triggers call them. */
export function statementsFor(live: Catalogue): string[] {
  const out: string[] = [];
  const liveFunctions = new Map(live.functions.map((f) => [f.name, f.definition]));
  for (const f of FUNCTIONS) if (liveFunctions.get(f.name) !== f.definition) out.push(f.definition);
  const on = new Set(live.rowSecurity);
  for (const table of ROW_SECURITY_TABLES) if (!on.has(table)) out.push(`ALTER TABLE public.${table} ENABLE ROW LEVEL SECURITY`);
  const livePolicies = new Map(live.policies.map((p) => [`${p.table}.${p.name}`, p]));
  for (const p of POLICIES) {
    const found = livePolicies.get(`${p.table}.${p.name}`);
    if (found && samePolicy(found, p)) continue;
    out.push(`DROP POLICY IF EXISTS ${p.name} ON public.${p.table}`);
    out.push(
      `CREATE POLICY ${p.name} ON public.${p.table} AS PERMISSIVE FOR ${p.command} TO PUBLIC USING (${p.using})${p.withCheck === null ? '' : ` WITH CHECK (${p.withCheck})`}`,
    );
  }
  const liveTriggers = new Map(live.triggers.map((t) => [`${t.table}.${t.name}`, t.definition]));
  for (const t of TRIGGERS) {
    if (liveTriggers.get(`${t.table}.${t.name}`) === t.definition) continue;
    out.push(`DROP TRIGGER IF EXISTS ${t.name} ON public.${t.table}`);
    out.push(t.definition);
  }
  return out;
}

/** Applies the declaration (see above); returns the statements it ran (none when the database had it). */
export function applyDeclarations(db: Db): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    const statements = statementsFor(await readCatalogue(tx));
    for (const statement of statements) await tx.execute(sql.raw(statement));
    return statements;
  });
}
