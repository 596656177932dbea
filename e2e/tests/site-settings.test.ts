import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

/*
 * Issue 16 end to end, as the platform administrator lives it: 系统设置 › 站点设置 from the menu, the
 * ICP filing number and the copyright saved and shown in the footer after a reload (the ICP number
 * linking to the national filing site), and registration turned off, which a visitor's login page
 * follows at its next load, without a restart of the server.
 */
describe('site settings: the footer and registration, set by the platform administrator', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  const ICP = '京ICP备12345678号-1';
  const COPYRIGHT = '© 2026 星河物联 版权所有';

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page: admin } = await newPage(browser));
    await signInWithToken(admin, await apiLogin(server));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const sideMenu = (page: Page) => page.locator('aside .ant-menu');
  const save = async (page: Page) => {
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('已保存').waitFor();
  };

  it('opens 系统设置 › 站点设置 from the menu, saves the ICP code and the copyright; after a reload the footer shows both', async () => {
    await admin.goto(server.url('/dashboard'));
    await sideMenu(admin).getByText('系统设置', { exact: true }).click({ timeout: 30_000 });
    await sideMenu(admin).getByText('站点设置', { exact: true }).click();
    await admin.waitForURL(/\/user\/web\/system\/settings$/);
    const icp = admin.locator('#site-settings_basicIcpCode');
    await icp.waitFor({ timeout: 30_000 });
    // Every field says what it does.
    await admin.getByText(/点击打开工信部备案网站 beian\.miit\.gov\.cn/).waitFor();
    await icp.fill(ICP);
    await admin.locator('#site-settings_basicCopyright').fill(COPYRIGHT);
    await save(admin);
    await snap(admin, 'site-settings-saved');

    await admin.reload();
    const footer = admin.locator('footer');
    const link = footer.getByRole('link', { name: ICP });
    await link.waitFor({ timeout: 30_000 });
    assert.equal(await link.getAttribute('href'), 'https://beian.miit.gov.cn/');
    await footer.getByText(COPYRIGHT, { exact: true }).waitFor();
    // The page shows what was saved.
    assert.equal(await admin.locator('#site-settings_basicIcpCode').inputValue(), ICP);
  });

  it("turns registration off: a visitor's login page no longer offers it", async () => {
    const { page: visitor, context } = await newPage(browser);
    try {
      await visitor.goto(server.url('/user/login'));
      await visitor.getByRole('link', { name: '注册账户' }).waitFor({ timeout: 30_000 });
      // The login page has the footer too.
      await visitor.locator('footer').getByRole('link', { name: ICP }).waitFor();

      await admin.goto(server.url('/system/settings'));
      const registration = admin.getByRole('switch', { name: '开放注册' });
      await registration.waitFor({ timeout: 30_000 });
      assert.equal(await registration.getAttribute('aria-checked'), 'true');
      await registration.click();
      await save(admin);

      await visitor.reload();
      await visitor.getByRole('button', { name: /^\s*登\s*录\s*$/ }).waitFor({ timeout: 30_000 });
      // The last answer kept in the browser shows first; the server's follows.
      await visitor.getByRole('link', { name: '注册账户' }).waitFor({ state: 'hidden', timeout: 30_000 });
      assert.equal(await visitor.getByRole('link', { name: '注册账户' }).count(), 0, 'registration is not offered');
      await snap(visitor, 'site-settings-login-without-registration');
    } finally {
      await context.close();
    }
  });

  it('renames the site: the browser tab and the header carry the new name at the next load', async () => {
    await admin.goto(server.url('/system/settings'));
    const name = admin.locator('#site-settings_siteName');
    await name.waitFor({ timeout: 30_000 });
    await name.fill('星河用户中心');
    await save(admin);
    await admin.reload();
    await admin.locator('header').getByText('星河用户中心', { exact: true }).waitFor({ timeout: 30_000 });
    await admin.waitForFunction(() => document.title === '星河用户中心', undefined, { timeout: 30_000 });
  });
});
