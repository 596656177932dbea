import type { z } from 'zod';
import { ALL_CALLS } from '..';
import { hasTranslation } from './render';

type Def = { type?: string; error?: (issue: unknown) => unknown; checks?: { _zod: { def: Def } }[]; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Every message a contract writes itself (`.min(1, '…')`, `{ error: '…' }`), found by walking the schemas. */
function contractMessages(schema: unknown, seen = new Set<unknown>(), out = new Set<string>()): Set<string> {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return out;
  seen.add(schema);
  const own = (d: Def | undefined) => {
    if (typeof d?.error !== 'function') return;
    try {
      const text = d.error({ code: 'custom', input: undefined, path: [] });
      if (typeof text === 'string') out.add(text);
      else if (text && typeof (text as { message?: unknown }).message === 'string') out.add((text as { message: string }).message);
    } catch {
      /* a message built from the input: the runtime check in the server tests covers it */
    }
  };
  own(def);
  for (const check of def.checks ?? []) own(check._zod.def);
  const children: unknown[] = [];
  for (const key of ['innerType', 'element', 'in', 'out', 'keyType', 'valueType', 'schema']) if (def[key]) children.push(def[key]);
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) children.push(...(def[key] as unknown[]));
  if (def.shape) children.push(...Object.values(def.shape as Record<string, unknown>));
  if (def.type === 'lazy' && typeof def.getter === 'function') children.push((def.getter as () => unknown)());
  for (const child of children) contractMessages(child, seen, out);
  return out;
}

describe('contract messages', () => {
  it('has a Chinese text for every message a contract writes (the server sends them to Chinese readers)', () => {
    const messages = new Set<string>();
    for (const call of ALL_CALLS) {
      for (const schema of [call.query, call.body] as (z.ZodType | undefined)[]) if (schema) contractMessages(schema, new Set(), messages);
    }
    expect(messages.size).toBeGreaterThan(40);
    expect([...messages].filter((m) => !hasTranslation(m)).sort()).toEqual([]);
  });
});
