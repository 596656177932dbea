import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UPLOAD_EMPTY, UPLOAD_NOT_IMAGE, UPLOAD_TOO_LARGE } from '@uc/shared/contracts';
import { auth, createUser, tokenFor } from '../../test/fixtures';
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
    expect(r.body.message).toContain('purpose must be one of public, private');
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
