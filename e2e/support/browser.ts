import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const artifactsDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../.artifacts');

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: run \`pnpm setup:chromium\` (Debian's chromium package) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (own storage, so own session) per test, with the console's default locale. */
export async function newPage(browser: Browser, locale = 'zh-CN'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 850 } });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot beside the test artifacts, so a failure can be looked at. */
export async function snap(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
