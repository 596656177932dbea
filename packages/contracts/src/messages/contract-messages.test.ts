import type { z } from 'zod';
import { ALL_CALLS } from '..';
import { hasTranslation, messageText } from './render';
import { ZH_CN_MESSAGES } from './zh-CN';

type Def = { type?: string; error?: (issue: unknown) => unknown; checks?: { _zod: { def: Def } }[]; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Where a rule's message sits: the key of its field, and the keys of the object that holds it. */
interface Place {
  field?: string;
  keys: readonly string[];
}

/**
 * Every message a contract writes itself (`.min(1, '…')`, `{ error: '…' }`), found by walking the
 * schemas, with the places it sits in.
 */
function contractMessages(schema: unknown, place: Place, seen = new Set<unknown>(), out = new Map<string, Place[]>()): Map<string, Place[]> {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return out;
  seen.add(schema);
  const own = (d: Def | undefined) => {
    if (typeof d?.error !== 'function') return;
    let text: unknown;
    try {
      text = d.error({ code: 'custom', input: undefined, path: [] });
    } catch {
      /* a message built from the input: the runtime check in the server tests covers it */
    }
    if (text && typeof text === 'object' && typeof (text as { message?: unknown }).message === 'string') text = (text as { message: string }).message;
    if (typeof text === 'string') out.set(text, [...(out.get(text) ?? []), place]);
  };
  own(def);
  for (const check of def.checks ?? []) own(check._zod.def);
  const children: unknown[] = [];
  for (const key of ['innerType', 'element', 'in', 'out', 'keyType', 'valueType', 'schema']) if (def[key]) children.push(def[key]);
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) children.push(...(def[key] as unknown[]));
  if (def.type === 'lazy' && typeof def.getter === 'function') children.push((def.getter as () => unknown)());
  for (const child of children) contractMessages(child, place, seen, out);
  if (def.shape) {
    const shape = def.shape as Record<string, unknown>;
    const keys = Object.keys(shape);
    for (const [field, child] of Object.entries(shape)) contractMessages(child, { field, keys }, seen, out);
  }
  return out;
}

const allContractMessages = (): Map<string, Place[]> => {
  const messages = new Map<string, Place[]>();
  for (const call of ALL_CALLS) {
    for (const schema of [call.query, call.body] as (z.ZodType | undefined)[]) if (schema) contractMessages(schema, { keys: [] }, new Set(), messages);
  }
  return messages;
};

/** A word written as a code identifier (realName, inviteCode): a lower-case letter followed by a capital. */
const CAMEL_CASE = /[a-z][A-Z]/;

/**
 * Why a message, as a reader sees it (its field tag, if any, is not shown), does not read as a sentence
 * about its field in the screen's words; undefined when it does.
 */
function wordingProblem(template: string, places: readonly Place[]): string | undefined {
  const shown = messageText(template, 'en-US');
  const first = shown.split(/[\s:;,.]/)[0] ?? '';
  if (CAMEL_CASE.test(first)) return `starts with the code identifier "${first}": name the field as the screen does (Real name, The amount)`;
  const key = places.find((p) => p.field === first || p.keys.includes(first));
  if (key) return `starts with the bare field key "${first}": name the field as the screen does`;
  if (/^[a-z]/.test(shown)) return 'starts in lower case: write it as a sentence';
  return undefined;
}

describe('contract messages', () => {
  it('has a Chinese text for every message a contract writes (the server sends them to Chinese readers)', () => {
    const messages = allContractMessages();
    expect(messages.size).toBeGreaterThan(40);
    expect([...messages.keys()].filter((m) => !hasTranslation(m)).sort()).toEqual([]);
  });

  // An English reader sees these under the form's field or in a toast: `realName must be at most 64
  // characters` there reads as a leak of the code, `Real name must be at most 64 characters` as the form.
  it('writes every rule message as a sentence that names its field in words, not by its key', () => {
    const problems = [...allContractMessages()].flatMap(([message, places]) => {
      const problem = wordingProblem(message, places);
      return problem ? [`${message} (${places.map((p) => p.field ?? '(the whole value)').join(', ')}): ${problem}`] : [];
    });
    expect(problems.sort()).toEqual([]);
  });

  it('catches a message that starts with a field key, camelCase or not', () => {
    const place: Place = { field: 'realName', keys: ['realName', 'remark'] };
    expect(wordingProblem('realName must be at most 64 characters', [place])).toMatch(/code identifier "realName"/);
    expect(wordingProblem('remark must be text', [place])).toMatch(/bare field key "remark"/);
    expect(wordingProblem('choose at least one role', [place])).toMatch(/lower case/);
    // The tag of a tagged message is not shown; what follows it is judged.
    expect(wordingProblem('realName: realName is required', [place])).toMatch(/code identifier "RealName"/);
    expect(wordingProblem('Real name must be at most 64 characters', [place])).toBeUndefined();
    expect(wordingProblem('QQ number must be 5 to 12 digits', [place])).toBeUndefined();
  });

  it('starts no server message with a code identifier but in its field tag (which the reader does not see)', () => {
    const leaks = Object.keys(ZH_CN_MESSAGES).filter((template) => CAMEL_CASE.test(messageText(template, 'en-US').split(/[\s:;,.]/)[0] ?? ''));
    expect(leaks.sort()).toEqual([]);
  });
});
