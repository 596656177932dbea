import { sql } from 'drizzle-orm';
import { chunk, listenLocally, rawRequest, type RawAnswer } from '../test/raw-http';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let base: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ base, port } = await listenLocally(t.app));
});
afterAll(() => t.close());

describe('the envelope on every failure', () => {
  it('404 names the method and path', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/user/admin/nothing/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: 'There is no API at DELETE /user/admin/nothing/here: check the method and the address', data: null });
  });

  it('400 names the field and the rule', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username: '', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: -1,
      message: 'Username cannot be empty',
      data: { fields: [{ field: 'username', message: 'Username cannot be empty' }] },
    });
  });

  it('400 on a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, message: expect.stringContaining('not valid JSON'), data: null });
  });

  it('500 hides the details of a crash', async () => {
    const broken = await createTestApp();
    try {
      // A database that lost a table: the query fails inside the handler.
      await broken.db.execute(sql`drop table site_settings`);
      const res = await broken.app.inject({ url: '/admin/admin/site/config' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ code: -1, message: expect.stringMatching(/^Something went wrong on the server/), data: null });
      expect(res.body).not.toMatch(/site_settings|stack|at /);
    } finally {
      await broken.close();
    }
  });
});

const HAN = /\p{Script=Han}/u;
const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

/** What a client reads from a fetch: the status and the body as JSON (undefined when it is not JSON). */
async function fetched(path: string, init: RequestInit = {}): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  try {
    return { status: res.status, json: JSON.parse(text) };
  } catch {
    return { status: res.status, json: text };
  }
}
const envelope = (message: RegExp) => ({ code: -1, message: expect.stringMatching(message), data: null });

describe('the envelope on what is answered before a route runs, over a real connection', () => {
  it('431 for a 20 KB address (Node refuses it before Fastify sees it), in the reader’s language', async () => {
    const long = `/user/admin/member/list?keyword=${'x'.repeat(20_000)}`;
    const en = await fetched(long);
    expect(en).toEqual({ status: 431, json: envelope(/^The address and headers of the request are too long \(at most 16 KB together\): shorten the address/) });
    const chinese = await fetched(long, { headers: zh });
    expect(chinese).toEqual({ status: 431, json: envelope(/^请求的地址和请求头过长（合计最多 16 KB）/) });
  });

  it('400 for an address with a broken % escape', async () => {
    for (const path of ['/user/admin/%E0%A4%A', '/user/admin/member/%zz']) {
      const res = await fetched(path, { headers: zh });
      expect(res).toEqual({ status: 400, json: envelope(/^地址无效：% 后面必须是两位十六进制数字/) });
    }
  });

  it('404 for an unknown address, 400 for malformed JSON, 415 for an unsupported content type, 413 for a body too large', async () => {
    expect(await fetched('/user/admin/nothing/here', { method: 'POST', headers: zh })).toEqual({
      status: 404,
      json: envelope(/^不存在接口 POST \/user\/admin\/nothing\/here/),
    });
    const login = '/user/admin/site/accountLogin';
    const post = (headers: Record<string, string>, body: string) => fetched(login, { method: 'POST', headers: { ...zh, ...headers }, body });
    expect(await post({ 'content-type': 'application/json' }, '{oops')).toEqual({ status: 400, json: envelope(/^请求体不是有效的 JSON/) });
    expect(await post({ 'content-type': 'application/xml' }, '<a/>')).toEqual({ status: 415, json: envelope(/^不接受此内容类型/) });
    expect(await post({ 'content-type': 'application/json' }, JSON.stringify({ username: 'x'.repeat(70_000) }))).toEqual({
      status: 413,
      json: envelope(/^请求体过大：此接口最多接受 64 KB/),
    });
    // Streamed (chunked, no Content-Length): read up to the limit, then refused the same.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(i === 0 ? '{"username":"' : 'x'.repeat(10_000)));
        controller.close();
      },
    });
    expect(
      await fetched(login, { method: 'POST', headers: { ...zh, 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit),
    ).toEqual({
      status: 413,
      json: envelope(/^请求体过大/),
    });
  });

  const raw = (request: string): Promise<RawAnswer> => rawRequest(port, request).answer;

  it('400 for bytes that are not HTTP (in Chinese when they name it), without Host, and 417 for an Expect it cannot meet', async () => {
    const garbage = await raw('HELLO THERE\r\nAccept-Language: zh-CN\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.headers['content-type']).toMatch(/^application\/json/);
    expect(garbage.json).toEqual(envelope(/^请求不是有效的 HTTP\/1\.1 报文（HPE_INVALID_METHOD）/));
    const english = await raw('GET /user/admin/site/loginConfig HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n');
    expect(english).toMatchObject({ status: 400, json: envelope(/^The request is not valid HTTP\/1\.1 \(HPE_/) });
    const noHost = await raw('GET /user/admin/site/loginConfig HTTP/1.1\r\nAccept-Language: zh-CN\r\n\r\n');
    expect(noHost).toMatchObject({ status: 400, json: envelope(/^请求缺少 Host 请求头/) });
    expect(noHost.headers['x-content-type-options']).toBe('nosniff');
    const expectation = await raw(
      'POST /user/admin/site/accountLogin HTTP/1.1\r\nHost: x\r\nExpect: wonders\r\nContent-Length: 2\r\nAccept-Language: zh-CN\r\n\r\n{}',
    );
    expect(expectation).toMatchObject({ status: 417, json: envelope(/^服务器无法满足此请求的 Expect 请求头/) });
  });

  it('closes the connection after a refusal given before the body was read, so an endless body is not read for ever', async () => {
    const endless = (head: string) => {
      const { answer, closed } = rawRequest(port, [head], { more: chunk('x'.repeat(16 * 1024)) });
      return { answer, closed };
    };
    const streamed = (path: string, type: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    for (const [head, status] of [
      // A content type no call reads.
      [streamed('/user/admin/site/accountLogin', 'application/xml'), 415],
      // A multipart body to a call that reads JSON: refused by its contract, the body never read.
      [streamed('/user/admin/site/accountLogin', 'multipart/form-data; boundary=b'), 400],
      // An upload from a stranger: refused before the file is read.
      [streamed('/admin/admin/upload/image', 'multipart/form-data; boundary=b'), 401],
      // An address that does not exist: its body is read within the default limit, no further.
      [streamed('/user/admin/nothing', 'application/json'), 413],
    ] as const) {
      const { answer, closed } = endless(head);
      const res = await answer;
      expect({ head: head.split('\r\n')[0], status: res.status, connection: res.headers.connection }).toEqual({
        head: head.split('\r\n')[0],
        status,
        connection: 'close',
      });
      expect(res.json).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      await closed;
    }
  });

  it('keeps every such message Chinese for a Chinese reader', async () => {
    const answers = [
      await fetched(`/user/admin/member/list?keyword=${'x'.repeat(20_000)}`, { headers: zh }),
      await fetched('/user/admin/%E0%A4%A', { headers: zh }),
      await fetched('/nowhere', { headers: zh }),
    ];
    for (const { json } of answers) expect((json as { message: string }).message).toMatch(HAN);
  });
});
