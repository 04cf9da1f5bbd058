/**
 * The console's browser tests' checks, over console-app.ts (a real cloud serving the built console,
 * Chromium driving it):
 *
 *   const app = await startConsoleApp();            // in beforeAll; app.close() in afterAll
 *   const page = await app.signedInPage('owner');   // a browser signed in through the form
 *   await expectAccessible(page);                   // axe-core: no serious or critical violation
 *   await screenshots(page, 'users');               // docs/console/screenshots/users-{1280,360}.png
 */
import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WIDTHS } from './console-app.js';

export { noBrowser } from '../../../test-support/browser.js';
export { signIn, startConsoleApp, type ConsoleApp } from './console-app.js';

/**
 * A browser test's time limit (the suite's is 30 s): a scenario checks axe-core and takes the
 * screenshots at two widths several times over, about 3 s a set on a quiet machine, and on a
 * loaded CI runner a long scenario went past 30 s (users: 21 s quiet, timed out in CI).
 */
export const BROWSER_TEST_TIMEOUT_MS = 120_000;

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/console/screenshots/', import.meta.url));

/** axe-core's check of the page as it is now: no violation of serious or critical impact. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(grave, `axe-core on ${page.url()}`).toEqual([]);
}

/**
 * Checks the page at each width (axe, and no sideways scrolling of the page itself) and saves its
 * picture as docs/console/screenshots/<name>-<width>.png; the page is left at the size it had.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(SCREENSHOTS, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (size) await page.setViewportSize(size);
}
