import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { CallContract } from '@uc/shared/contracts';
import { PLATFORM_TENANT_ID } from '../db/seed';
import { auth, tokenFor } from '../test/fixtures';
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

const BODY_VALUES: unknown[] = ['a\u0000b', 1e308, -1e19, 1.5, 'x'.repeat(70_000), true, {}, ['a\u0000'], { 'a\u0000': 'b' }];
const QUERY_VALUES: string[] = ['a\u0000b', '%00', '1e308', '-1e308', '1e19', '99999999999999999999', '1.5', 'x'.repeat(20_000)];
const FILTER_VALUES: unknown[] = [1e308, -1e19, 1.5, 'a\u0000b', '99999999999999999999', true];
const FILTER_OPS = ['=', 'in', 'between', 'like'] as const;

let t: TestApp;
let calls: readonly CallContract[];
beforeAll(async () => {
  t = await createTestApp();
  calls = registeredCalls(t.app);
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
  }, 600_000);

  it('refuses a NUL byte in any text with a 400 that names the field', async () => {
    const problems: string[] = [];
    for (const call of calls.filter((c) => c.access !== 'public' || c.method !== 'GET')) {
      const bodyShape = shapeOf(call.body);
      for (const field of Object.keys(bodyShape)) {
        const seen = await send(call, { body: { ...sampleOf(bodyShape), [field]: 'a\u0000b' } });
        const message = (seen.body as { message?: string }).message ?? '';
        if (seen.status !== 400 || !message.includes(field)) problems.push(`${call.method} ${call.path} body.${field} → ${seen.status} ${message}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

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
  }, 600_000);
});
