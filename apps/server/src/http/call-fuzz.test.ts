import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { CallContract } from '@uc/contracts';
import { PLATFORM_TENANT_ID } from '../db/seed';
import { bodyLimitOf, MAX_JSON_DEPTH, sizeText } from '../lib/body-parsers';
import { auth, tokenFor } from '../test/fixtures';
import { chunk, LAST_CHUNK, listenLocally, rawRequest, type RawAnswer } from '../test/raw-http';
import { sampleOf, shapeOf } from '../test/route-table';
import { createTestApp, type TestApp } from '../test/test-app';
import { registeredCalls } from './route-registrar';

/*
 * Systematic counterpart of the route table's random fuzz: every field of every registered call gets
 * every hostile value once (NUL bytes, numbers past any column, wrong types, oversize text), with the
 * other fields plausible so the hostile one is what the server has to deal with; every list gets
 * hostile filter values on every field it allows. Generated from the contract catalogue and the
 * server's own answers, so a new call or a new list field is covered without a line of test code.
 */

// The long text stays under every call's body limit (64 KB), so the field's own rule has to answer it.
const BODY_VALUES: unknown[] = ['a\u0000b', 1e308, -1e19, 1.5, 'x'.repeat(60_000), true, {}, ['a\u0000'], { 'a\u0000': 'b' }];
const QUERY_VALUES: string[] = ['a\u0000b', '%00', '1e308', '-1e308', '1e19', '99999999999999999999', '1.5', 'x'.repeat(20_000)];
/** A filter of 4,000 nested arrays, within the filter's 8,000 characters. */
const DEEP_FILTER = '['.repeat(4000) + ']'.repeat(4000);
const FILTER_VALUES: unknown[] = [1e308, -1e19, 1.5, 'a\u0000b', '99999999999999999999', true];
const FILTER_OPS = ['=', 'in', 'between', 'like'] as const;

// Each test below sends thousands of requests: its time limit (30 minutes) is there for a hang, not for a
// machine busy with other work, which has made one take ten times as long.
let t: TestApp;
let calls: readonly CallContract[];
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  calls = registeredCalls(t.app);
  ({ port } = await listenLocally(t.app));
});
afterAll(() => t.close());

const decoded = (res: LightMyRequestResponse): unknown => {
  const enc = res.headers['content-encoding'];
  const raw = enc === 'br' ? brotliDecompressSync(res.rawPayload) : enc === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8').slice(0, 200);
  }
};
const isEnvelope = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code: unknown }).code === 'number' &&
  typeof (body as { message: unknown }).message === 'string';

