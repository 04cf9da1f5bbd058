// The fleet's pages in Chromium against a real cloud: the overview shows a terminal's health
// report as alerts, its state and the week's sales chart; an owner adds a terminal (code and QR
// code shown once), tests, renames and deactivates one, creates an integration key (shown once),
// revokes it and switches the module; a viewer sees the same lists without the owner's controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalDocument } from '../../cloud/test/documents-fixture.js';
import { device } from '../../cloud/test/harness.js';
import { healthReport } from '../../cloud/test/health-report-fixture.js';
import {
  expectAccessible,
  noBrowser,
  screenshots,
  startConsoleApp,
  type ConsoleApp,
} from './console-browser.js';

describe.skipIf(noBrowser !== null)('the fleet pages in Chromium', () => {
  let app: ConsoleApp;

  beforeAll(async () => {
    app = await startConsoleApp();
    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    await device(
      app.cloud,
      app.terminal,
      'POST',
      '/health',
      healthReport({
        fiscalDay: { startedAt: iso(-86_400_000 + 40 * 60_000), expiresAt: iso(40 * 60_000) },
        printer: { state: 'paper-out', queuedJobs: 1, unconfirmedJobs: 0 },
        documentsWaiting: 2,
      }),
    );
    const sale = (unitPrice: number) =>
      fiscalDocument([{ productId: null, quantityMilli: 1000, unitPrice }], { createdAt: iso(-60_000) });
    const pushed = await device(app.cloud, app.terminal, 'POST', '/documents', {
      documents: [sale(125_000), sale(48_050)],
    });
    expect(pushed.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the fleet at a glance: what needs attention, each terminal, the sales', async () => {
    const page = await app.signedInPage('viewer');
    await page.getByText('The printer is out of paper.').waitFor();
    await page.getByText(/The fiscal day expires at .+: close it before then\./).waitFor();
    const table = page.getByRole('table', { name: 'Terminals' });
    await table.getByRole('cell', { name: 'Out of paper' }).waitFor();
    await table.getByRole('cell', { name: 'Online' }).waitFor();
    const today = page.getByRole('figure', { name: 'Today' });
    expect(await today.getByRole('img', { name: 'Today' }).count()).toBe(1);
    // The figures behind the bars, for whoever cannot see them.
    expect(await today.locator('table').textContent()).toMatch(/1,730\.50/);
    await screenshots(page, 'fleet-overview');
  });

  it('lets an owner add a terminal, with its code and QR code shown once', async () => {
    const page = await app.signedInPage('owner');
    await page.getByRole('link', { name: 'Terminals' }).click();
    await page.getByRole('button', { name: 'Add a terminal' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('Casa 2');
    await page.getByRole('button', { name: 'Create' }).click();
    const code = page.locator('.ui-secret__value');
    await code.waitFor();
    expect(await code.textContent()).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await page
      .getByRole('img', { name: 'QR code with the cloud’s address and the activation code' })
      .waitFor();
    await page.getByRole('button', { name: 'Open Casa 2' }).waitFor();
    await screenshots(page, 'terminals-activation');
  });

  it('lets an owner test, rename and deactivate a terminal', async () => {
    const page = await app.signedInPage('owner');
    await page.getByRole('link', { name: 'Terminals' }).click();
    await page
      .getByRole('button', { name: /^Open Casa/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Test' }).click();
    // This cloud is not told the relay's address (the test through a real relay: apps/cloud/test).
    await page
      .getByRole('status')
      .filter({ hasText: 'The relay’s address is not configured in the cloud.' })
      .waitFor();
    await screenshots(page, 'terminals');

    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Casa principală');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Renamed to Casa principală.').waitFor();

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Casa principală?' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Casa principală was deactivated.').waitFor();
  });

  it('lets an owner create a key shown once, revoke it and switch the module', async () => {
    const page = await app.signedInPage('owner');
    await page.getByRole('link', { name: 'Integration keys' }).click();
    await page.getByRole('button', { name: 'Create a key' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Magazin online');
    await page.getByRole('button', { name: 'Create the key' }).click();
    await page.getByText('Choose at least one scope.').waitFor();
    await page.getByLabel('products:read').check();
    await page.getByRole('button', { name: 'Create the key' }).click();
    const secret = page.locator('.ui-secret__value');
    await secret.waitFor();
    const key = (await secret.textContent())!;
    expect(key).toMatch(/^rk_[0-9A-Za-z]{49}$/);
    const table = page.getByRole('table', { name: 'Keys' });
    await table.getByRole('cell', { name: 'Magazin online', exact: true }).waitFor();
    await screenshots(page, 'integration-keys');
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByText(key).count()).toBe(0);

    await page.getByRole('button', { name: `Revoke Magazin online …${key.slice(-4)}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await table.getByRole('cell', { name: 'Revoked' }).waitFor();

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Off: every key is refused.').waitFor();
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('On: the keys below can call the integration API.').waitFor();
  });

  it('shows a viewer the lists without the owner’s controls', async () => {
    const page = await app.signedInPage('viewer');
    await page.getByRole('link', { name: 'Terminals' }).click();
    await page.getByRole('table', { name: 'Terminals' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add a terminal' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Integration keys' }).click();
    await page.getByRole('table', { name: 'Keys' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create a key' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Turn off' }).count()).toBe(0);
  });
});
