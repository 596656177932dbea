/** @jest-environment node */
import { accountLoginCall, memberDeleteCall, memberInfoCall, memberListCall, memberStatusBatchCall, siteConfigCall, uploadImageCall } from '@uc/contracts';
import { TimeoutError } from 'ky';
import { setLocale, t } from '../i18n/i18n-store';
import { createApiClient, MAX_RETRY_WAIT_MS, readXsrfToken, retryAfterMs } from './api-client';
import { clearPrefetchedForTests, PREFETCH_TTL_MS } from './call-prefetch';
import { ApiError, ErrorShowType } from './api-error';
import { setApiUi, type ApiUi } from './api-ui';
import { resetTimeoutDialogForTests } from './handle-api-error';

/** Like a real fetch, reads the request body (ky waits for it) and keeps it for assertions. */
const sentBodies = new WeakMap<Request, string>();
function respond(body: unknown, status = 200): jest.Mock {
  return jest.fn(async (request: Request) => {
    sentBodies.set(request, await request.text());
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

function fakeUi(): jest.Mocked<ApiUi> {
  return { success: jest.fn(), warn: jest.fn(), error: jest.fn(), notify: jest.fn(), confirm: jest.fn(), alert: jest.fn() };
}

const requestOf = (fetchMock: jest.Mock): Request => fetchMock.mock.calls[0][0] as Request;

let ui: jest.Mocked<ApiUi>;
beforeEach(() => {
  ui = fakeUi();
  setApiUi(ui);
  resetTimeoutDialogForTests();
  setLocale('zh-CN');
});

describe('createApiClient', () => {
  it('unwraps the envelope and returns data', async () => {
    const fetch = respond({ code: 0, message: 'ok', data: { basicCopyright: 'c', basicIcpCode: '', siteName: 'UC', offline: false } });
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch, getToken: () => 't0k' });
    await expect(client.call(siteConfigCall)).resolves.toMatchObject({ siteName: 'UC' });
    expect(requestOf(fetch).url).toBe('http://uc.test/admin/admin/site/config');
  });

  it('sends the stored token as the Authorization header, empty when there is none', async () => {
    const fetch = respond({ code: 0, message: '', data: null });
    await createApiClient({ prefixUrl: 'http://uc.test', fetch, getToken: () => 'abc' }).call(siteConfigCall);
    expect(requestOf(fetch).headers.get('Authorization')).toBe('abc');

    const anonymous = respond({ code: 0, message: '', data: null });
    await createApiClient({ prefixUrl: 'http://uc.test', fetch: anonymous, getToken: () => '' }).call(siteConfigCall);
    expect(requestOf(anonymous).headers.has('Authorization')).toBe(true);
    expect(requestOf(anonymous).headers.get('Authorization')).toBe('');
  });

  it('sends a form as multipart/form-data with the same token, and unwraps the answer', async () => {
    const fetch = respond({ code: 0, message: '', data: { url: '/x.png', name: 'a.png', size: 3, mime: 'image/png', purpose: 'private' } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    const answer = await createApiClient({ prefixUrl: 'http://uc.test', fetch, getToken: () => 'tok' }).call(uploadImageCall, {
      query: { purpose: 'private' },
      form,
    });
    expect(answer.url).toBe('/x.png');
    const request = requestOf(fetch);
    expect(new URL(request.url).searchParams.get('purpose')).toBe('private');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('Authorization')).toBe('tok');
    expect(sentBodies.get(request)).toContain('name="file"; filename="a.png"');
  });

  it('puts the query in the URL and the body as JSON', async () => {
    const list = respond({ code: 0, message: '', data: { list: [], page: 2, pageSize: 10, total: 0 } });
    await createApiClient({ prefixUrl: 'http://uc.test', fetch: list }).call(memberListCall, { query: { page: 2, filter: '[["keyword","ann"]]' } });
    const url = new URL(requestOf(list).url);
    expect(url.pathname).toBe('/user/admin/member/list');
    expect(url.searchParams.get('page')).toBe('2');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual([['keyword', 'ann']]);

    const login = respond({ code: 0, message: '', data: { id: 1, username: 'a', token: 't', expires: '' } });
    await createApiClient({ prefixUrl: 'http://uc.test', fetch: login }).call(accountLoginCall, { body: { username: 'a', password: 'b' } });
    expect(requestOf(login).method).toBe('POST');
    expect(JSON.parse(sentBodies.get(requestOf(login)) ?? '')).toEqual({ username: 'a', password: 'b' });
  });

  it('says a write went through when asked to (done), in the selected language, and nothing otherwise', async () => {
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch: respond({ code: 0, message: 'ok', data: null }) });
    setLocale('zh-CN');
    await client.call(memberDeleteCall, { body: { id: 1 }, done: 'deleted' });
    expect(ui.success).toHaveBeenLastCalledWith('已删除');
    setLocale('en-US');
    await client.call(memberDeleteCall, { body: { id: 1 }, done: 'saved' });
    expect(ui.success).toHaveBeenLastCalledWith('Saved');
    await client.call(memberDeleteCall, { body: { id: 1 } });
    expect(ui.success).toHaveBeenCalledTimes(2);
    setLocale('zh-CN');
  });

  it('a failed write says nothing of success', async () => {
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch: respond({ code: -1, message: 'no', data: null }, 400) });
    await client.call(memberDeleteCall, { body: { id: 1 }, done: 'deleted' }).catch(() => undefined);
    expect(ui.success).not.toHaveBeenCalled();
  });

  it('rejects a non-zero code and shows its message as an error toast', async () => {
    const fetch = respond({ code: -1, message: 'Login failed, please try again!', data: null }, 400);
    const error = await createApiClient({ prefixUrl: 'http://uc.test', fetch })
      .call(accountLoginCall, { body: { username: 'a', password: 'b' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, status: 400, message: 'Login failed, please try again!' });
    expect(ui.error).toHaveBeenCalledWith('Login failed, please try again!');
    expect(ui.confirm).not.toHaveBeenCalled();
  });

  it('opens the login-timeout dialog once on code 61, and OK leads to the login page', async () => {
    const fetch = respond({ code: 61, message: 'Not signed in', data: null }, 401);
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch });
    await Promise.allSettled([client.call(memberListCall), client.call(memberListCall)]);
    expect(ui.error).toHaveBeenCalledWith('Not signed in');
    expect(ui.confirm).toHaveBeenCalledTimes(1);
    expect(ui.confirm.mock.calls[0]?.[0]).toMatchObject({ title: '登录超时', content: '确定跳转到登录页？', okText: '确定跳转', cancelText: '取消' });
  });

  it('sends the tenant to act in as X-UC-Tenant, and nothing without one', async () => {
    const fetch = respond({ code: 0, message: '', data: { list: [], total: 0, page: 1, pageSize: 10 } });
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch });
    await client.call(memberListCall, { tenant: 7 });
    await client.call(memberListCall);
    expect((fetch.mock.calls[0][0] as Request).headers.get('X-UC-Tenant')).toBe('7');
    expect((fetch.mock.calls[1][0] as Request).headers.get('X-UC-Tenant')).toBeNull();
  });

  it('shows nothing for skipErrorHandler calls, yet still rejects', async () => {
    const fetch = respond({ code: 61, message: 'Not signed in', data: null }, 401);
    await expect(createApiClient({ prefixUrl: 'http://uc.test', fetch }).call(memberInfoCall, { skipErrorHandler: true })).rejects.toMatchObject({ code: 61 });
    expect(ui.error).not.toHaveBeenCalled();
    expect(ui.confirm).not.toHaveBeenCalled();
  });

  it.each([
    [ErrorShowType.silent, []],
    [ErrorShowType.warn, ['warn']],
    [ErrorShowType.error, ['error']],
    [ErrorShowType.notification, ['notify']],
  ] as const)('display mode %s shows through %j', async (showType, used) => {
    const fetch = respond({ code: -1, message: 'Nope', data: null });
    await createApiClient({ prefixUrl: 'http://uc.test', fetch })
      .call(siteConfigCall, { showType })
      .catch(() => undefined);
    for (const channel of ['warn', 'error', 'notify'] as const) {
      expect(ui[channel]).toHaveBeenCalledTimes((used as readonly string[]).includes(channel) ? 1 : 0);
    }
  });

  it('translates HTTP failures without an envelope', async () => {
    const fetch = respond('<html>bad gateway</html>', 502);
    await expect(createApiClient({ prefixUrl: 'http://uc.test', fetch }).call(siteConfigCall)).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(ui.error).toHaveBeenCalledWith('请求失败，状态码 502');

    setLocale('en-US');
    await createApiClient({ prefixUrl: 'http://uc.test', fetch: respond('oops', 500) })
      .call(siteConfigCall)
      .catch(() => undefined);
    expect(ui.error).toHaveBeenLastCalledWith('Request failed with status code 500');
  });

  it("tells the server the reader's language", async () => {
    setLocale('en-US');
    const fetch = respond({ code: 0, message: '', data: null });
    await createApiClient({ prefixUrl: 'http://uc.test', fetch }).call(siteConfigCall);
    expect(requestOf(fetch).headers.get('Accept-Language')).toBe('en-US');
  });

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN', () => {
    expect(readXsrfToken('a=1; XSRF-TOKEN=t%2Fok; b=2')).toBe('t/ok');
    expect(readXsrfToken('a=1')).toBeUndefined();
    expect(readXsrfToken('')).toBeUndefined();
  });

  it('redirect mode (9) goes to the login page with the current address', async () => {
    const assign = jest.fn();
    // A node test: a stand-in window with just the location the handler uses.
    (globalThis as { window?: unknown }).window = { location: { href: 'http://uc.test/user/web/org/user', assign } };
    try {
      const fetch = respond({ code: -1, message: 'Nope', data: null });
      await createApiClient({ prefixUrl: 'http://uc.test', fetch })
        .call(siteConfigCall, { showType: ErrorShowType.redirect })
        .catch(() => undefined);
      expect(assign).toHaveBeenCalledWith(`/user/web/user/login?redirect=${encodeURIComponent('http://uc.test/user/web/org/user')}`);
      expect(ui.error).not.toHaveBeenCalled();
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });

  it('translates a time-out', async () => {
    const fetch = jest.fn(async () => {
      throw new TimeoutError(new Request('http://uc.test/x'));
    });
    await expect(createApiClient({ prefixUrl: 'http://uc.test', fetch }).call(siteConfigCall)).rejects.toMatchObject({ kind: 'timeout' });
    expect(ui.error).toHaveBeenCalledWith('请求超时，请稍后重试');
  });

  it("has the spec's messages in both languages", () => {
    expect(
      ['message.login.failed', 'message.captcha.error', 'message.captcha.failed', 'message.upload.selectFile', 'message.offline'].map((k) =>
        t(k, undefined, 'en-US'),
      ),
    ).toEqual([
      'Login failed, please try again!',
      'Verification Code Error.',
      'Failed to obtain verification code, please try again!',
      'Upload: Please select a file.',
      'You are offline now',
    ]);
    expect(t('message.captcha.error', undefined, 'zh-CN')).toBe('验证码错误');
  });

  it('translates a network failure', async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(createApiClient({ prefixUrl: 'http://uc.test', fetch }).call(siteConfigCall)).rejects.toMatchObject({ kind: 'network' });
    expect(ui.error).toHaveBeenCalledWith('网络异常，请检查网络连接后重试');
  });
});

