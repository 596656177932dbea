import { and, asc, count, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP, type FilterValue, type ParsedFilter, type ParsedSort } from '@uc/contracts';
import type { Db } from '../db/client';
import type { MessageParams } from '@uc/contracts/messages';
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
  fields: FieldMap;
  /** Fields the keyword operator searches (text fields of `fields`). */
  keywordFields: readonly string[];
}

const TEXT_ONLY = new Set(['like', 'not_like', 'like_left', 'like_right']);

function fieldOf(spec: ListSpec, name: string, param: 'filter' | 'sort'): ListField {
  const field = Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
  if (!field) {
    // The list is the one the caller asked for, so the message need not name it (its name would be English).
    throw badRequest('{param}: unknown field {name}: use one of {fields}', { param, name: JSON.stringify(name), fields: Object.keys(spec.fields).join(', ') });
  }
  return field;
}

interface NumberRange {
  min: number;
  max: number;
  whole: boolean;
  describe: string;
}
const wholeRange = (min: number, max: number): NumberRange => ({
  min,
  max,
  whole: true,
  describe: 'filter: {name} needs a whole number from {min} to {max}, got {value}',
});
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
    return { min: -limit, max: limit, whole: false, describe: 'filter: {name} needs a number between {min} and {max}, got {value}' };
  }
  return { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, whole: false, describe: 'filter: {name} needs a number, got {value}' };
}

/** Converts one value to the field's type, or names the field and the expected type. */
function typed(name: string, field: ListField, v: FilterValue): string | number | boolean {
  const wrong = (template: string, params: MessageParams = {}) => badRequest(template, { name, value: JSON.stringify(v), ...params });
  switch (field.type) {
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
      const range = numberRangeOf(field.column);
      if (!Number.isFinite(n) || (range.whole && !Number.isInteger(n)) || n < range.min || n > range.max)
        throw wrong(range.describe, { min: range.min, max: range.max });
      return n;
    }
    case 'date': {
      const d = typeof v === 'string' || typeof v === 'number' ? new Date(v) : new Date(NaN);
      if (Number.isNaN(d.getTime())) throw wrong('filter: {name} needs a date such as 2024-01-31 or 2024-01-31T08:00:00Z, got {value}');
      return d.toISOString();
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 1) return true;
      if (v === 'false' || v === 0) return false;
      throw wrong('filter: {name} needs true or false, got {value}');
    case 'string':
      if (typeof v === 'boolean') throw wrong('filter: {name} needs text, got {value}');
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
    throw badRequest('filter: operator {op} works on text fields only, and {field} is not one', { op: f.op, field: f.field });
  }
  if (f.op === 'null') return sql`${col} is null`;
  if (f.op === 'not_null') return sql`${col} is not null`;
  const values = (Array.isArray(f.value) ? f.value : [f.value as FilterValue]).map((v) => typed(f.field, field, v));
  const [a, b] = values;
  const list = () =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  switch (f.op) {
    case '=':
      return sql`${col} = ${a}`;
    case '!=':
      return sql`${col} <> ${a}`;
    case '>':
      return sql`${col} > ${a}`;
    case '>=':
      return sql`${col} >= ${a}`;
    case '<':
      return sql`${col} < ${a}`;
    case '<=':
      return sql`${col} <= ${a}`;
    case 'like':
      return ilike(col, `%${escapeLike(String(a))}%`);
    case 'not_like':
      return sql`not (${ilike(col, `%${escapeLike(String(a))}%`)})`;
    // like_left: the wildcard is on the left, so the value is a suffix; like_right: a prefix.
    case 'like_left':
      return ilike(col, `%${escapeLike(String(a))}`);
    case 'like_right':
      return ilike(col, `${escapeLike(String(a))}%`);
    case 'in':
      return sql`${col} in (${list()})`;
    case 'not_in':
      return sql`${col} not in (${list()})`;
    case 'between':
      return sql`${col} between ${a} and ${b}`;
    case 'not_between':
      return sql`${col} not between ${a} and ${b}`;
  }
}

/** The WHERE part of a list's filters (undefined when there is none). */
export function listWhere(spec: ListSpec, filters: readonly ParsedFilter[] | undefined): SQL | undefined {
  if (!filters || filters.length === 0) return undefined;
  return and(...filters.map((f) => condition(spec, f)));
}

/** A sort key: the column, its direction and the type its cursor values are checked against. */
interface SortKey {
  column: AnyColumn;
  desc: boolean;
  type: FieldType;
}
/** A tiebreak key (a unique column, last): the order that makes pages never overlap or skip rows. */
export interface Tiebreak {
  column: AnyColumn;
  desc: boolean;
}

const typeOfColumn = (column: AnyColumn): FieldType =>
  column.dataType === 'date' ? 'date' : column.dataType === 'number' ? 'number' : column.dataType === 'boolean' ? 'boolean' : 'string';

