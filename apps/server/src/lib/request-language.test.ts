import Fastify from 'fastify';
import { auth } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { installErrorHandling } from './error-handler';
import { badRequest } from './errors';

const HAN = /\p{Script=Han}/u;
/** Three English words in a row: a sentence, not a field name or a code. */
const ENGLISH_SENTENCE = /\b[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}\b/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

describe('the server answers in the request language', () => {
  it('a refusal, a validation message, a list rule and a missing API: Chinese for zh, English without the header', async () => {
    const admin = await t.login();
    const cases = [
      { method: 'DELETE' as const, url: '/user/admin/nothing/here' },
      { method: 'POST' as const, url: '/user/admin/site/accountLogin', payload: { username: '', password: 'x' } },
      { method: 'GET' as const, url: '/user/admin/member/list?page=0', headers: auth(admin) },
      { method: 'GET' as const, url: '/user/admin/member/list?filter=%5B%5B%22nope%22%2C%22%3D%22%2C1%5D%5D', headers: auth(admin) },
      { method: 'GET' as const, url: '/user/admin/member/info' },
    ];
    for (const c of cases) {
      const chinese = await t.app.inject({ ...c, headers: { ...c.headers, ...zh } });
      const english = await t.app.inject({ ...c });
      expect(chinese.statusCode).toBe(english.statusCode);
      expect(chinese.statusCode).toBeGreaterThanOrEqual(400);
      const zhMessage: string = chinese.json().message;
      const enMessage: string = english.json().message;
      expect({ url: c.url, zhMessage, chinese: HAN.test(zhMessage), sentence: ENGLISH_SENTENCE.test(zhMessage) }).toEqual({
        url: c.url,
        zhMessage,
        chinese: true,
        sentence: false,
      });
      expect({ url: c.url, enMessage, chinese: HAN.test(enMessage) }).toEqual({ url: c.url, enMessage, chinese: false });
    }
  });

  it('fills what varies into the Chinese text', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/user/admin/nothing/here', headers: zh });
    expect(res.json().message).toBe('不存在接口 DELETE /user/admin/nothing/here，请检查请求方法和地址');
  });

  it('in tests, a refusal whose message has no Chinese text is a failure that names it', async () => {
    const app = Fastify();
    installErrorHandling(app, { checkTranslations: true });
    app.get('/x', () => {
      throw badRequest('A message nobody translated');
    });
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/No zh-CN text .*A message nobody translated/);
    await app.close();
  });
});
