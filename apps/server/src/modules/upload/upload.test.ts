import { existsSync, openAsBlob, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { UPLOAD_EMPTY, UPLOAD_MAX_BYTES, UPLOAD_NOT_IMAGE, UPLOAD_TOO_LARGE, profileUploadCall, uploadImageCall } from '@uc/contracts';
import { rowsOf } from '../../db/typed';
import { auth, createUser, tokenFor } from '../../test/fixtures';
import { listenLocally } from '../../test/raw-http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fetchFile, GIF, JPEG, PNG, uploadImage, WEBP } from './upload.fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const upload = async (file: Buffer | null, filename?: string, type?: string, as = token) => uploadImage(t, as, { file, filename, type });

describe('image upload', () => {
  it.each([
    ['png', PNG],
    ['jpg', JPEG],
    ['gif', GIF],
    ['webp', WEBP],
  ] as const)('stores a %s under DATA_DIR/uploads with a random name and serves it safely', async (ext, bytes) => {
    const r = await upload(bytes, `photo.${ext}`);
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      size: bytes.length,
      purpose: 'public',
      url: expect.stringMatching(new RegExp(`^/admin/admin/upload/file/[a-f0-9]{32}\\.${ext}$`)),
    });
    expect(existsSync(join(t.config.dataDir, 'uploads', r.body.data.name))).toBe(true);
    // Without a purpose (the spec's call) an image is public: an avatar anyone may load.
    const served = await fetchFile(t, r.body.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(r.body.data.mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toMatch(/^public/);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('judges by content: a script named .png is refused', async () => {
    const r = await upload(Buffer.from('<script>alert(1)</script>'.repeat(4)), 'evil.png', 'image/png');
    expect(r.status).toBe(415);
    expect(r.body.message).toBe(UPLOAD_NOT_IMAGE);
  });

  it('refuses more than 2M', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const r = await upload(big);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(UPLOAD_TOO_LARGE);
    expect(r.body.message).toContain('may not exceed 2M');
  });

  it('asks for a file when none or an empty one is sent', async () => {
    expect((await upload(null)).body.message).toBe(UPLOAD_EMPTY);
    expect((await upload(Buffer.alloc(0))).body.message).toBe(UPLOAD_EMPTY);
    const json = await t.app.inject({ method: 'POST', url: '/admin/admin/upload/image', payload: {}, headers: auth(token) });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_EMPTY);
  });

  it('refuses an unknown purpose, naming the ones there are', async () => {
    const r = await uploadImage(t, token, { purpose: 'secret' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('The upload purpose must be one of public, private');
  });

  it('serves nothing outside the upload directory, and tells a stranger nothing about a name', async () => {
    for (const name of ['..%2F..%2Fpackage.json', '%2e%2e%2fconfig.ts', 'abc.png', `${'a'.repeat(32)}.svg`]) {
      expect((await fetchFile(t, `/admin/admin/upload/file/${name}`)).statusCode).toBe(404);
    }
    // A well-formed name that is not a public file: the same 401 as a private one to a stranger.
    const unknown = `/admin/admin/upload/file/${'a'.repeat(32)}.png`;
    expect((await fetchFile(t, unknown)).statusCode).toBe(401);
    expect((await fetchFile(t, unknown, token)).statusCode).toBe(404);
    expect(readdirSync(join(t.config.dataDir, 'uploads')).every((n) => /^[a-f0-9]{32}\.\w+$/.test(n))).toBe(true);
  });

  it('needs the upload permission', async () => {
    const bare = await tokenFor(t.db, 1, await createUser(t.db, { username: 'up.bare' }));
    expect((await upload(PNG, 'a.png', 'image/png', bare)).status).toBe(403);
  });
});

describe('an image over 2M, however the body arrives', () => {
  const stored = async () => ({
    files: existsSync(join(t.config.dataDir, 'uploads')) ? readdirSync(join(t.config.dataDir, 'uploads')).length : 0,
    rows: Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from uploads`))[0]!.n),
  });
  const image = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
  let base: string;
  beforeAll(async () => {
    ({ base } = await listenLocally(t.app));
  });

  it('is refused with 413 and nothing stored when fetch streams it from a file (it was cut to 2,097,152 bytes and kept)', async () => {
    const before = await stored();
    const path = join(t.config.dataDir, 'big.png');
    // Both upload addresses store through one function (the profile's own upload too).
    for (const url of [uploadImageCall.path, profileUploadCall.path]) {
      for (const size of [3 * 1024 * 1024, UPLOAD_MAX_BYTES + 20 * 1024, UPLOAD_MAX_BYTES + 1, UPLOAD_MAX_BYTES + 64 * 1024]) {
        writeFileSync(path, image(size));
        const form = new FormData();
        // A file-backed Blob: fetch sends it in 64 KiB pieces, so the cut fell on a piece's end.
        form.append('file', await openAsBlob(path, { type: 'image/png' }), 'big.png');
        const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...auth(token), 'accept-language': 'zh-CN' }, body: form });
        expect({ url, size, status: res.status }).toEqual({ url, size, status: 413 });
        expect(await res.json()).toEqual({ code: -1, message: expect.stringMatching(/\p{Script=Han}/u), data: null });
      }
    }
    // A stream of 64 KiB pieces, as any client that streams may send.
    const bytes = image(3 * 1024 * 1024);
    const boundary = 'uc-stream-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const streamed = await fetch(`${base}${uploadImageCall.path}`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toBe(UPLOAD_TOO_LARGE);
    expect(await stored()).toEqual(before);
  });

  it('takes an image of exactly 2M, streamed the same way', async () => {
    const path = join(t.config.dataDir, 'exact.png');
    writeFileSync(path, image(UPLOAD_MAX_BYTES));
    const form = new FormData();
    form.append('file', await openAsBlob(path, { type: 'image/png' }), 'exact.png');
    const res = await fetch(`${base}${uploadImageCall.path}`, { method: 'POST', headers: auth(token), body: form });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { size: number } }).data.size).toBe(UPLOAD_MAX_BYTES);
  });
});