/** Sends as the platform super admin (a fresh session: a call may end its own) and returns what a tester would note. */
async function send(call: CallContract, part: { query?: Record<string, string>; body?: unknown }) {
  const token = await tokenFor(t.db, PLATFORM_TENANT_ID, 1);
  const res = await t.app.inject({
    method: call.method,
    url: call.path,
    query: part.query,
    headers: { ...auth(token), ...(call.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(call.method === 'GET' ? {} : { payload: JSON.stringify(part.body ?? {}) }),
  });
  return { status: res.statusCode, body: decoded(res) };
}

/** Collects the failures instead of stopping at the first, so one run lists every call to fix. */
function check(problems: string[], what: string, seen: { status: number; body: unknown }) {
  if (seen.status >= 500) problems.push(`${what} → ${seen.status} ${JSON.stringify(seen.body).slice(0, 160)}`);
  else if (!isEnvelope(seen.body)) problems.push(`${what} → not an envelope: ${JSON.stringify(seen.body).slice(0, 160)}`);
}

const short = (v: unknown) => JSON.stringify(v)?.slice(0, 24) ?? String(v);

describe('hostile values in every field of every call', () => {
  it('never answers 5xx to a hostile value in any body or query field; always the envelope', async () => {
    const problems: string[] = [];
    for (const call of calls) {
      const bodyShape = shapeOf(call.body);
      const queryShape = shapeOf(call.query);
      const base = sampleOf(bodyShape);
      for (const field of Object.keys(bodyShape)) {
        for (const value of BODY_VALUES) {
          check(problems, `${call.method} ${call.path} body.${field}=${short(value)}`, await send(call, { body: { ...base, [field]: value } }));
        }
      }
      const baseQuery = Object.fromEntries(Object.entries(sampleOf(queryShape)).map(([k, v]) => [k, String(v)]));
      for (const field of Object.keys(queryShape)) {
        if (field === 'filter') continue; // its own test below
        for (const value of QUERY_VALUES) {
          check(problems, `${call.method} ${call.path} query.${field}=${short(value)}`, await send(call, { query: { ...baseQuery, [field]: value } }));
        }
      }
    }
    expect(problems).toEqual([]);
  }, 1_800_000);

  it('refuses a NUL byte in any text with a 400 that names the field', async () => {
    const problems: string[] = [];
    for (const call of calls.filter((c) => c.access !== 'public' || c.method !== 'GET')) {
      const bodyShape = shapeOf(call.body);
      for (const field of Object.keys(bodyShape)) {
        const seen = await send(call, { body: { ...sampleOf(bodyShape), [field]: 'a\u0000b' } });
        const { message = '', data } = seen.body as { message?: string; data?: { fields?: { field: string }[] } | null };
        // The field is named in data.fields; the message is a sentence without it.
        const named = data?.fields?.some((f) => f.field === field || f.field.startsWith(`${field}.`)) ?? false;
        if (seen.status !== 400 || !named) problems.push(`${call.method} ${call.path} body.${field} → ${seen.status} ${message}`);
      }
    }
    expect(problems).toEqual([]);
  }, 1_800_000);

  it('never answers 5xx to a hostile filter value on any field of any list', async () => {
    const problems: string[] = [];
    const lists = calls.filter((c) => 'filter' in shapeOf(c.query));
    expect(lists.length).toBeGreaterThan(3);
    for (const call of lists) {
      // Lists only read: an id the list needs (the ledger's user) names a real record, the admin, so the filter is what is tested.
      const baseQuery = Object.fromEntries(
        Object.keys(shapeOf(call.query))
          .filter((k) => /id$/i.test(k))
          .map((k) => [k, '1']),
      );
      // The server names the fields it allows when asked for one it does not: the test learns them from there.
      const probe = await send(call, { query: { ...baseQuery, filter: JSON.stringify([['__no_such_field__', '=', 1]]) } });
      const message = String((probe.body as { message?: string }).message);
      const allowed = /use one of (.+)$/.exec(message)?.[1]?.split(', ') ?? [];
      if (allowed.length === 0) problems.push(`${call.path}: an unknown filter field got ${probe.status} ${message}`);
      check(problems, `${call.path} filter of 4,000 nested arrays`, await send(call, { query: { ...baseQuery, filter: DEEP_FILTER } }));
      for (const value of FILTER_VALUES) {
        check(
          problems,
          `${call.path} filter keyword ${short(value)}`,
          await send(call, { query: { ...baseQuery, filter: JSON.stringify([['keyword', String(value)]]) } }),
        );
      }
      for (const field of allowed) {
        for (const op of FILTER_OPS) {
          for (const value of FILTER_VALUES) {
            const triple = op === 'in' || op === 'between' ? [field, op, [value, value]] : [field, op, value];
            const seen = await send(call, { query: { ...baseQuery, filter: JSON.stringify([triple]) } });
            check(problems, `${call.path} filter ${short(triple)}`, seen);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 1_800_000);
});

/*
 * Bodies that attack the reading itself, to every call, over a real connection as well as through inject:
 * nested far past MAX_JSON_DEPTH, one byte over the call's own limit, and the same streamed in chunks
 * without a length (an oversized stream never ends: the server has to stop reading and close).
 */
describe('deep, oversized and streamed bodies to every call', () => {
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const head = (call: CallContract, token: string) =>
    `${call.method} ${call.path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
  /** A streamed request: the body in chunks of 16 KB, then the end; or, with `endless`, `endless` for ever. */
  const streamed = async (call: CallContract, token: string, body: string, endless?: string): Promise<{ status: number; body: unknown }> => {
    const pieces = [head(call, token)];
    for (let at = 0; at < body.length; at += 16 * 1024) pieces.push(chunk(body.slice(at, at + 16 * 1024)).toString('latin1'));
    if (!endless) pieces.push(LAST_CHUNK);
    const request = rawRequest(port, pieces, endless ? { more: chunk(endless) } : {});
    let res: RawAnswer;
    try {
      res = await request.answer;
    } finally {
      request.socket.destroy();
    }
    if (endless) await request.closed;
    return { status: res.status, body: res.json ?? res.text.slice(0, 200) };
  };
  const inject = async (call: CallContract, token: string, payload: string) => {
    const res = await t.app.inject({ method: call.method, url: call.path, headers: { ...auth(token), 'content-type': 'application/json' }, payload });
    return { status: res.statusCode, body: decoded(res) };
  };
  const messageOf = (seen: { body: unknown }) => String((seen.body as { message?: unknown }).message);

  it('refuses each with 400 or 413 naming the limit, never 5xx, always the envelope', async () => {
    const problems: string[] = [];
    /** Besides no 5xx and the envelope: a call that reads bodies answers `status` with `text` in its message. */
    const expectRefusal = (what: string, call: CallContract, seen: { status: number; body: unknown }, status: number, text: string) => {
      check(problems, what, seen);
      if (call.method !== 'GET' && (seen.status !== status || !messageOf(seen).includes(text))) problems.push(`${what} → ${seen.status} ${messageOf(seen)}`);
    };
    for (const call of calls) {
      const token = await tokenFor(t.db, PLATFORM_TENANT_ID, 1);
      const limit = bodyLimitOf(call);
      const deep = `deeper than ${MAX_JSON_DEPTH} levels`;
      const large = `at most ${sizeText(limit)}`;
      const name = `${call.method} ${call.path}`;
      // The report's 10 KB of 5,000 nested objects (under every limit), and 100,000 levels.
      expectRefusal(`${name} 5,000 nested objects`, call, await inject(call, token, deepObject(5_000)), 400, deep);
      const deepest = await inject(call, token, deepArray(100_000));
      expectRefusal(`${name} 100,000 nested arrays`, call, deepest, limit < 200_000 ? 413 : 400, limit < 200_000 ? large : deep);
      // One byte over the call's limit, valid JSON otherwise.
      const over = JSON.stringify({ pad: 'x'.repeat(limit - 9) });
      expectRefusal(`${name} ${over.length} bytes`, call, await inject(call, token, over), 413, large);
      // The same, streamed: deep in chunks; and a stream that never ends.
      expectRefusal(`${name} streamed 100,000 nested arrays`, call, await streamed(call, token, deepArray(Math.min(100_000, limit / 4))), 400, deep);
      if (call.method !== 'GET') expectRefusal(`${name} endless stream`, call, await streamed(call, token, '{"pad":"', 'x'.repeat(16 * 1024)), 413, large);
      // An ordinary body, streamed: read whole and answered as sent with a length (whatever the call says of it).
      const sample = JSON.stringify(sampleOf(shapeOf(call.body)));
      check(problems, `${name} streamed sample body`, await streamed(call, await tokenFor(t.db, PLATFORM_TENANT_ID, 1), sample));
    }
    expect(problems).toEqual([]);
  }, 1_800_000);
});
