import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UPLOAD_EMPTY, UPLOAD_NOT_IMAGE, UPLOAD_TOO_LARGE } from '@uc/shared/contracts';
import { auth, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 3)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(64, 4)]);

function multipartBody(file: Buffer | null, filename = 'a.png', type = 'image/png') {
  const boundary = '----uc-test-boundary';
  const parts: Buffer[] = [];
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), file, Buffer.from('\r\n'));
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = async (file: Buffer | null, filename?: string, type?: string, as = token) => {
  const { payload, headers } = multipartBody(file, filename, type);
  const res = await t.app.inject({ method: 'POST', url: '/admin/admin/upload/image', payload, headers: { ...headers, ...auth(as) } });
  return { status: res.statusCode, body: res.json() };
};

describe('image upload', () => {
  it.each([['png', PNG], ['jpg', JPEG], ['gif', GIF], ['webp', WEBP]] as const)('stores a %s under DATA_DIR/uploads with a random name and serves it safely', async (ext, bytes) => {
    const r = await upload(bytes, `photo.${ext}`);
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ size: bytes.length, url: expect.stringMatching(new RegExp(`^/admin/admin/upload/file/[a-f0-9]{32}\\.${ext}$`)) });
    expect(existsSync(join(t.config.dataDir, 'uploads', r.body.data.name))).toBe(true);
    const served = await t.app.inject({ url: r.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(r.body.data.mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
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

  it('serves nothing outside the upload directory', async () => {
    for (const name of ['..%2F..%2Fpackage.json', '%2e%2e%2fconfig.ts', 'abc.png', `${'a'.repeat(32)}.svg`, `${'a'.repeat(32)}.png`]) {
      expect((await t.app.inject({ url: `/admin/admin/upload/file/${name}` })).statusCode).toBe(404);
    }
    expect(readdirSync(join(t.config.dataDir, 'uploads')).every((n) => /^[a-f0-9]{32}\.\w+$/.test(n))).toBe(true);
  });

  it('needs the upload permission', async () => {
    const bare = await tokenFor(t.db, 1, await createUser(t.db, { username: 'up.bare' }));
    expect((await upload(PNG, 'a.png', 'image/png', bare)).status).toBe(403);
  });
});
