import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fetchFile, JPEG, uploadImage } from './upload.fixtures';

let t: TestApp;
let admin: string;
let otherTenant: string;
let viewer: string;
let selfOnly: string;
let noView: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const b = await createTenant(t.db, { code: 'up-b' });
  otherTenant = await tokenFor(
    t.db,
    b.tenantId,
    await createUser(t.db, { username: 'up.b', tenantId: b.tenantId, menuPaths: ['/org/user'], withButtons: true }),
  );
  viewer = await tokenFor(t.db, PLATFORM_TENANT_ID, await createUser(t.db, { username: 'up.viewer', menuPaths: ['/org/user'] }));
  // Member view and the upload button, but a data scope of only themself.
  selfOnly = await tokenFor(
    t.db,
    PLATFORM_TENANT_ID,
    await createUser(t.db, { username: 'up.self', menuPaths: ['/org/user'], withButtons: true, dataScope: 5 }),
  );
  noView = await tokenFor(t.db, PLATFORM_TENANT_ID, await createUser(t.db, { username: 'up.noview', menuPaths: ['/org/dept'] }));
});
afterAll(() => t.close());

let n = 0;
const saveUser = async (fields: { id?: number; avatar?: string; alipayCode?: string }, as = admin) => {
  n += 1;
  const body = {
    username: fields.id ? `up.user${fields.id}` : `up.user.new${n}`,
    realName: 'Payee',
    mobile: `1380000${String(n).padStart(4, '0')}`,
    ...fields,
  };
  if (fields.id) {
    const [u] = await t.db.select({ username: users.username }).from(users).where(eq(users.id, fields.id));
    body.username = u!.username;
  } else {
    Object.assign(body, { password: 'payee-password' });
  }
  const res = await t.app.inject({ method: 'POST', url: '/user/admin/member/edit', payload: body, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};
const privateUpload = async (as = admin) => {
  const r = await uploadImage(t, as, { purpose: 'private', file: JPEG, filename: 'code.jpg', type: 'image/jpeg' });
  expect(r.body).toMatchObject({ code: 0, data: { purpose: 'private' } });
  return r.body.data.url as string;
};

describe('private uploads (payment codes)', () => {
  it('are served only to signed-in users of the owning tenant who may view the user holding them, never cached', async () => {
    const url = await privateUpload();
    const saved = await saveUser({ alipayCode: url });
    expect(saved.body.code).toBe(0);

    const stranger = await fetchFile(t, url);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().code).toBe(61);
    // Another tenant's administrator cannot tell the file from one that does not exist.
    const foreign = await fetchFile(t, url, otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.equals(JPEG)).toBe(false);
    expect((await fetchFile(t, url, noView)).statusCode).toBe(403);
    // Member view, but the user holding it is outside the caller's data scope.
    expect((await fetchFile(t, url, selfOnly)).statusCode).toBe(404);

    for (const who of [viewer, admin]) {
      const served = await fetchFile(t, url, who);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.rawPayload.equals(JPEG)).toBe(true);
    }
  });

  it('are shown to their uploader before the form is saved, to nobody else', async () => {
    const url = await privateUpload(selfOnly);
    expect((await fetchFile(t, url, selfOnly)).statusCode).toBe(200);
    expect((await fetchFile(t, url, viewer)).statusCode).toBe(404);
  });
});

describe('what a saved user may refer to', () => {
  it("refuses another tenant's upload with 400", async () => {
    const foreign = await privateUpload(otherTenant);
    const r = await saveUser({ alipayCode: foreign });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(
      /^The image .* is not an upload of your tenant .*: upload the image with POST \/admin\/admin\/upload\/image\?purpose=private/,
    );
    expect((await fetchFile(t, foreign, admin)).statusCode).toBe(404);
  });

  it('takes a payment code only as a private upload and an avatar only as a public one', async () => {
    const pub = (await uploadImage(t, admin)).body.data.url as string;
    const priv = await privateUpload();
    expect((await saveUser({ alipayCode: pub })).body.message).toMatch(/^The image was uploaded as public but this field takes private images/);
    expect((await saveUser({ avatar: priv })).body.message).toMatch(/^The image was uploaded as private but this field takes public images/);
    const ok = await saveUser({ avatar: pub, alipayCode: priv });
    expect(ok.body).toMatchObject({ code: 0, data: { avatar: pub, alipayCode: priv } });
  });

  it('refuses a file name that is not an upload, and any image of another site (issue 26: image-fields.test.ts)', async () => {
    const r = await saveUser({ alipayCode: '/admin/admin/upload/file/x.png' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Only an image uploaded to this server can be saved here/);
    const unknown = `/admin/admin/upload/file/${'0'.repeat(32)}.png`;
    expect((await saveUser({ alipayCode: unknown })).body.message).toMatch(/^The image .* is not an upload of your tenant/);
    expect((await saveUser({ alipayCode: 'https://elsewhere.example/code.png' })).status).toBe(400);
    expect((await saveUser({ avatar: 'https://elsewhere.example/face.png' })).status).toBe(400);
  });

  it('lets a user keep an upload address saved before the uploads were recorded, so the rest of the record stays editable', async () => {
    const created = await saveUser({});
    const id = created.body.data.id as number;
    const legacy = `/admin/admin/upload/file/${'a'.repeat(32)}.png`;
    await t.db.update(users).set({ alipayCode: legacy }).where(eq(users.id, id));
    const r = await saveUser({ id, alipayCode: legacy });
    expect(r.body).toMatchObject({ code: 0, data: { alipayCode: legacy } });
  });
});
