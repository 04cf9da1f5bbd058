// The fleet's pages in Chromium against a real cloud: the overview shows the health reports of
// a real terminal process (activated by its code, selling through the tax-authority simulator,
// printing to a printer-sim process that runs out of paper) as alerts, its state and the week's
// sales chart, a terminal's VAT rates with those its next fiscal day takes, and the receipts the cloud
// refused (the alert, the count, the last refusal's reason); an owner adds a terminal (code and QR code shown once), tests, renames and
// deactivates one, creates an integration key (shown once), revokes it and switches the module;
// a viewer sees the same lists without the owner's controls.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setPrinterFault, startPrinterSimProcess, type PrinterSimProcess } from '@fiscal-pos/printer-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../cloud/test/console-harness.js';
import { admin, device } from '../../cloud/test/harness.js';
import { healthReport } from '../../cloud/test/health-report-fixture.js';
import {
  cashSale,
  removeDir,
  startSimulator,
  tempDir,
  type Simulator,
} from '../../terminal/test/support/terminal-harness.js';
import { startTerminalProcess, type TerminalProcess } from '../../terminal/test/support/terminal-process.js';
import {
  expectAccessible,
  noBrowser,
  screenshots,
  startConsoleApp,
  type ConsoleApp,
  BROWSER_TEST_TIMEOUT_MS,
} from './console-browser.js';

/** A refusal as a terminal reports it: the cloud's answer naming the field it refused. */
const REFUSAL = {
  operationId: '0193b4a0-0000-7000-8000-00000000c0de',
  reason:
    'The cloud answered 400 invalid_request: The body failed validation. (body.documents.0.lines.0.productId: ' +
    'Too big: expected string to have <=100 characters)',
};

/** The default VAT table with B at `b` basis points, as a terminal's health reports it. */
const VAT_TABLE = (b: number) => [
  { code: 'A' as const, rateBasisPoints: 800, exempt: false },
  { code: 'B' as const, rateBasisPoints: b, exempt: false },
  { code: 'C' as const, rateBasisPoints: 0, exempt: false },
  { code: 'D' as const, rateBasisPoints: 1200, exempt: false },
  { code: 'E' as const, rateBasisPoints: 600, exempt: false },
  { code: '_' as const, rateBasisPoints: 0, exempt: true },
];

