import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { auth } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { iconFontDir } from './icon.catalogue';

let t: TestApp;
let token: string;
beforeAll(async () => {
  if (!existsSync(join(iconFontDir(), 'icons.json'))) throw new Error('Build the icon font first: pnpm --filter @uc/iconfont build');
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: auth(token) });

describe('icon list', () => {
  it('pages 40 icons at a time from page 1', async () => {
    const first = (await get('/admin/admin/icon/list')).json().data;
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(40);
    expect(first.list).toHaveLength(40);
    expect(first.total).toBeGreaterThan(600);
    expect(first.list[0]).toEqual({ id: 1, font_class: expect.stringMatching(/^[a-z0-9-]+$/) });
    const second = (await get('/admin/admin/icon/list?page=2')).json().data;
    expect(second.list[0].id).toBe(41);
    const last = Math.ceil(first.total / 40);
    expect((await get(`/admin/admin/icon/list?page=${last}`)).json().data.list.length).toBe(first.total - (last - 1) * 40);
  });

  it('filters by a part of the name, case-insensitively, with or without the icon- prefix', async () => {
    const data = (await get('/admin/admin/icon/list?name=DashBoard')).json().data;
    expect(data.list.map((i: { font_class: string }) => i.font_class)).toEqual(['dashboard-outlined', 'dashboard-filled']);
    expect(data.total).toBe(2);
    expect((await get('/admin/admin/icon/list?name=icon-dashboard-filled')).json().data.total).toBe(1);
    expect((await get('/admin/admin/icon/list?name=zzzz')).json().data).toEqual({ list: [], page: 1, pageSize: 40, total: 0, totalExact: true, next: null });
  });

  it('refuses a page below 1, naming the field', async () => {
    const res = await get('/admin/admin/icon/list?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The page number must be at least 1');
  });

  it('serves the stylesheet (revalidated) and the content-hashed font (cached for a year)', async () => {
    const css = await t.app.inject({ url: '/user/web/iconfont/iconfont.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('no-cache');
    expect(css.body).toContain('font-family: "iconfont"');
    expect(css.body).toMatch(/\.icon-dashboard-outlined::before \{ content: "\\e[0-9a-f]{3}"; \}/);
    const font = /url\("\.\/(iconfont\.[0-9a-f]+\.woff2)"\)/.exec(css.body)![1]!;
    const res = await t.app.inject({ url: `/user/web/iconfont/${font}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await t.app.inject({ url: '/user/web/iconfont/..%2Fpackage.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/user/web/iconfont/icons.json' })).statusCode).toBe(404);
  });
});
