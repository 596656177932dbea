/**
 * First visit of a remote route (DESIGN.md section 8): with a signed-in console open on the dashboard,
 * click 组织管理 → 用户管理 and time click → first table row painted, at 1× and 4× CPU
 * (CDP Emulation.setCPUThrottlingRate), median of RUNS runs, each in a fresh browser context (empty
 * HTTP cache, so the org remote has never been loaded). Limit: 400 ms at 1× CPU.
 * Also prints, for the median run, every request made after the click (start and end, ms after it),
 * so the remaining chain (manifest, remoteEntry, chunks, member/list) can be read off.
 *
 *   pnpm build && pnpm --filter @uc/bench first-visit          # RUNS=7 CPU=1,4 to change the defaults
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '@uc/e2e/support/browser';
import { apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';

const RUNS = Number(process.env.RUNS ?? 5);
const RATES = (process.env.CPU ?? '1,4').split(',').map(Number);
const LIMIT_MS = 400;

interface Run {
  ms: number;
  requests: { path: string; start: number; end: number }[];
}

/**
 * Installed before any page script: records the click on 用户管理 and the first painted table row.
 * A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
 */
const PROBE = `
  window.__fv = {};
  document.addEventListener('click', (e) => {
    const item = e.target && e.target.closest && e.target.closest('.ant-menu-item');
    if (!item || item.textContent.trim() !== '用户管理') return;
    window.__fv = { click: e.timeStamp };
    const poll = () => {
      const row = document.querySelector('.ant-table-tbody tr.ant-table-row');
      if (row && row.getBoundingClientRect().height > 0) {
        // Posted from the rAF callback of the frame that paints the row: it runs after that paint.
        const ch = new MessageChannel();
        ch.port1.onmessage = () => { window.__fv.row = performance.now(); };
        ch.port2.postMessage(0);
        return;
      }
      requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, true);
`;

async function once(browser: Browser, server: RunningServer, token: string, rate: number): Promise<Run> {
  const { context, page } = await newPage(browser);
  try {
    await context.addInitScript((t) => localStorage.setItem('ACCESS-TOKEN', t), token);
    await context.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(server.url('/dashboard'));
    const group = page.locator('aside').getByText('组织管理', { exact: true }).first();
    await group.waitFor({ timeout: 60_000 });
    // A user who has just arrived: the console has settled (anything it does in the background is done).
    await page.waitForLoadState('networkidle');
    await idle(page);
    await group.click();
    const entry = page.locator('aside').getByText('用户管理', { exact: true }).first();
    await entry.waitFor();
    await page.waitForTimeout(400); // the submenu's opening animation
    await entry.click();
    await page.waitForFunction(() => (window as unknown as { __fv: { row?: number } }).__fv.row !== undefined, undefined, { timeout: 60_000 });
    return await page.evaluate(() => {
      const fv = (window as unknown as { __fv: { click: number; row: number } }).__fv;
      const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.startTime >= fv.click - 1)
        .map((e) => ({ path: new URL(e.name).pathname + new URL(e.name).search, start: Math.round(e.startTime - fv.click), end: Math.round(e.responseEnd - fv.click) }));
      return { ms: fv.row - fv.click, requests };
    });
  } finally {
    await context.close();
  }
}

/** Waits for an idle period of the page's main thread (so a click does not race its start-up work). */
async function idle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void };
        if (w.requestIdleCallback) w.requestIdleCallback(() => resolve(), { timeout: 3000 });
        else setTimeout(resolve, 200);
      }),
  );
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const server = await startServer();
const browser = await launchBrowser();
try {
  const token = await apiLogin(server);
  // One unmeasured run: the server's first list query and the browser's start-up are not what is measured.
  await once(browser, server, token, 1);
  const summary: string[] = [];
  for (const rate of RATES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once(browser, server, token, rate));
    const ms = runs.map((r) => r.ms);
    const mid = median(ms);
    const closest = runs.reduce((a, b) => (Math.abs(b.ms - mid) < Math.abs(a.ms - mid) ? b : a));
    console.log(`\n${rate}× CPU: click → first row ${ms.map((m) => m.toFixed(0)).join(', ')} ms; median ${mid.toFixed(0)} ms`);
    console.log('  requests after the click in the run closest to the median (start → end, ms):');
    for (const r of closest.requests) console.log(`    ${String(r.start).padStart(5)} → ${String(r.end).padStart(5)}  ${r.path}`);
    summary.push(`${rate}× CPU: median ${mid.toFixed(0)} ms over ${RUNS} runs${rate === 1 ? ` (limit ${LIMIT_MS} ms: ${mid <= LIMIT_MS ? 'within' : 'OVER'})` : ''}`);
  }
  console.log(`\nfirst visit of /org/user (click 用户管理 → first table row):\n  ${summary.join('\n  ')}`);
} finally {
  await browser.close();
  await server.stop();
}
