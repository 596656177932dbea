import { menuInputSchema } from '@uc/contracts';
import { menus } from '../../db/schema';
import { auth } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 26, point 7: a menu's path, default redirect and highlight route are console routes (or other
 * pages of this site) or http(s) addresses; nothing the shell would hand to its router, window.open or
 * a link as another scheme or another site.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const save = async (fields: Record<string, string>, lang?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/admin/menu/edit',
    payload: { type: 2, name: '外链', ...fields },
    headers: { ...auth(admin), ...(lang ? { 'accept-language': lang } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
};

const RULE = 'Must be a console route starting with / (such as /org/user) or an http(s) address (such as https://example.com/help)';
const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/login',
  '/\\evil.example/login',
  'https:evil.example',
  'https://user:pass@evil.example/',
  'http://evil.example/a b',
  'org/user',
  '/org/\tuser',
];
const ACCEPTED = [
  '/org/user',
  '/tenant/details/:id',
  '/admin/web/market?tab=1#top',
  'https://docs.example.com',
  'http://10.0.0.1:8080/help?q=1',
  'HTTPS://Example.COM/A',
  '',
];

describe('menu addresses', () => {
  it.each(['path', 'redirect', 'highlight'])('refuses every non-route, non-http(s) %s with a message naming the field', async (field) => {
    for (const value of REFUSED) {
      const r = await save({ [field]: value });
      expect({ value, status: r.status }).toEqual({ value, status: 400 });
      expect(r.body.message).toContain(`${RULE}`);
    }
  });

  it('says so in Chinese to a Chinese reader', async () => {
    const r = await save({ path: 'javascript:alert(1)' }, 'zh-CN');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('必须是以 / 开头的控制台路由（如 /org/user）或 http(s) 地址（如 https://example.com/help）');
  });

  it('takes console routes, other pages of the site, http(s) addresses and nothing', async () => {
    for (const value of ACCEPTED) {
      const r = await save({ path: value, redirect: value.startsWith('/') ? value : '', highlight: value });
      expect({ value, body: r.body }).toMatchObject({ value, body: { code: 0 } });
    }
  });

  it('leaves no menu of the seeded catalogue outside the rule', async () => {
    const rows = await t.db.select({ path: menus.path, redirect: menus.redirect, highlight: menus.highlight }).from(menus);
    expect(rows.length).toBeGreaterThan(40);
    const address = menuInputSchema.pick({ path: true, redirect: true, highlight: true });
    expect(rows.filter((r) => !address.safeParse(r).success)).toEqual([]);
  });
});
