// The Orders and Webhooks pages: a manager confirms and fulfils an order (a viewer sees no
// action); an owner registers an endpoint (its secret shown once), disables and enables it,
// sends a test event and reads it in the delivery log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../cloud/src/orders/create-order.js';
import { saveProduct } from '../../cloud/src/products/save-product.js';
import {
  noBrowser,
  screenshots,
  startConsoleApp,
  type ConsoleApp,
  BROWSER_TEST_TIMEOUT_MS,
} from './console-browser.js';

describe.skipIf(noBrowser !== null)(
  'the Orders and Webhooks pages in Chromium',
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    let app: ConsoleApp;

    beforeAll(async () => {
      app = await startConsoleApp();
      await saveProduct(app.database.db, app.merchantId, {
        code: 'P-1',
        name: { ro: 'Cafea' },
        priceMinor: 4500,
        vatCode: 'B',
        unit: 'pcs',
      });
      for (const id of ['WEB-1001', 'WEB-1002'])
        await createOrder(app.database.db, {
          merchantId: app.merchantId,
          body: {
            externalOrderId: id,
            customer: { name: 'Ion Popescu' },
            lines: [{ productCode: 'P-1', quantity: 2 }],
          },
        });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('lets a manager confirm and fulfil an order, and shows a viewer no action', async () => {
      const page = await app.signedInPage('manager');
      await page.getByRole('link', { name: 'Orders' }).click();
      const table = page.getByRole('region', { name: 'Orders', exact: true });
      await table.getByRole('cell', { name: 'WEB-1002', exact: true }).waitFor();
      await screenshots(page, 'orders');
      await page.getByRole('button', { name: 'Confirm WEB-1001' }).click();
      await page.getByRole('button', { name: 'Fulfil WEB-1001' }).click();
      await expect
        .poll(() => table.getByRole('row').filter({ hasText: 'WEB-1001' }).textContent())
        .toContain('Fulfilled');
      await page.getByLabel('Status').selectOption('fulfilled');
      await expect.poll(() => table.getByRole('row').count()).toBe(2);

      const viewer = await app.signedInPage('viewer');
      await viewer.getByRole('link', { name: 'Orders' }).click();
      await viewer.getByRole('cell', { name: 'WEB-1002', exact: true }).waitFor();
      expect(await viewer.getByRole('button', { name: /^Confirm/ }).count()).toBe(0);
    });

    it('lets an owner add, disable, enable and test an endpoint and read its log', async () => {
      const page = await app.signedInPage('owner');
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('button', { name: 'Add an endpoint' }).click();
      await page.getByLabel('Endpoint URL (https)').fill('https://127.0.0.1:9/hooks/fiscal');
      await page.getByRole('button', { name: 'Add an endpoint' }).click();
      expect(await page.locator('.ui-secret__value').textContent()).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByText('Disabled (manual)').waitFor();
      expect(await page.getByRole('button', { name: 'Send a test event' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Enable' }).click();
      await page.getByText('Enabled', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await page.getByRole('button', { name: 'Delivery log' }).click();
      await page
        .getByRole('region', { name: /Deliveries to/ })
        .getByRole('cell', { name: 'ping' })
        .waitFor();
      await screenshots(page, 'webhooks');
    });
  },
);
