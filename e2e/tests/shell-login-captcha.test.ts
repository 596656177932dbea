import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { loginPath, signInThroughForm } from '../support/console';
import { insertCaptcha, PNG_IMAGE, withDatabase, type KnownCaptcha } from '../support/database';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';

/*
 * The server keeps only a hash of a captcha's code, so the test stores captchas whose codes it knows
 * in the (stopped) server's database and answers the form's captcha requests with them.
 */

/** Answers GET /user/admin/site/captcha with `captchas` in turn; returns how many were served. */
async function serveCaptchas(page: Page, captchas: KnownCaptcha[]): Promise<() => number> {
  let served = 0;
  await page.route('**/user/admin/site/captcha', (route) => {
    const next = captchas[Math.min(served++, captchas.length - 1)]!;
    return route.fulfill({ json: { code: 0, message: 'ok', data: { cid: next.cid, base64: next.base64 } } });
  });
  return () => served;
}

/** Signs in through the form and waits for the server's answer (a refusal leaves the page as it is). */
async function attempt(page: Page, username: string, password: string): Promise<{ status: number; body: { code: number; data: unknown } }> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/user/admin/site/accountLogin'));
  await signInThroughForm(page, username, password);
  const res = await answered;
  return { status: res.status(), body: (await res.json()) as { code: number; data: unknown } };
}

describe('shell: the login form shows a captcha when the server asks for one', () => {
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;
  let captchas: Record<'wrong' | 'right' | 'english' | 'everyone', KnownCaptcha>;

  before(async () => {
    // A first start migrates and seeds the database; the captchas go in while no server owns it.
    const first = await startServer();
    dataDir = first.dataDir;
    await first.stop({ keepData: true });
    captchas = await withDatabase(dataDir, async (db) => ({
      wrong: await insertCaptcha(db, 'q7k2', PNG_IMAGE),
      right: await insertCaptcha(db, 'W4hz'),
      english: await insertCaptcha(db, 'p3n8'),
      everyone: await insertCaptcha(db, 'x9y8'),
    }));
    server = await startServer({}, { dataDir });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('after three wrong passwords: image, refresh and code field; a wrong code says so and brings a new image; the right one signs in', async () => {
    const { context, page } = await newPage(browser);
    const served = await serveCaptchas(page, [captchas.wrong, captchas.right]);
    await page.goto(server.url('/user/login'));
    for (let i = 0; i < 3; i++) assert.equal((await attempt(page, 'admin', 'wrong-password')).status, 400);
    assert.equal(await page.getByAltText('图形验证码').count(), 0, 'no captcha before the server asks for one');

    // The right password alone is refused now: the form asks for the code instead of failing forever.
    const challenged = await attempt(page, 'admin', ADMIN_PASSWORD);
    assert.deepEqual(challenged.body.data, { captchaRequired: true });
    const image = page.getByAltText('图形验证码');
    await image.waitFor();
    assert.equal(await image.getAttribute('src'), captchas.wrong.base64);
    await page.getByText('请输入图片中的验证码后再登录').waitFor();
    await page.getByRole('button', { name: '看不清？换一张' }).waitFor();
    assert.ok(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the PNG captcha is shown');
    await snap(page, 'shell-login-captcha');

    await page.getByPlaceholder('图形验证码').fill('zzzz');
    const wrong = await attempt(page, 'admin', ADMIN_PASSWORD);
    assert.equal(wrong.status, 400);
    await page.getByText('验证码错误，请输入新图片中的验证码').waitFor();
    await page.waitForFunction((src) => document.querySelector<HTMLImageElement>('img[alt="图形验证码"]')?.getAttribute('src') === src, captchas.right.base64);
    assert.equal(served(), 2);
    assert.equal(await page.getByPlaceholder('图形验证码').inputValue(), '', 'the spent code is cleared');

    await page.getByPlaceholder('图形验证码').fill(captchas.right.code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/user\/web\/dashboard\/workplace$/);
    await page.locator('aside').getByText('组织管理').first().waitFor();
    await context.close();
  });

  it('says it in English too, and the refresh control fetches another image', async () => {
    const { context, page } = await newPage(browser);
    const served = await serveCaptchas(page, [captchas.english, captchas.wrong]);
    await page.goto(server.url('/user/login'));
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    // Unknown names count like known ones (nothing is revealed), so this needs no second account.
    // Three failures, then the fourth attempt is the one refused for want of a captcha.
    for (let i = 0; i < 4; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/user/admin/site/accountLogin'));
      await page.getByPlaceholder('Username').fill('nobody-here');
      await page.getByPlaceholder('Password').fill('whatever-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await answered;
    }
    await page.getByAltText('Captcha image').waitFor();
    await page.getByText('Enter the code shown in the image, then sign in again').waitFor();
    assert.equal(await page.getByAltText('Captcha image').getAttribute('src'), captchas.english.base64);
    await page.getByRole('button', { name: 'Hard to read? Get another one' }).click();
    await page.waitForFunction(
      (src) => document.querySelector<HTMLImageElement>('img[alt="Captcha image"]')?.getAttribute('src') === src,
      captchas.wrong.base64,
    );
    assert.equal(served(), 2);
    await context.close();
  });

  it('shows the captcha from the start when the site asks everyone for one (loginConfig.captchaSwitch)', async () => {
    await server.stop({ keepData: true });
    await withDatabase(dataDir, (db) =>
      db.query(`INSERT INTO site_settings (key, value) VALUES ('captchaSwitch', 'true'::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
    );
    server = await startServer({}, { dataDir });
    const { context, page } = await newPage(browser);
    await serveCaptchas(page, [captchas.everyone]);
    await page.goto(server.url('/user/login'));
    await page.getByAltText('图形验证码').waitFor();
    assert.equal(new URL(page.url()).pathname, loginPath(server));
    await page.getByPlaceholder('图形验证码').fill(captchas.everyone.code.toUpperCase());
    await signInThroughForm(page);
    await page.waitForURL(/\/user\/web\/dashboard\/workplace$/);
    await context.close();
  });
});
