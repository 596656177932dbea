import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { uploadImage } from '../modules/upload/upload.fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerSecurityHeaders } from '../lib/security-headers';

const web = mkdtempSync(join(tmpdir(), 'uc-web-'));
const shell = join(web, 'shell', 'dist');
mkdirSync(join(shell, 'static', 'js'), { recursive: true });
writeFileSync(join(shell, 'index.html'), '<!doctype html><title>User Centre</title>');
writeFileSync(join(shell, 'static', 'js', 'main.3f2a9b1c.js'), 'console.log(1);');
writeFileSync(join(shell, 'sw.js'), '');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDir: web });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

/** The headers every response carries, whatever served it. */
function expectSecurityHeaders(headers: Record<string, unknown>, url: string): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect({ url, csp }).toEqual({ url, csp: expect.stringContaining("default-src 'self'") });
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("img-src 'self' data:");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // Plain HTTP: no HSTS, even when the client claims a TLS proxy (trustProxy is off).
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** What an API call's JSON answer carries: nothing may render, frame or sniff it. */
function expectApiHeaders(headers: Record<string, unknown>, url: string): void {
  expect({ url, csp: headers['content-security-policy'] }).toEqual({ url, csp: "default-src 'none'; frame-ancestors 'none'" });
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  // The document-only headers stay off the API's answers.
  expect(headers['cross-origin-opener-policy']).toBeUndefined();
  expect(headers['x-xss-protection']).toBeUndefined();
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on the console HTML, its static files, errors and the API docs', async () => {
    const requests = [
      { url: '/user/web/' },
      { url: '/user/web/org/dept' },
      { url: '/user/web/static/js/main.3f2a9b1c.js' },
      { url: '/user/web/sw.js' },
      { url: '/user/web/static/js/gone.12345678.js' },
      { url: '/user/admin/no/such/call' },
      { url: '/user/admin/docs/' },
      { url: '/user/admin/docs/json' },
    ];
    for (const { url } of requests) {
      const res = await t.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect({ url, status: res.statusCode < 500 }).toEqual({ url, status: true });
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('are the lean API set on every call, answered, refused or failing validation', async () => {
    const token = await t.login();
    const requests = [
      { url: '/admin/admin/site/config' },
      { url: '/user/admin/member/info', headers: { authorization: token } },
      { url: '/user/admin/member/info' },
      { url: '/user/admin/member/list?page=0', headers: { authorization: token } },
    ];
    for (const { url, headers } of requests) {
      const res = await t.app.inject({ url, headers: { 'x-forwarded-proto': 'https', ...headers } });
      expect({ url, status: res.statusCode < 500, json: res.headers['content-type'] }).toEqual({
        url,
        status: true,
        json: expect.stringContaining('application/json'),
      });
      expectApiHeaders(res.headers, url);
    }
  });

  it('leave uploaded files their own stricter policy', async () => {
    // A public upload (an avatar), which anyone may fetch.
    const uploaded = await uploadImage(t, await t.login());
    const res = await t.app.inject({ url: uploaded.body.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('add HSTS only to requests that came over TLS', async () => {
    // Behind a trusted proxy req.protocol follows X-Forwarded-Proto, which stands in for a TLS socket here.
    const app = Fastify({ trustProxy: true });
    await registerSecurityHeaders(app);
    app.get('/', () => ({ ok: true }));
    try {
      const tls = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(tls.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      const plain = await app.inject({ url: '/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