describe('prefetched calls', () => {
  const page = { code: 0, message: '', data: { list: [], page: 1, pageSize: 10, total: 0 } };
  const query = { page: 1, pageSize: 10, sort: '-createdAt' };
  beforeEach(() => clearPrefetchedForTests());

  it('the first call of the same address and query takes the prefetched answer; later ones ask again', async () => {
    const fetch = respond(page);
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch, getToken: () => 't' });
    client.prefetch(memberListCall, { query });
    // Keys in another order are the same query.
    await expect(client.call(memberListCall, { query: { sort: '-createdAt', pageSize: 10, page: 1 } })).resolves.toMatchObject({ total: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
    await client.call(memberListCall, { query });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('another query, another session or a stale prefetch is a request of its own', async () => {
    const fetch = respond(page);
    let token = 'a';
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch, getToken: () => token });
    client.prefetch(memberListCall, { query });
    await client.call(memberListCall, { query: { ...query, page: 2 } });
    expect(fetch).toHaveBeenCalledTimes(2);
    token = 'b';
    await client.call(memberListCall, { query });
    expect(fetch).toHaveBeenCalledTimes(3);

    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
    client.prefetch(memberListCall, { query });
    spy.mockReturnValue(now + PREFETCH_TTL_MS + 1);
    await client.call(memberListCall, { query });
    spy.mockRestore();
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('a failed prefetch shows nothing; the page asks again and its error is handled as usual', async () => {
    const fetch = respond({ code: -1, message: 'broken', data: null });
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch });
    client.prefetch(memberListCall, { query });
    await Promise.resolve();
    expect(ui.error).not.toHaveBeenCalled();
    await expect(client.call(memberListCall, { query })).rejects.toMatchObject({ message: 'broken' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(ui.error).toHaveBeenCalledTimes(1);
  });

  it('a caller that aborts stops waiting, without cancelling the request', async () => {
    const fetch = respond(page);
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch });
    client.prefetch(memberListCall, { query });
    const controller = new AbortController();
    const waiting = client.call(memberListCall, { query, signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('the same prefetch twice is one request', async () => {
    const fetch = respond(page);
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch });
    client.prefetch(memberListCall, { query });
    client.prefetch(memberListCall, { query });
    await client.call(memberListCall, { query });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a write forgets what was read ahead of it: the list reloaded after it asks the server', async () => {
    const fetch = respond(page);
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch, getToken: () => 't' });
    client.prefetch(memberListCall, { query });
    await client.call(memberStatusBatchCall, { body: { ids: [2], status: 2 } }).catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(2);
    await client.call(memberListCall, { query });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('only GET calls are prefetched', () => {
    const fetch = respond(page);
    createApiClient({ prefixUrl: 'http://uc.test', fetch }).prefetch(accountLoginCall, {});
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a busy server (503 with Retry-After)', () => {
  const busy = { code: -1, message: 'The server is busy with other requests right now: please try again in a moment', data: null };
  const page = { code: 0, message: '', data: { list: [], page: 1, pageSize: 10, total: 0 } };
  /** Answers each request with the next of `answers` ([status, body, Retry-After]); the last one repeats. */
  function answering(answers: [number, unknown, string?][]): jest.Mock {
    let i = 0;
    return jest.fn(async (request: Request) => {
      sentBodies.set(request, await request.text());
      const [status, body, retryAfter] = answers[Math.min(i++, answers.length - 1)]!;
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...(retryAfter !== undefined ? { 'retry-after': retryAfter } : {}) },
      });
    });
  }
  /** The injected wait: records how long the client meant to wait, and waits for nothing. */
  const waits: number[] = [];
  const wait = (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  };
  beforeEach(() => (waits.length = 0));

  it('asks for a read once more after Retry-After, and the caller sees only the answer', async () => {
    const fetch = answering([
      [503, busy, '2'],
      [200, page],
    ]);
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch, wait });
    await expect(client.call(memberListCall, { query: { page: 1 } })).resolves.toMatchObject({ total: 0 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([2000]);
    expect((fetch.mock.calls[1][0] as Request).url).toBe('http://uc.test/user/admin/member/list?page=1');
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('waits at most 5 s, reads an HTTP date too, and retries only once: a second 503 is shown', async () => {
    const fetch = answering([[503, busy, '60']]);
    const client = createApiClient({ prefixUrl: 'http://uc.test', fetch, wait });
    await expect(client.call(memberListCall, { query: { page: 1 } })).rejects.toMatchObject({ status: 503, message: busy.message });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([MAX_RETRY_WAIT_MS]);
    expect(ui.error).toHaveBeenCalledTimes(1);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:03 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(3000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('never sends a write again, nor a read whose 503 has no Retry-After (a statement that ran too long)', async () => {
    const write = answering([[503, busy, '1']]);
    await expect(createApiClient({ prefixUrl: 'http://uc.test', fetch: write, wait }).call(memberDeleteCall, { body: { id: 7 } })).rejects.toMatchObject({
      status: 503,
    });
    expect(write).toHaveBeenCalledTimes(1);
    const slow = answering([[503, { code: -1, message: 'The search took too long', data: null }]]);
    await expect(createApiClient({ prefixUrl: 'http://uc.test', fetch: slow, wait }).call(memberListCall, { query: { page: 1 } })).rejects.toMatchObject({
      status: 503,
    });
    expect(slow).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('a caller that aborts while waiting stops, and nothing is sent again', async () => {
    const fetch = answering([
      [503, busy, '1'],
      [200, page],
    ]);
    const controller = new AbortController();
    const client = createApiClient({
      prefixUrl: 'http://uc.test',
      fetch,
      wait: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
        }),
    });
    await expect(client.call(memberListCall, { query: { page: 1 }, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(ui.error).not.toHaveBeenCalled();
  });
});
