import { z } from 'zod';
import { ALL_CALLS, memberImportCall, MEMBER_IMPORT_CELL_MAX, MEMBER_IMPORT_MAX_ROWS } from '@uc/contracts';
import { auth } from '../test/fixtures';
import { chunk, LAST_CHUNK, listenLocally, rawRequest } from '../test/raw-http';
import { createTestApp, type TestApp } from '../test/test-app';
import { BODY_LIMIT, bodyLimitOf, LARGE_BODIES, MAX_JSON_DEPTH, nestsDeeperThan, sizeText } from './body-parsers';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ port } = await listenLocally(t.app));
});
afterAll(() => t.close());

const LOGIN = '/user/admin/site/accountLogin';
const json = { 'content-type': 'application/json' };
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('nesting, counted on the text before it is parsed', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan(deepArray(3), 3)).toBe(false);
    expect(nestsDeeperThan(deepArray(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":1}],"c":[[]]}', 3)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBe(false);
    // An escaped quote does not end the string; an escaped backslash before the closing one does not escape it.
    expect(nestsDeeperThan(JSON.stringify({ text: '"[[[[\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",[[]]]`, 2)).toBe(true);
  });
});

describe('a JSON body nested too deeply', () => {
  it('is refused with a 400 naming the limit before anything walks it, signed in or not (was a 500 from the NUL check)', async () => {
    // The report's body: 5,000 nested objects, 30 KB, to the sign-in.
    const res = await t.app.inject({ method: 'POST', url: LOGIN, headers: json, payload: deepObject(5_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: -1,
      message: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels: send it with fewer nested objects and arrays`,
      data: null,
    });
    // 100,000 levels (200 KB) to the call with the largest limit, without a session: refused by the parser.
    const deepest = await t.app.inject({
      method: 'POST',
      url: memberImportCall.path,
      headers: { ...json, 'accept-language': 'zh-CN' },
      payload: deepArray(100_000),
    });
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().message).toBe(`JSON 请求体的嵌套超过 ${MAX_JSON_DEPTH} 层，请减少对象和数组的嵌套层数后重新发送`);
  });

  it('is refused the same when it arrives in chunks over a connection', async () => {
    const body = deepArray(100_000);
    const pieces = [`POST ${memberImportCall.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`];
    for (let at = 0; at < body.length; at += 16 * 1024) pieces.push(chunk(body.slice(at, at + 16 * 1024)).toString('latin1'));
    const { answer } = rawRequest(port, [...pieces, LAST_CHUNK]);
    const res = await answer;
    expect(res.status).toBe(400);
    expect((res.json as { message: string }).message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('lets through what nests up to the limit, and brackets inside text', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, headers: json, payload: `{"username":${deepArray(MAX_JSON_DEPTH - 1)}}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('username');
    const text = await t.app.inject({ method: 'POST', url: LOGIN, headers: json, payload: JSON.stringify({ username: deepArray(10_000), password: 'x' }) });
    expect(text.json().message).not.toContain('nests deeper');
  });

  it('keeps ordinary calls answering while deep and large bodies arrive', async () => {
    // Four bodies at the size the report used (900 KB): refused from their Content-Length, unread.
    const refused = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ method: 'POST', url: LOGIN, headers: json, payload: deepObject(180_000) })),
    );
    expect(refused.map((r) => r.statusCode)).toEqual([413, 413, 413, 413]);
    expect((await t.app.inject({ url: '/user/admin/site/loginConfig' })).statusCode).toBe(200);
  });
});

describe('a body over its call’s limit', () => {
  it('is refused with a 413 that names the limit, in the reader’s language, and closes the connection', async () => {
    const payload = JSON.stringify({ username: 'a', password: 'x'.repeat(BODY_LIMIT) });
    const res = await t.app.inject({ method: 'POST', url: LOGIN, headers: { ...json, 'accept-language': 'zh-CN' }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: -1, message: '请求体过大：此接口最多接受 64 KB，请减少一次发送的数据', data: null });
    expect(res.headers.connection).toBe('close');
  });

  it('stops reading a streamed body at the limit: the client that keeps sending is answered and cut off', async () => {
    const headers = `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    // A body that never ends: without the limit (and the closed connection) this would never settle.
    const { answer, closed } = rawRequest(port, [headers, chunk('{"username":"')], { more: chunk('x'.repeat(16 * 1024)) });
    const res = await answer;
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ code: -1, message: 'The request body is too large: this call takes at most 64 KB; send less data at once', data: null });
    await closed;
  });

  it('is 64 KB for ordinary calls; the calls that need more read bodies up to their own limit', async () => {
    expect(BODY_LIMIT).toBe(64 * 1024);
    const token = await t.login();
    const padded = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - 10) });
    for (const [call, limit] of LARGE_BODIES) {
      const send = (payload: string) => t.app.inject({ method: call.method, url: call.path, headers: { ...json, ...auth(token) }, payload });
      const within = await send(padded(limit));
      expect({ call: call.path, status: within.statusCode }).toEqual({ call: call.path, status: 400 });
      const over = await send(padded(limit + 1));
      expect({ call: call.path, status: over.statusCode, message: over.json().message }).toEqual({
        call: call.path,
        status: 413,
        message: `The request body is too large: this call takes at most ${sizeText(limit)}; send less data at once`,
      });
    }
    expect(Math.max(...LARGE_BODIES.values())).toBe(2048 * 1024);
  });
});

/*
 * What each contract admits at most, from its JSON Schema: every text at its maximum length in 3-byte
 * UTF-8 characters (Chinese), every number at 24 characters, every list full; a text without a maximum
 * counts as empty (the body limit is its bound). A new call, or a field grown longer, that would not fit
 * its call's limit fails here, naming it.
 */
type Schema = {
  type?: string;
  maxLength?: number;
  maxItems?: number;
  items?: Schema;
  prefixItems?: Schema[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
};
const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

function largest(s: Schema): number {
  if (s.$ref) throw new Error('a recursive body: give its call a limit by hand and check MAX_JSON_DEPTH');
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives) return Math.max(...alternatives.map(largest));
  if (s.enum) return Math.max(...s.enum.map((v) => JSON.stringify(v).length));
  if (s.const !== undefined) return JSON.stringify(s.const).length;
  switch (s.type) {
    case 'string':
      return (s.maxLength ?? 0) * 3 + 2;
    case 'number':
    case 'integer':
      return 24;
    case 'boolean':
      return 5;
    case 'array': {
      const each = s.prefixItems ? s.prefixItems.reduce((sum, item) => sum + largest(item) + 1, 0) : (s.maxItems ?? 0) * (largest(s.items ?? {}) + 1);
      return each + 2;
    }
    case 'object':
      return Object.entries(s.properties ?? {}).reduce((sum, [key, value]) => sum + JSON.stringify(key).length + 1 + largest(value) + 1, 2);
    default:
      return 4;
  }
}
function depth(s: Schema): number {
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives) return Math.max(...alternatives.map(depth));
  const inner = [...Object.values(s.properties ?? {}), ...(s.items ? [s.items] : []), ...(s.prefixItems ?? [])];
  return (s.type === 'object' || s.type === 'array' ? 1 : 0) + Math.max(0, ...inner.map(depth));
}

describe('the limits against the contracts', () => {
  const bodies = ALL_CALLS.filter((c) => c.body).map((call) => ({ call, schema: jsonSchemaOf(call.body!) }));

  it('give every call room for its largest valid body', () => {
    expect(bodies.length).toBeGreaterThan(50);
    const tooSmall = bodies
      .map(({ call, schema }) => ({ call: `${call.method} ${call.path}`, largest: largest(schema), limit: bodyLimitOf(call) }))
      .filter((c) => c.largest > c.limit);
    expect(tooSmall).toEqual([]);
  });

  it('nest no contract anywhere near MAX_JSON_DEPTH', () => {
    const deepest = Math.max(...bodies.map(({ schema }) => depth(schema)));
    expect(deepest).toBeLessThanOrEqual(4);
    expect(deepest * 4).toBeLessThanOrEqual(MAX_JSON_DEPTH);
  });

  it(`take a member import of ${MEMBER_IMPORT_MAX_ROWS} rows with every cell at its longest (its rows are checked one by one)`, async () => {
    const token = await t.login();
    const longest = (field: keyof typeof MEMBER_IMPORT_CELL_MAX, c: string) => c.repeat(MEMBER_IMPORT_CELL_MAX[field]);
    const row = (i: number) => ({
      row: 1_000_000 + i,
      username: `u${String(i).padStart(3, '0')}`.padEnd(MEMBER_IMPORT_CELL_MAX.username, 'x'),
      realName: longest('realName', '名'),
      // The last row's phone number is wrong: the rows are all read and checked.
      mobile: i === MEMBER_IMPORT_MAX_ROWS - 1 ? 'not a phone' : longest('mobile', '号'),
      email: `${'邮'.repeat(MEMBER_IMPORT_CELL_MAX.email - 20)}@example.com`,
      dept: longest('dept', '部'),
      post: longest('post', '岗'),
      sex: longest('sex', '性'),
      status: longest('status', '态'),
      password: longest('password', '密'),
      remark: longest('remark', '备'),
    });
    const payload = JSON.stringify({ rows: Array.from({ length: MEMBER_IMPORT_MAX_ROWS }, (_, i) => row(i)), initialPassword: '密'.repeat(128) });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(1800 * 1024);
    const res = await t.app.inject({ method: 'POST', url: memberImportCall.path, headers: { ...json, ...auth(token) }, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      imported: 0,
      errors: expect.arrayContaining([expect.objectContaining({ row: 1_000_000 + MEMBER_IMPORT_MAX_ROWS - 1, field: 'mobile' })]),
    });
  });
});

describe('a JSON body with a __proto__ or constructor.prototype key', () => {
  it('is refused, as Fastify’s own parser does, instead of reaching objects built from it', async () => {
    for (const payload of ['{"username":"a","__proto__":{"isSuperAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await t.app.inject({ method: 'POST', url: LOGIN, headers: json, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/__proto__ or constructor\.prototype/);
    }
    const broken = await t.app.inject({ method: 'POST', url: LOGIN, headers: json, payload: '{"__proto__":' });
    expect(broken.json().message).toBe('The body is not valid JSON: send a JSON object');
  });
});
