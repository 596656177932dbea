import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * The suite's real server (fresh data) and Chromium, started before its tests and stopped after them;
 * `use` receives both once they run, for the suite's own variables.
 */
export function withServerAndBrowser(use: (server: RunningServer, browser: Browser) => void): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    use(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}