function sortKeys(spec: ListSpec, sort: ParsedSort, tiebreak: readonly Tiebreak[]): SortKey[] {
  const keys: SortKey[] = sort.map((s) => {
    const field = fieldOf(spec, s.field, 'sort');
    return { column: field.column, desc: s.desc, type: field.type };
  });
  // A column sorted twice adds nothing (sort=id with the id tiebreak): keep the first.
  for (const t of tiebreak) if (!keys.some((k) => k.column === t.column)) keys.push({ ...t, type: typeOfColumn(t.column) });
  return keys;
}

/*
 * Keyset cursors. A cursor holds the sort key values of the last row of a page (as the database
 * prints them, so a timestamp keeps its microseconds) and the sort it belongs to. The next page is
 * the rows strictly after that row in the same ORDER BY, whatever rows were added or deleted since;
 * with an index on the sort keys it costs what page 1 costs.
 */
interface Cursor {
  /** The sort it was made for: `-id` or `sort,id`. */
  s: string;
  /** Each key's value as text, null for SQL null. */
  v: (string | null)[];
}
const signature = (keys: SortKey[]) => keys.map((k) => `${k.desc ? '-' : ''}${k.column.name}`).join(',');
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;

/** A timestamp as PostgreSQL prints one, with a real calendar day and time (so PostgreSQL never refuses it). */
function isTimestamp(v: string): boolean {
  const m = TIMESTAMP.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

function encodeCursor(keys: SortKey[], values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ s: signature(keys), v: values } satisfies Cursor)).toString('base64url');
}

/** The cursor's values, each checked against its key's type (a forged cursor is a 400, never a database error). */
function decodeCursor(keys: SortKey[], after: string): (string | number | boolean | null)[] {
  const wrong = (template: string, column = '', type = '') => badRequest(template, { column, type });
  let cursor: Cursor;
  try {
    cursor = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw wrong('after: not a cursor this list gave out; start again from page 1 without after');
  }
  if (!cursor || typeof cursor !== 'object' || typeof cursor.s !== 'string' || !Array.isArray(cursor.v))
    throw wrong('after: not a cursor this list gave out; start again from page 1 without after');
  if (cursor.s !== signature(keys) || cursor.v.length !== keys.length)
    throw wrong('after: the cursor belongs to another sort order; start again from page 1 without after');
  return keys.map((k, i) => {
    const v = cursor.v[i];
    if (v === null) {
      if (k.column.notNull) throw wrong('after: {column} cannot be null; start again from page 1 without after', k.column.name);
      return null;
    }
    if (typeof v !== 'string' || v.includes('\u0000')) throw wrong('after: {column} is not a value; start again from page 1 without after', k.column.name);
    if (k.type === 'date') {
      // Passed on as printed (microseconds included) once it is clearly a timestamp.
      if (!isTimestamp(v)) throw wrong('after: {column} is not a timestamp; start again from page 1 without after', k.column.name);
      return v;
    }
    try {
      return typed(k.column.name, { column: k.column, type: k.type }, v);
    } catch {
      throw wrong('after: {column} is not a {type}; start again from page 1 without after', k.column.name, k.type);
    }
  });
}

/**
 * Rows strictly after `values` in the ORDER BY of `keys` (ASC puts nulls last, DESC first, as
 * PostgreSQL does). The first key also gets a plain range bound, so an index on it can start there.
 */
function afterCondition(keys: SortKey[], values: (string | number | boolean | null)[], i = 0): SQL {
  const { column: col, desc: down } = keys[i]!;
  const v = values[i] ?? null;
  const rest = i + 1 < keys.length ? afterCondition(keys, values, i + 1) : undefined;
  const tie = (cond: SQL) => (rest ? sql`(${cond} and ${rest})` : undefined);
  let beyond: SQL;
  if (v === null) {
    beyond = down ? sql`${col} is not null` : sql`false`;
    const same = tie(sql`${col} is null`);
    return same ? sql`(${beyond} or ${same})` : beyond;
  }
  beyond = down ? sql`${col} < ${v}` : col.notNull ? sql`${col} > ${v}` : sql`(${col} > ${v} or ${col} is null)`;
  const same = tie(sql`${col} = ${v}`);
  const cond = same ? sql`(${beyond} or ${same})` : beyond;
  if (i > 0 || !same) return cond;
  const bound = down ? sql`${col} <= ${v}` : col.notNull ? sql`${col} >= ${v}` : undefined;
  return bound ? sql`(${bound} and ${cond})` : cond;
}

/** Select fields carrying each sort key as text, for the next cursor (spread into the page's select). */
type KeyFields = Record<`__k${number}`, SQL<string | null>>;
/** A fetched row's key fields. */
type KeyValues = Record<`__k${number}`, string | null>;

