/**
 * Lighthouse's accessibility score of the login page, /org/user and the workplace (issue 28, goal: 100 on
 * each; 96–97 before point 9). Lighthouse (from npm) drives Debian's Chromium, started by chrome-launcher
 * with a DevTools port, against the real built server on a fresh database. The login page is measured
 * first, signed out; then the platform administrator's token is put in the browser's localStorage (as the
 * browser tests do), and Lighthouse keeps that storage (disableStorageReset) for the console pages.
 * Prints each score beside the goal and, for a score under 100, the failing audits and their elements.
 * Not part of CI.
 *
 *   pnpm build && pnpm --filter @uc/bench lighthouse-a11y        # CHROMIUM_PATH to use another Chromium
 */
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';
import { launchLighthouseChrome } from './support';

const GOAL = 100;

interface AuditItem {
  node?: { snippet?: string; selector?: string; explanation?: string };
}
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  details?: { items?: AuditItem[] };
}

/** Puts the session's token where the console reads it, in the browser Lighthouse drives. */
async function signIn(port: number, server: RunningServer, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(server.url('/user/login'));
    await page.evaluate((t) => localStorage.setItem('ACCESS-TOKEN', t), token);
    await page.close();
  } finally {
    // Leaves the browser running: only this connection ends.
    await browser.close();
  }
}

async function audit(port: number, url: string): Promise<{ score: number; failing: Audit[] }> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['accessibility'],
    disableStorageReset: true,
    formFactor: 'desktop',
    screenEmulation: { mobile: false, width: 1366, height: 850, deviceScaleFactor: 1, disabled: false },
    throttlingMethod: 'provided',
    locale: 'zh',
    logLevel: 'error',
    output: 'json',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  // A console page that sent the browser to the login page was not signed in: its score would be the login page's.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}: was the browser signed in?`);
  const category = lhr.categories.accessibility!;
  const failing = category.auditRefs
    .map((ref) => lhr.audits[ref.id] as unknown as Audit)
    .filter((a) => a.scoreDisplayMode === 'binary' && a.score !== null && a.score < 1);
  return { score: Math.round((category.score ?? 0) * 100), failing };
}

const server = await startServer();
const chrome = await launchLighthouseChrome();
const rows: { page: string; score: number; failing: Audit[] }[] = [];
try {
  rows.push({ page: 'login (/user/login)', ...(await audit(chrome.port, server.url('/user/login'))) });
  await signIn(chrome.port, server, await apiLogin(server));
  rows.push({ page: 'users (/org/user)', ...(await audit(chrome.port, server.url('/org/user'))) });
  rows.push({ page: 'workplace (/dashboard/workplace)', ...(await audit(chrome.port, server.url('/dashboard/workplace'))) });
} finally {
  chrome.kill();
  await server.stop();
}

console.log(`\nLighthouse accessibility (lighthouse 12, Debian's Chromium, desktop 1366×850, zh-CN), goal ${GOAL}:`);
for (const r of rows) console.log(`  ${r.page.padEnd(34)}${String(r.score).padStart(4)}   ${r.score >= GOAL ? 'met' : 'NOT MET'}`);
for (const r of rows.filter((row) => row.failing.length > 0)) {
  console.log(`\n${r.page}: failing audits`);
  for (const a of r.failing) {
    console.log(`  ${a.id}: ${a.title}`);
    for (const item of (a.details?.items ?? []).slice(0, 6)) console.log(`    ${item.node?.selector ?? ''}  ${item.node?.snippet ?? ''}`);
  }
}
