import { manifestFailure, manifestFetchPlugin, readManifest, retryPlugin } from './remote-plugins';

const relative = '/user/web/remotes/org/1/mf-manifest.json';
// The runtime hands the plugin absolute URLs (it resolves the registered entry against the page).
const url = `http://localhost${relative}`;
const manifest = '{"metaData":{},"exposes":[],"shared":[]}';

let fetchMock: jest.SpyInstance;
beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => jest.restoreAllMocks());

const fetchWith = (plugin = manifestFetchPlugin()) => Promise.resolve(plugin.fetch!(url, {}));

describe('fetching remote manifests', () => {
  it('hands the runtime the manifest, and forgets an earlier failure of the same URL', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await expect(fetchWith()).rejects.toMatchObject({ reason: 'gone' });
    expect(manifestFailure(relative)?.reason).toBe('gone');

    fetchMock.mockResolvedValueOnce(new Response(manifest, { status: 200, headers: { 'content-type': 'application/json' } }));
    const res = (await fetchWith()) as Response;
    await expect(res.json()).resolves.toEqual(JSON.parse(manifest));
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(manifestFailure(relative)).toBeUndefined();
  });

  it('does not ask again for a version that is gone (404): the registry is asked instead', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    await expect(fetchWith()).rejects.toMatchObject({ reason: 'gone', status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('times out a manifest that never answers, and aborts its request', async () => {
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise(() => undefined);
    });
    const started = Date.now();
    await expect(fetchWith(manifestFetchPlugin(50))).rejects.toMatchObject({ reason: 'timeout', message: expect.stringContaining('did not answer') });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(signal?.aborted).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(manifestFailure(relative)?.reason).toBe('timeout');
  });

  it('times out a manifest whose body stalls halfway', async () => {
    const stalled = new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"meta')) });
    fetchMock.mockResolvedValue(new Response(stalled, { status: 200 }));
    await expect(fetchWith(manifestFetchPlugin(50))).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('asks once more after a dropped connection or a busy server, then gives up naming the status', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(new Response(manifest, { status: 200 }));
    await expect(fetchWith()).resolves.toBeInstanceOf(Response);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));
    await expect(fetchWith()).rejects.toMatchObject({ reason: 'failed', status: 503, message: expect.stringContaining('HTTP 503') });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands the runtime the manifest the shell read (to learn its container) without asking twice, then asks the network again', async () => {
    const named = '{"name":"uc_org_0123456789a","metaData":{},"exposes":[],"shared":[]}';
    fetchMock.mockResolvedValueOnce(new Response(named, { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(readManifest(relative)).resolves.toEqual(JSON.parse(named));
    const handed = (await fetchWith()) as Response;
    await expect(handed.json()).resolves.toEqual(JSON.parse(named));
    expect(handed.headers.get('content-type')).toBe('application/json');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Handed over once: a retry's request goes to the network.
    fetchMock.mockResolvedValueOnce(new Response(named, { status: 200 }));
    await fetchWith();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a manifest the shell cannot read says why, as the runtime would', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    await expect(readManifest(relative)).rejects.toMatchObject({ reason: 'gone' });
    expect(manifestFailure(relative)?.reason).toBe('gone');
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    await expect(readManifest(relative)).rejects.toMatchObject({ reason: 'failed' });
  });

  it('leaves manifests to that plugin: the retry plugin keeps only its script retries', () => {
    const plugin = retryPlugin();
    expect(plugin.fetch).toBeUndefined();
    expect(plugin.loadEntryError).toEqual(expect.any(Function));
  });
});
