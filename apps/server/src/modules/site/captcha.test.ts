import { count, eq, sql } from 'drizzle-orm';
import { captchas } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeSetting } from './settings.repository';
import { Resvg } from '@resvg/resvg-js';
import { CAPTCHA_PER_IP_PER_MINUTE, captchaFont, consumeCaptcha } from './captcha.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code of a captcha, recovered for the test by trying the stored hash against a known code. */
async function newCaptchaWithCode(code: string): Promise<string> {
  const res = await t.app.inject({ url: '/user/admin/site/captcha' });
  const { cid, base64 } = res.json().data as { cid: string; base64: string };
  expect(base64).toMatch(/^data:image\/png;base64,/);
  expect(res.headers['cache-control']).toBe('no-store');
  const { createHash } = await import('node:crypto');
  await t.db
    .update(captchas)
    .set({ codeHash: createHash('sha256').update(code).digest('hex') })
    .where(eq(captchas.id, cid));
  return cid;
}

/** The chunk types of a PNG, in order (the file is checked to be one). */
function pngChunks(png: Buffer): string[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) types.push(png.toString('latin1', at + 4, at + 8));
  return types;
}

describe('captcha', () => {
  it('is a PNG of pixels only: no vector paths, no text, no metadata a program could read the code from', async () => {
    const res = await t.app.inject({ url: '/user/admin/site/captcha', remoteAddress: '10.40.0.1' });
    const { cid, base64 } = res.json().data as { cid: string; base64: string };
    const [, payload] = /^data:image\/png;base64,(.+)$/.exec(base64)!;
    const png = Buffer.from(payload!, 'base64');
    expect(new Set(pngChunks(png))).toEqual(new Set(['IHDR', 'IDAT', 'IEND']));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([150, 50]);
    const everything = res.body.replace(payload!, '') + png.toString('latin1');
    for (const vector of ['<svg', '<path', '<text', 'd="M']) expect(everything).not.toContain(vector);
    expect(cid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('draws its characters with the font bundled in node_modules, not a system font', () => {
    const text = (family: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><text x="10" y="40" font-family="${family}" font-size="40">Ab3</text></svg>`;
    const box = new Resvg(text('Comismsh'), { font: captchaFont() }).getBBox();
    expect(box?.width).toBeGreaterThan(30);
    // Without it nothing at all is drawn: no fallback hides a missing font.
    expect(new Resvg(text('Comismsh'), { font: { ...captchaFont(), fontFiles: [] } }).getBBox()).toBeUndefined();
  });

  it(`answers 429 with Retry-After past ${CAPTCHA_PER_IP_PER_MINUTE} images a minute from one address, and makes no more`, async () => {
    const fetch = (ip: string) => t.app.inject({ url: '/user/admin/site/captcha', remoteAddress: ip });
    const before = (await t.db.select({ n: count() }).from(captchas))[0]!.n;
    for (let i = 0; i < CAPTCHA_PER_IP_PER_MINUTE; i++) expect((await fetch('10.40.0.2')).statusCode).toBe(200);
    const refused = await Promise.all(Array.from({ length: 20 }, () => fetch('10.40.0.2')));
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(refused[0]!.json().message).toMatch(/^Too many captcha images from this address: at most \d+ in a minute; try again in \d+ seconds$/);
    expect((await t.db.select({ n: count() }).from(captchas))[0]!.n - before).toBe(CAPTCHA_PER_IP_PER_MINUTE);
    // Other addresses are not affected.
    expect((await fetch('10.40.0.3')).statusCode).toBe(200);
  });

  it('stores only a hash of the code', async () => {
    const res = await t.app.inject({ url: '/user/admin/site/captcha' });
    const [row] = await t.db.select().from(captchas).where(eq(captchas.id, res.json().data.cid));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
  });

  it('is single use, case-insensitive, and spent by a wrong guess too', async () => {
    const cid = await newCaptchaWithCode('ab3d');
    expect(await consumeCaptcha(t.db, cid, 'AB3D')).toBe(true);
    expect(await consumeCaptcha(t.db, cid, 'ab3d')).toBe(false);
    const other = await newCaptchaWithCode('ab3d');
    expect(await consumeCaptcha(t.db, other, 'zzzz')).toBe(false);
    expect(await consumeCaptcha(t.db, other, 'ab3d')).toBe(false);
  });

  it('expires after 5 minutes', async () => {
    const cid = await newCaptchaWithCode('q7k2');
    await t.db
      .update(captchas)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchas.id, cid));
    expect(await consumeCaptcha(t.db, cid, 'q7k2')).toBe(false);
  });

  it('is required at sign-in when loginConfig.captchaSwitch is on', async () => {
    await writeSetting(t.db, 'captchaSwitch', true);
    try {
      const config = await t.app.inject({ url: '/user/admin/site/loginConfig' });
      expect(config.json().data).toEqual({ registerSwitch: true, captchaSwitch: true, forceInvite: false, smsLogin: true, demoMode: false });
      const without = await t.app.inject({
        method: 'POST',
        url: '/user/admin/site/accountLogin',
        payload: { username: 'admin', password: 'admin-password-1' },
      });
      expect(without.json()).toEqual({ code: -1, message: 'Verification Code Error.', data: { captchaRequired: true } });
      const cid = await newCaptchaWithCode('x9y8');
      const payload = { username: 'admin', password: 'admin-password-1', cid, code: 'X9Y8' };
      expect((await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload })).json().code).toBe(0);
      // The same captcha again: spent.
      expect((await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload })).json().message).toBe('Verification Code Error.');
    } finally {
      await writeSetting(t.db, 'captchaSwitch', false);
    }
  });
});

describe('site config', () => {
  it('is public and seeded', async () => {
    const res = await t.app.inject({ url: '/admin/admin/site/config' });
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { basicCopyright: '', basicIcpCode: '', siteName: '', offline: true } });
  });
});
