import { z } from 'zod';
import type { CallContract } from '@uc/contracts';

/** The object shape of a call's query or body schema (empty when it has none or is not an object). */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let s: unknown = schema;
  // Unwrap pipes, defaults and optionals down to the object, when there is one.
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodType>;
    const def = (s as { _zod?: { def?: { in?: unknown; innerType?: unknown } } })._zod?.def;
    s = def?.in ?? def?.innerType;
  }
  return {};
}

/** Where a call takes a record id: 'query', 'body' or null. */
export function idLocation(call: CallContract): 'query' | 'body' | null {
  if ('id' in shapeOf(call.body)) return 'body';
  if ('id' in shapeOf(call.query)) return 'query';
  return null;
}

/** A deterministic pseudo-random generator (mulberry32), so a failing case can be replayed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY: unknown[] = [
  '',
  ' ',
  'a'.repeat(5000),
  '\u0000',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '١٢٣',
  '😀',
  '1e309',
  '-1',
  '0',
  '9'.repeat(40),
  'null',
  'true',
  '[]',
  '{}',
  '[["id","=",1]]',
  'NaN',
  0,
  -1,
  1,
  1.5,
  -0.0001,
  2 ** 53,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [1, 'a', null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  [[['deep']]],
  { a: { b: { c: { d: [] } } } },
];

export const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** A random body: the call's own fields (and some strangers) with values of every wrong kind. */
export function randomBody(rand: () => number, fields: string[]): unknown {
  const roll = rand();
  if (roll < 0.1) return pick(rand, NASTY);
  const out: Record<string, unknown> = {};
  for (const f of [...fields, 'unknownField', '__proto__', 'tenantId']) if (rand() < 0.7) out[f] = pick(rand, NASTY);
  return out;
}

/** A random query string object: the call's fields and some strangers, with text values (and repeats). */
export function randomQuery(rand: () => number, fields: string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of [...fields, 'page', 'filter', 'sort', 'x']) {
    if (rand() < 0.6) out[f] = rand() < 0.15 ? [String(pick(rand, NASTY)), 'b'] : String(JSON.stringify(pick(rand, NASTY)) ?? '');
  }
  return out;
}

export const RANDOM_HEADERS: Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' + 'x'.repeat(600) },
  { authorization: '\t' },
  { 'content-type': 'application/json' },
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/x-www-form-urlencoded' },
  { 'content-type': 'multipart/form-data; boundary=x' },
  { 'content-type': 'application/json; charset=latin1' },
  { 'accept-encoding': 'br;q=2, *;q=-1' },
  { 'x-forwarded-for': 'not-an-ip, 999.1.1.1' },
  { 'user-agent': 'u'.repeat(4000) },
];

/** The zod definition of a schema (zod 4 keeps it on `_zod.def`). */
const defOf = (s: unknown) =>
  (
    s as {
      _zod?: {
        def?: {
          type?: string;
          in?: unknown;
          innerType?: unknown;
          element?: unknown;
          options?: unknown[];
          values?: unknown[];
          entries?: Record<string, unknown>;
        };
      };
    }
  )._zod?.def;

/** A plausible value of `schema`: text, 1, true, the first option; ids point at no record (nothing real is touched). */
export function sampleValue(schema: unknown, name = ''): unknown {
  for (let i = 0; i < 8; i++) {
    const def = defOf(schema);
    switch (def?.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
      case 'catch':
      case 'prefault':
        schema = def.innerType;
        continue;
      case 'pipe':
        schema = def.in;
        continue;
      case 'string':
        return name.toLowerCase().includes('mobile') || name.toLowerCase().includes('phone') ? '13900000000' : `probe-${name}`;
      case 'number':
      case 'int':
      case 'bigint':
        return /id$/i.test(name) ? 2 ** 31 - 7 : 1;
      case 'boolean':
        return true;
      case 'literal':
        return def.values?.[0];
      case 'enum':
        return Object.values(def.entries ?? {})[0];
      case 'array':
        return [];
      case 'union':
        schema = def.options?.[0];
        continue;
      case 'object':
        return sampleOf(schema as z.ZodType);
      default:
        return undefined;
    }
  }
  return undefined;
}

/** A plausible object for a shape (see sampleValue). */
export function sampleOf(shapeOrSchema: Record<string, z.ZodType> | z.ZodType): Record<string, unknown> {
  const shape = shapeOrSchema instanceof z.ZodType ? shapeOf(shapeOrSchema) : shapeOrSchema;
  return Object.fromEntries(
    Object.entries(shape)
      .map(([k, v]) => [k, sampleValue(v, k)])
      .filter(([, v]) => v !== undefined),
  );
}
