import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, evaluated in the page (through the DevTools protocol, so the console's CSP does not block it). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Rules of impact below serious that the console still holds itself to (issue 28, point 9): one
 * contentinfo landmark at the top level, one main landmark, a level-one heading on every page, and
 * headings in order below it (Lighthouse scores heading-order).
 */
export const HELD_MODERATE_RULES = new Set([
  'landmark-no-duplicate-contentinfo',
  'landmark-contentinfo-is-top-level',
  'landmark-no-duplicate-main',
  'landmark-one-main',
  'page-has-heading-one',
  'heading-order',
]);

/** Waits until the page's finite animations and transitions are over (antd's fades would be read mid-way otherwise). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Two frames: what a key press or a load starts (React's commit, a transition) has begun by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) &&
      document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active').length === 0,
    undefined,
    { timeout: 30_000, polling: 100 },
  );
}

/** Runs axe-core on the page as it is now: every rule of WCAG 2.1 A and AA and axe's best practices. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200), failureSummary: n.failureSummary })),
    }));
  });
}

/** The violations a page may not have: serious or critical, and the held moderate rules above. */
export const blocking = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || HELD_MODERATE_RULES.has(v.id));

/** One line per violation and node, to print beside a failure. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'})\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(' ')}  ${n.html}\n      ${(n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim()}`)
          .join('\n'),
    )
    .join('\n');
}
