import type { FastifyInstance } from 'fastify';
import { letterSendCall, memberImportCall, noticeEditCall, roleMenusCall, tenantPolicyEditCall, upgradeLogEditCall, type CallContract } from '@uc/contracts';
import { badRequest } from './errors';

/*
 * Request bodies are bounded before anything walks them: first their size (Fastify stops reading past
 * the call's limit: 413), then, for JSON, their nesting (counted on the text, before it is parsed: 400).
 * Whatever walks a body afterwards (the NUL guard, zod, the audit log, a handler) meets at most
 * MAX_JSON_DEPTH levels, so no body can drive a recursion deep enough to matter.
 */

const KIB = 1024;

/**
 * What a JSON or form body may weigh, unless its call needs more (LARGE_BODIES). The largest ordinary
 * form (a menu or a role with every field at its longest, in Chinese) is under 48 KiB, a sign-in under
 * 1 KiB: 64 KiB refuses nothing a console sends, and a stranger's sign-in cannot make the server read,
 * hold and parse a megabyte.
 */
export const BODY_LIMIT = 64 * KIB;

/**
 * The calls whose contracts admit more, with room over their largest valid body (every text at its
 * maximum in 3-byte UTF-8 characters, every list full; body-parsers.test.ts computes it from the
 * contracts and fails when a call outgrows its limit). The member import is the largest: 500 rows, each
 * cell at most the user form's length (MEMBER_IMPORT_CELL_MAX: remark 500, email 320, password 128,
 * names 64 characters...), at most about 3.9 KiB a row, so 1.9 MiB: 2 MiB. A real row is ~150 bytes.
 */
export const LARGE_BODIES: ReadonlyMap<CallContract, number> = new Map<CallContract, number>([
  [memberImportCall, 2048 * KIB],
  // 100,000 characters of content.
  [noticeEditCall, 512 * KIB],
  [letterSendCall, 512 * KIB],
  [upgradeLogEditCall, 512 * KIB],
  // 10,000 menu ids.
  [tenantPolicyEditCall, 512 * KIB],
  // 5,000 menu ids.
  [roleMenusCall, 256 * KIB],
]);

/** The body limit of a call. */
export const bodyLimitOf = (call: CallContract): number => LARGE_BODIES.get(call) ?? BODY_LIMIT;

/**
 * How deeply a JSON body may nest objects and arrays. The deepest contract needs 4 levels (a body, a
 * list, a row, a field): 32 refuses nothing valid and keeps every later walk shallow.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP = 'The JSON body nests deeper than {max} levels: send it with fewer nested objects and arrays';
export const NOT_JSON = 'The body is not valid JSON: send a JSON object';
export const POISONED = 'The body has a field named __proto__ or constructor.prototype, which is not accepted: remove it and send again';

/** A byte count as the messages show it: 64 KB, 1 MB. */
export const sizeText = (bytes: number): string =>
  bytes >= 1024 * KIB && bytes % (1024 * KIB) === 0 ? `${bytes / (1024 * KIB)} MB` : `${Math.ceil(bytes / KIB)} KB`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether JSON text opens more than `max` objects and arrays inside one another. One pass over the
 * characters, skipping strings (a bracket inside one is text), with no allocation: it runs before
 * JSON.parse, so a body of nothing but brackets is refused before it costs more than this scan.
 * Malformed text gets an answer either way: JSON.parse refuses what this lets through.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Fewer characters than levels: it cannot nest that deep.
  if (text.length <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // To the closing quote: the first one after an even number of backslashes (\" is text).
      let end = text.indexOf('"', i + 1);
      for (;;) {
        // Unterminated: not JSON, which JSON.parse says.
        if (end < 0) return false;
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * JSON bodies where an empty body means {} (clients send `Content-Type: application/json` on calls
 * without a body, such as logout), and form-urlencoded bodies as plain objects; both within the
 * call's body limit (BODY_LIMIT, or LARGE_BODIES for the calls that need more).
 */
export function installBodyParsers(app: FastifyInstance): void {
  // Each call's limit is set on its route as it is added (calls are registered after this).
  const largeAt = new Map([...LARGE_BODIES].map(([call, limit]) => [`${call.method} ${call.path}`, limit]));
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const limit = largeAt.get(`${method} ${route.url}`);
      if (limit !== undefined && route.bodyLimit === undefined) route.bodyLimit = limit;
    }
  });
  // Fastify's own JSON parsing (secure-json-parse): refuses __proto__ and constructor.prototype keys,
  // which would otherwise reach objects built from the body as their prototype.
  const secureParse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, {});
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest(TOO_DEEP, { max: MAX_JSON_DEPTH }), undefined);
    // Given a callback, the parser answers through it (its promise form is for callers without one).
    void secureParse(req, text, (err, value) => {
      if (!err) return done(null, value);
      // Said apart only when refused (a second parse costs nothing on the way that succeeds).
      done(badRequest(isJson(text) ? POISONED : NOT_JSON), undefined);
    });
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