/** How to fetch one page of a list: AND `after` into the page query (not the count), then order, limit, offset. */
export interface ListPlan {
  /** The keyset condition when the call sent `after`, else undefined. */
  after: SQL | undefined;
  /** The cursor's values, checked (for `afterWith`), when the call sent `after`. */
  afterValues: (string | number | boolean | null)[] | undefined;
  /** The keyset condition of `after` with each value replaced by `value(i)` (a placeholder of a statement built once). */
  afterWith(value: (i: number) => unknown): SQL | undefined;
  orderBy: SQL[];
  /** pageSize + 1: the extra row says whether there is a next page. */
  limit: number;
  offset: number;
  keyFields: KeyFields;
  keys: SortKey[];
  pageSize: number;
  keyset: boolean;
}

export interface ListPageQuery {
  page: number;
  pageSize: number;
  sort?: ParsedSort | undefined;
  after?: string | undefined;
}

/** Plans a page of `spec` for the call's sort (or `defaultSort`), then `tiebreak`; `after` or `page`. */
export function listPlan(spec: ListSpec, q: ListPageQuery, defaultSort: ParsedSort, tiebreak: readonly Tiebreak[]): ListPlan {
  const keys = sortKeys(spec, q.sort ?? defaultSort, tiebreak);
  const afterValues = q.after ? decodeCursor(keys, q.after) : undefined;
  const keyFields: KeyFields = {};
  keys.forEach((k, i) => {
    keyFields[`__k${i}`] = sql<string | null>`(${k.column})::text`;
  });
  return {
    after: afterValues ? afterCondition(keys, afterValues) : undefined,
    afterValues,
    afterWith: (value) =>
      afterValues
        ? afterCondition(
            keys,
            afterValues.map((v, i) => (v === null ? null : (value(i) as string))),
          )
        : undefined,
    orderBy: keys.map((k) => (k.desc ? desc : asc)(k.column)),
    limit: q.pageSize + 1,
    offset: q.after ? 0 : (q.page - 1) * q.pageSize,
    keyFields,
    keys,
    pageSize: q.pageSize,
    keyset: Boolean(q.after),
  };
}

export interface ListPage<T> {
  list: T[];
  total: number;
  totalExact: boolean;
  next: string | null;
}

/**
 * Turns the rows of a plan (at most pageSize + 1, each with the plan's key fields) into the page:
 * the cursor of the next page, and the total: exact up to LIST_TOTAL_CAP, past it a lower bound with
 * totalExact false. `countUpTo(n)` counts at most n matching rows (the list's WHERE without `after`);
 * it is not even called when the page itself tells the total (a last page) or that it is past the cap.
 */
export async function listPage<R extends KeyValues, T>(
  plan: ListPlan,
  rows: R[],
  countUpTo: (limit: number) => Promise<number>,
  toRow: (row: Omit<R, `__k${number}`>) => T,
): Promise<ListPage<T>> {
  const more = rows.length > plan.pageSize;
  const page = more ? rows.slice(0, plan.pageSize) : rows;
  const last = page.at(-1);
  const next =
    more && last
      ? encodeCursor(
          plan.keys,
          plan.keys.map((_, i) => last[`__k${i}`] ?? null),
        )
      : null;
  const list = page.map((r) => {
    const row: Record<string, unknown> = { ...r };
    plan.keys.forEach((_, i) => delete row[`__k${i}`]);
    return toRow(row as Omit<R, `__k${number}`>);
  });
  const seen = plan.offset + page.length;
  if (!plan.keyset && !more && (page.length > 0 || plan.offset === 0)) return { list, total: seen, totalExact: true, next };
  if (!plan.keyset && seen > LIST_TOTAL_CAP) return { list, total: seen, totalExact: false, next };
  const counted = await countUpTo(LIST_TOTAL_CAP + 1);
  if (counted > LIST_TOTAL_CAP) return { list, total: Math.max(seen, LIST_TOTAL_CAP), totalExact: false, next };
  return { list, total: counted, totalExact: true, next };
}

/** A table the list's WHERE needs joined (its filter or scope names its columns): left unless `inner`. */
export interface CountJoin {
  table: PgTable;
  on: SQL | undefined;
  inner?: boolean;
}

/** countUpTo for a list over one table (and the joins its WHERE needs): counts at most `limit` rows of `table` matching `where`. */
export function countRows(db: Db, table: PgTable, where: SQL | undefined, joins: readonly CountJoin[] = []): (limit: number) => Promise<number> {
  return async (limit) => {
    let from = db
      .select({ one: sql`1` })
      .from(table)
      .$dynamic();
    for (const join of joins) from = join.inner ? from.innerJoin(join.table, join.on) : from.leftJoin(join.table, join.on);
    const inner = from.where(where).limit(limit).as('capped');
    const [row] = await db.select({ n: count() }).from(inner);
    return row?.n ?? 0;
  };
}
