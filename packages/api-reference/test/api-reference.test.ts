// /docs on the real terminal and the real cloud, opened in Debian's Chromium: the reference
// renders every operation of the server's own document from installed files (any request for
// another host would fail here: this machine has no network), and "Try it out" calls the API.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startTestCloud, type TestDatabase } from '../../../apps/cloud/test/harness.js';
import type { Cloud } from '../../../apps/cloud/src/server.js';
import { useFiscalTerminal } from '../../../apps/terminal/test/support/terminal-harness.js';
import { launchBrowser, noBrowser, screenshotDir } from '../../../test-support/browser.js';

const env = useFiscalTerminal();
let browser: Browser;
let database: TestDatabase;
let cloud: Cloud;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  cloud = await startTestCloud(database);
  if (noBrowser === null) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await cloud?.close();
  await database?.close();
});

async function openReference(base: string, shot: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(base)) foreign.push(request.url());
  });
  const answer = await page.goto(`${base}/docs`);
  expect(answer?.status()).toBe(200);
  expect(page.url()).toBe(`${base}/docs/`);
  await page.locator('.opblock').first().waitFor();
  await page.screenshot({ path: `${screenshotDir()}${shot}.png` });
  expect(foreign).toEqual([]);
  return page;
}

describe.skipIf(noBrowser !== null)('/docs in a browser', () => {
  it('the terminal: every operation listed, and Try it out answers from the terminal', async () => {
    const page = await openReference(env.terminal.url, 'docs-terminal');
    const document = (await (await fetch(`${env.terminal.url}/api/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    const operations = Object.values(document.paths).reduce(
      (n, methods) => n + Object.keys(methods).length,
      0,
    );
    expect(await page.locator('.opblock').count()).toBe(operations);

    const health = page
      .locator('#operations-Operations-getHealth, .opblock-get:has([data-path="/api/health"])')
      .first();
    await health.locator('.opblock-summary').click();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url() === `${env.terminal.url}/api/health`),
      health.getByRole('button', { name: 'Execute' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await expect
      .poll(() => health.locator('.live-responses-table').first().textContent())
      .toContain('"success": true');
    await page.screenshot({ path: `${screenshotDir()}docs-terminal-try-it.png` });
    await page.close();
  });

  it('the cloud: the integration API reference from its own document', async () => {
    const page = await openReference(cloud.url, 'docs-cloud');
    await expect
      .poll(() => page.locator('.opblock-summary-path').allTextContents())
      .toContain('/api/public/v1/ping');
    await page.close();
  });
});
