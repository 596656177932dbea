import { auth } from '../../test/fixtures';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../test/test-app';
import { JPEG, uploadImage } from './upload.fixtures';

/*
 * Issue 26, point 7: every field holding an image takes only an image this server stored, in the form
 * the upload call returns (or nothing), wherever it is saved: the user form, the account settings'
 * avatar and the withdrawal account's payment code. Another site's address is refused with a message
 * naming the field, in the reader's language.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const post = async (url: string, payload: object, lang?: string) => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...auth(admin), ...(lang ? { 'accept-language': lang } : {}) } });
  return { status: res.statusCode, body: res.json() };
};
let n = 0;
const newUser = (fields: object, lang?: string) => {
  n += 1;
  return post(
    '/user/admin/member/edit',
    { username: `img.user${n}`, realName: 'Img', mobile: `1390000${String(n).padStart(4, '0')}`, password: 'img-password-1', ...fields },
    lang,
  );
};

const RULE =
  'Only an image uploaded to this server can be saved here (an address such as /admin/admin/upload/file/….png that the upload returns): upload the image, or leave the field empty';
const OUTSIDE = [
  'https://tracker.example/pixel.gif',
  'http://tracker.example/pixel.gif',
  '//tracker.example/pixel.gif',
  'javascript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  '/admin/admin/upload/file/../../etc/passwd',
  '/admin/admin/upload/file/0123456789abcdef0123456789abcdef.svg',
  'https://tracker.example/admin/admin/upload/file/0123456789abcdef0123456789abcdef.png',
];

describe('image fields take only this server’s uploads', () => {
  it.each(OUTSIDE)('member/edit refuses the avatar %s, naming the field', async (avatar) => {
    const r = await newUser({ avatar });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(RULE);
    expect(r.body.data.fields).toEqual([{ field: 'avatar', message: RULE }]);
  });

  it('member/edit refuses another site’s payment code too, and says so in Chinese to a Chinese reader', async () => {
    const en = await newUser({ alipayCode: 'https://tracker.example/code.png' });
    expect(en.body.message).toBe(RULE);
    expect(en.body.data.fields).toEqual([{ field: 'alipayCode', message: RULE }]);
    const zh = await newUser({ avatar: 'https://tracker.example/pixel.gif' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('这里只能保存在本系统上传的图片（上传返回的地址，如 /admin/admin/upload/file/….png），请上传图片，或留空');
  });

  it('takes exactly what the upload returns, and an empty value', async () => {
    const up = await uploadImage(t, admin, { purpose: 'public', file: JPEG, filename: 'face.jpg', type: 'image/jpeg' });
    const url = up.body.data.url as string;
    expect(url).toMatch(/^\/admin\/admin\/upload\/file\/[a-f0-9]{32}\.jpg$/);
    const ok = await newUser({ avatar: url });
    expect(ok.body).toMatchObject({ code: 0, data: { avatar: url } });
    const none = await newUser({ avatar: '' });
    expect(none.body).toMatchObject({ code: 0, data: { avatar: '' } });
  });

  it("refuses another site's image as one's own avatar in the account settings", async () => {
    const r = await post('/user/admin/member/profile/edit', { avatar: 'https://tracker.example/pixel.gif', realName: '管理员' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(RULE);
  });

  it("refuses another site's image as one's own payment code in the withdrawal account", async () => {
    const r = await post('/user/admin/member/profile/withdrawal/edit', {
      alipayName: 'Admin',
      alipayAccount: 'admin@example.com',
      alipayCode: 'https://tracker.example/code.png',
      password: ADMIN_PASSWORD,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(RULE);
  });
});