describe.skipIf(noBrowser !== null)(
  'the fleet pages in Chromium',
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    let app: ConsoleApp;
    let sim: Simulator | undefined;
    let printer: PrinterSimProcess | undefined;
    let terminal: TerminalProcess | undefined;
    const dataDir = tempDir('console-fleet-terminal');

    /** The real terminal: activated by its code at first start, reporting its health at once on a change. */
    async function startRealTerminal(): Promise<{ terminalId: string; key: string }> {
      [sim, printer] = await Promise.all([
        startSimulator(),
        startPrinterSimProcess({ dataDir: tempDir('console-fleet-printer') }),
      ]);
      const created = await admin(app.cloud, 'POST', `/merchants/${app.merchantId}/terminals`, {
        body: { name: 'Casa reală' },
      });
      terminal = await startTerminalProcess({
        dataDir,
        sim,
        env: {
          CLOUD_URL: app.cloud.url,
          ACTIVATION_CODE: created.json().activationCode,
          PRINTER: printer.url,
          PRINTER_STATUS_MAX_AGE_MS: '100',
          HEALTH_REPORT_CHECK_MS: '100',
          PLATFORM_PUSH_INTERVAL_MS: '100',
          CATALOG_SYNC_INTERVAL_MS: '600000',
        },
      });
      // Activation replaced API_KEY with the cloud's key for this terminal.
      return {
        terminalId: created.json().terminal.id as string,
        key: readFileSync(join(dataDir, 'api-key'), 'utf8').trim(),
      };
    }

    beforeAll(async () => {
      app = await startConsoleApp();
      const { terminalId, key } = await startRealTerminal();
      for (const [total, idempotencyKey] of [
        [1250, 'fleet-sale-1'],
        [480.5, 'fleet-sale-2'],
      ] as const) {
        const sold = await fetch(`${terminal!.url}/api/sales`, {
          method: 'POST',
          headers: {
            'x-api-key': key,
            'content-type': 'application/json',
            'idempotency-key': idempotencyKey,
          },
          body: JSON.stringify(cashSale(total)),
        });
        expect(sold.status, await sold.text()).toBe(200);
      }
      await setPrinterFault(printer!.adminUrl, { mode: 'paper-out' });
      // The terminal pushes both receipts, and reports the empty printer, by itself.
      await eventually(async () => {
        const pushed = await app.database.db.query.fiscalDocuments.findMany({
          where: (document, { eq }) => eq(document.terminalId, terminalId),
          columns: { id: true },
        });
        const health = await app.database.db.query.terminalHealth.findFirst({
          where: (row, { eq }) => eq(row.terminalId, terminalId),
        });
        return pushed.length === 2 && health?.report.printer.state === 'paper-out' ? true : undefined;
      }, 'the terminal process’s receipts and its paper-out report in the cloud');
      // A fiscal day that expires within the hour cannot be had from a real terminal without
      // waiting 23 hours: the other (in-process) terminal reports one over the device API.
      const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
      const reported = await device(
        app.cloud,
        app.terminal,
        'POST',
        '/health',
        healthReport({
          fiscalDay: { startedAt: iso(-86_400_000 + 40 * 60_000), expiresAt: iso(40 * 60_000) },
          // The merchant lowered B to 19 % during the open day: the terminal takes it after its Z report.
          vatRates: { inUse: VAT_TABLE(2000), pending: VAT_TABLE(1900) },
          // Two of its receipts the cloud refused: missing from sales, stock and the ERP.
          documentsWaiting: 2,
          documentsRefused: 2,
          lastRefusal: { ...REFUSAL, at: iso(-25 * 60_000) },
        }),
      );
      expect(reported.status).toBeLessThan(300);
    });
    afterAll(async () => {
      await terminal?.stop();
      await Promise.all([sim?.stop(), printer?.stop()]);
      removeDir(dataDir);
      if (sim) removeDir(sim.dataDir);
      await app?.close();
    });

    it('shows the fleet at a glance: what needs attention, each terminal, the sales', async () => {
      const page = await app.signedInPage('viewer');
      await page.getByText('The printer is out of paper.').waitFor();
      await page.getByText(/The fiscal day expires at .+: close it before then\./).waitFor();
      await page
        .locator('.fleet-alert--critical')
        .filter({ hasText: 'Receipts the cloud refused: 2. Sales, stock and the ERP miss them' })
        .waitFor();
      const table = page.getByRole('table', { name: 'Terminals' });
      await table.getByRole('columnheader', { name: 'Refused by the cloud' }).waitFor();
      // The real terminal refused none; the other terminal two.
      expect(
        await table
          .getByRole('row', { name: /^Casa reală/ })
          .getByRole('cell')
          .nth(4)
          .textContent(),
      ).toBe('0');
      expect(
        await table
          .getByRole('row', { name: /^Casa\b(?! reală)/ })
          .getByRole('cell')
          .nth(4)
          .textContent(),
      ).toBe('2');
      await table.getByRole('cell', { name: 'Out of paper' }).waitFor();
      // Online: the in-process terminal, whose report says it is linked to a relay (this one has none).
      await table.getByRole('cell', { name: 'Online' }).waitFor();
      const today = page.getByRole('figure', { name: 'Today' });
      expect(await today.getByRole('img', { name: 'Today' }).count()).toBe(1);
      // The figures behind the bars, for whoever cannot see them.
      expect(await today.locator('table').textContent()).toMatch(/1,730\.50/);
      await screenshots(page, 'fleet-overview');
    });

    it('shows a terminal’s VAT rates, and those its next fiscal day takes', async () => {
      const page = await app.signedInPage('viewer');
      await page.getByRole('link', { name: 'Terminals' }).click();
      await page.getByRole('button', { name: 'Open Casa', exact: true }).click();
      const facts = page.locator('.fleet-facts');
      await facts.getByText('A 8%, B 20%, C 0%, D 12%, E 6%, _ exempt', { exact: true }).waitFor();
      await facts.getByText('New VAT rates from the next fiscal day', { exact: true }).waitFor();
      await facts.getByText('B 19% (now 20%)', { exact: true }).waitFor();
      await screenshots(page, 'terminals-vat-rates');
    });

    it('shows the receipts the cloud refused of a terminal, and why the last one was', async () => {
      const page = await app.signedInPage('viewer');
      await page.getByRole('link', { name: 'Terminals' }).click();
      await page.getByRole('button', { name: 'Open Casa', exact: true }).click();
      const facts = page.locator('.fleet-facts');
      await facts.getByText('Receipts the cloud refused', { exact: true }).waitFor();
      expect(await facts.locator('dt:has-text("Receipts the cloud refused") + dd').textContent()).toBe('2');
      const last = facts.locator('dt:has-text("Last refusal") + dd');
      expect(await last.textContent()).toMatch(
        new RegExp(`, operation ${REFUSAL.operationId}: .*productId: Too big`),
      );
      await screenshots(page, 'terminals-refused');
      // The real terminal reports none refused.
      await page.getByRole('button', { name: 'Open Casa reală', exact: true }).click();
      await page.getByRole('heading', { name: 'Casa reală' }).waitFor();
      expect(await facts.locator('dt:has-text("Receipts the cloud refused") + dd').textContent()).toBe('0');
      expect(await facts.getByText('Last refusal').count()).toBe(0);
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
  },
);
