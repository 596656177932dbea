import { and, asc, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FilterValue, ParsedFilter, ParsedSort } from '@uc/shared/contracts';
import { badRequest } from './errors';

/*
 * The one implementation of the list query (DESIGN.md section 4): filter triples and sort keys become
 * drizzle SQL over an allow-list of fields. Values are always bound parameters, never SQL text, and
 * are checked against the field's type first so a wrong value is a 400, not a database error.
 */

export type FieldType = 'number' | 'string' | 'date' | 'boolean';
export interface ListField {
  column: AnyColumn;
  type: FieldType;
}
/** Allow-list of a resource: API field name -> column and type. */
export type FieldMap = Readonly<Record<string, ListField>>;

export interface ListSpec {
  /** Names the resource in messages: "the member list". */
  resource: string;
  fields: FieldMap;
  /** Fields the keyword operator searches (text fields of `fields`). */
  keywordFields: readonly string[];
}

const TEXT_ONLY = new Set(['like', 'not_like', 'like_left', 'like_right']);

function fieldOf(spec: ListSpec, name: string, param: 'filter' | 'sort'): ListField {
  const field = Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
  if (!field) {
    throw badRequest(`${param}: unknown field ${JSON.stringify(name)} for ${spec.resource}: use one of ${Object.keys(spec.fields).join(', ')}`);
  }
  return field;
}

interface NumberRange {
  min: number;
  max: number;
  whole: boolean;
  describe: string;
}
const wholeRange = (min: number, max: number): NumberRange => ({ min, max, whole: true, describe: `a whole number from ${min} to ${max}` });
const INTEGER_RANGES: Record<string, NumberRange> = {
  smallint: wholeRange(-32768, 32767),
  integer: wholeRange(-(2 ** 31), 2 ** 31 - 1),
  serial: wholeRange(1, 2 ** 31 - 1),
  // bigint columns are read as JavaScript numbers (mode: 'number'), so the safe range is theirs.
  bigint: wholeRange(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  bigserial: wholeRange(1, Number.MAX_SAFE_INTEGER),
};

/**
 * What a number compared with `column` may be: past the column's range (1e19 against a bigint, 1.5
 * against an integer, 1e308 against numeric(14, 2)) the database would fail the whole query instead
 * of answering "no match", so such a value is the caller's mistake and a 400 naming the field.
 */
function numberRangeOf(column: AnyColumn): NumberRange {
  const type = (column as unknown as { getSQLType(): string }).getSQLType();
  const known = INTEGER_RANGES[type];
  if (known) return known;
  const numeric = /^numeric\((\d+)(?:,\s*(\d+))?\)$/.exec(type);
  if (numeric) {
    const limit = 10 ** (Number(numeric[1]) - Number(numeric[2] ?? 0));
    return { min: -limit, max: limit, whole: false, describe: `a number between -${limit} and ${limit}` };
  }
  return { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, whole: false, describe: 'a number' };
}

/** Converts one value to the field's type, or names the field and the expected type. */
function typed(name: string, field: ListField, v: FilterValue): string | number | boolean {
  const wrong = (what: string) => badRequest(`filter: ${name} needs ${what}, got ${JSON.stringify(v)}`);
  switch (field.type) {
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
      const range = numberRangeOf(field.column);
      if (!Number.isFinite(n) || (range.whole && !Number.isInteger(n)) || n < range.min || n > range.max) throw wrong(range.describe);
      return n;
    }
    case 'date': {
      const d = typeof v === 'string' || typeof v === 'number' ? new Date(v) : new Date(NaN);
      if (Number.isNaN(d.getTime())) throw wrong('a date such as 2024-01-31 or 2024-01-31T08:00:00Z');
      return d.toISOString();
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 1) return true;
      if (v === 'false' || v === 0) return false;
      throw wrong('true or false');
    case 'string':
      if (typeof v === 'boolean') throw wrong('text');
      return String(v);
  }
}

/** Escapes LIKE wildcards so `%` and `_` in a value match themselves. */
export const escapeLike = (v: string): string => v.replace(/[\\%_]/g, (m) => `\\${m}`);
const ilike = (col: AnyColumn, pattern: string): SQL => sql`${col} ilike ${pattern} escape '\\'`;

function condition(spec: ListSpec, f: ParsedFilter): SQL | undefined {
  if (f.op === 'keyword') {
    const text = String(f.value ?? '').trim();
    if (!text) return undefined;
    const pattern = `%${escapeLike(text)}%`;
    return or(...spec.keywordFields.map((k) => ilike(fieldOf(spec, k, 'filter').column, pattern)));
  }
  const field = fieldOf(spec, f.field, 'filter');
  const col = field.column;
  if (TEXT_ONLY.has(f.op) && field.type !== 'string') {
    throw badRequest(`filter: operator ${f.op} works on text fields only, and ${f.field} is not one`);
  }
  if (f.op === 'null') return sql`${col} is null`;
  if (f.op === 'not_null') return sql`${col} is not null`;
  const values = (Array.isArray(f.value) ? f.value : [f.value as FilterValue]).map((v) => typed(f.field, field, v));
  const [a, b] = values;
  const list = () => sql.join(values.map((v) => sql`${v}`), sql`, `);
  switch (f.op) {
    case '=': return sql`${col} = ${a}`;
    case '!=': return sql`${col} <> ${a}`;
    case '>': return sql`${col} > ${a}`;
    case '>=': return sql`${col} >= ${a}`;
    case '<': return sql`${col} < ${a}`;
    case '<=': return sql`${col} <= ${a}`;
    case 'like': return ilike(col, `%${escapeLike(String(a))}%`);
    case 'not_like': return sql`not (${ilike(col, `%${escapeLike(String(a))}%`)})`;
    // like_left: the wildcard is on the left, so the value is a suffix; like_right: a prefix.
    case 'like_left': return ilike(col, `%${escapeLike(String(a))}`);
    case 'like_right': return ilike(col, `${escapeLike(String(a))}%`);
    case 'in': return sql`${col} in (${list()})`;
    case 'not_in': return sql`${col} not in (${list()})`;
    case 'between': return sql`${col} between ${a} and ${b}`;
    case 'not_between': return sql`${col} not between ${a} and ${b}`;
  }
}

/** The WHERE part of a list's filters (undefined when there is none). */
export function listWhere(spec: ListSpec, filters: readonly ParsedFilter[] | undefined): SQL | undefined {
  if (!filters || filters.length === 0) return undefined;
  return and(...filters.map((f) => condition(spec, f)));
}

/** ORDER BY from `sort`, then `tiebreak` so pages never overlap or skip rows. */
export function listOrderBy(spec: ListSpec, sort: ParsedSort | undefined, tiebreak: SQL[]): SQL[] {
  const keys = (sort ?? []).map((s) => (s.desc ? desc : asc)(fieldOf(spec, s.field, 'sort').column));
  return [...keys, ...tiebreak];
}
