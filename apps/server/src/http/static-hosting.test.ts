import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../test/test-app';
import { cacheControlFor } from './static-hosting';

const web = mkdtempSync(join(tmpdir(), 'uc-web-'));
const shell = join(web, 'shell', 'dist');
mkdirSync(join(shell, 'static', 'js'), { recursive: true });
writeFileSync(join(shell, 'index.html'), '<!doctype html><title>User Centre</title>' + ' '.repeat(2000));
writeFileSync(join(shell, 'static', 'js', 'main.3f2a9b1c.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
writeFileSync(join(shell, 'mf-manifest.json'), '{}');
writeFileSync(join(shell, 'sw.js'), '');

let t: TestApp;
let empty: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDir: web });
  empty = await createTestApp({ webDir: join(web, 'nothing-here') });
});
afterAll(async () => {
  await t.close();
  await empty.close();
  rmSync(web, { recursive: true, force: true });
});

describe('the built shell', () => {
  it('redirects / and /user/web to /user/web/', async () => {
    for (const url of ['/', '/user/web']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/user/web/');
    }
  });

  it('sends the /admin/web/ addresses of the market to the same console routes', async () => {
    const cases: [string, string][] = [
      ['/admin/web', '/user/web/'],
      ['/admin/web/addons/market', '/user/web/addons/market'],
      ['/admin/web/addons/market/details/hello-addon@1.2.0?x=1', '/user/web/addons/market/details/hello-addon@1.2.0?x=1'],
    ];
    for (const [url, location] of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
    }
  });

  it('serves index.html with no-cache, and for every console route (history routing)', async () => {
    for (const url of ['/user/web/', '/user/web/org/user', '/user/web/home/message/12?tab=private']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>User Centre</title>');
    }
  });

  it('serves hashed assets as immutable, compressed when asked', async () => {
    const res = await t.app.inject({ url: '/user/web/static/js/main.3f2a9b1c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    for (const file of ['mf-manifest.json', 'sw.js']) {
      expect((await t.app.inject({ url: `/user/web/${file}` })).headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a missing asset with a 404, not the page', async () => {
    const res = await t.app.inject({ url: '/user/web/static/js/gone.12345678.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(-1);
  });

  it('does not leave the build directory', async () => {
    const res = await t.app.inject({ url: '/user/web/..%2F..%2Fpackage.json' });
    expect(res.body).not.toContain('"name"');
  });

  it('answers 503 with a how-to when the console is not built; the API still works', async () => {
    const res = await empty.app.inject({ url: '/user/web/org/user' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: -1, message: 'The console is not built: run pnpm build', data: null });
    expect((await empty.app.inject({ url: '/admin/admin/site/config' })).json().code).toBe(0);
  });

  it('chooses cache headers by file name', () => {
    expect(cacheControlFor('remoteEntry.js', true)).toBe('no-cache');
    expect(cacheControlFor('index.html', false)).toBe('no-cache');
    expect(cacheControlFor('favicon.ico', false)).toBe('no-cache');
    expect(cacheControlFor('favicon.ico', true)).toBe('public, max-age=31536000, immutable');
  });
});
