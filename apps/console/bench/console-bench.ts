// Console cold load on localhost (goal < 1 s to interactive): Chromium opens the console with an
// empty cache each time (a new browser context), from the start of the navigation to the moment
// the first control a person uses exists in the page: the sign-in form's e-mail field signed out,
// the Settings page's first button signed in (the session, then the page's own chunk). Times are
// the page's own clock (performance.now(), from navigation start), taken by a MutationObserver at
// the DOM change that adds the element, so the harness's round trips are not counted.
import type { Page } from 'playwright-core';
import { percentile } from '../../../bench/load/latency-stats.js';
import { noBrowser } from '../../../test-support/browser.js';
import { signIn, startConsoleApp } from '../test/console-app.js';

const LOADS = Number(process.env.BENCH_CONSOLE_LOADS ?? 15);

/** Milliseconds from navigation start until `selector` matches, by the page's clock. */
async function interactiveAt(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  // No named function inside: tsx would wrap it in a helper the page does not have.
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        if (document.querySelector(wanted)) return resolve(performance.now());
        const observer = new MutationObserver(() => {
          if (!document.querySelector(wanted)) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document, { childList: true, subtree: true });
      }),
    selector,
  );
}

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${percentile(sorted, 0.5).toFixed(0)} / ${percentile(sorted, 0.95).toFixed(0)} / ${sorted.at(-1)!.toFixed(0)}`;
};

export async function runConsoleBench(): Promise<Record<string, number | string>> {
  if (noBrowser) return { skipped: noBrowser };
  const app = await startConsoleApp();
  try {
    // One sign-in (they are limited per account); its cookie opens every signed-in load.
    const first = await app.browser.newContext();
    const signing = await first.newPage();
    await signing.goto(`${app.url}/sign-in`);
    await signIn(signing, app.users.viewer);
    await signing.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const session = await first.storageState();
    await first.close();

    const signedOut: number[] = [];
    const signedIn: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      // A new context each time: an empty cache, as a first visit has.
      for (const [samples, path, selector, storageState] of [
        [signedOut, '/sign-in', 'input[name="email"]', undefined],
        [signedIn, '/settings', 'main button', session],
      ] as const) {
        const context = await app.browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: 'en-GB',
          ...(storageState ? { storageState } : {}),
        });
        samples.push(await interactiveAt(await context.newPage(), `${app.url}${path}`, selector));
        await context.close();
      }
    }
    return {
      loads: LOADS,
      'signed out, to the sign-in form, p50 / p95 / max (ms)': summary(signedOut),
      'signed in, to the Settings page, p50 / p95 / max (ms)': summary(signedIn),
      'signed-out p95 under 1 s':
        percentile(
          [...signedOut].sort((a, b) => a - b),
          0.95,
        ) < 1000
          ? 'yes'
          : 'no',
    };
  } finally {
    await app.close();
  }
}
