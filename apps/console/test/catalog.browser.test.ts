// The Catalog page in Chromium: a manager creates a product (the cloud's refusal shown under its
// field), adjusts its stock and reads the ledger, builds the category tree, imports a CSV of
// 1,000 products with 3 bad rows (the errors by row, nothing written), then the fixed file (all
// written), imports a file whose category paths add to the tree, deletes a product after a
// confirmation, and resets a cashier's PIN. A viewer reads without the controls. Every state is
// checked by axe and pictured at 1280 and 360 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  screenshots,
  noBrowser,
  startConsoleApp,
  type ConsoleApp,
  BROWSER_TEST_TIMEOUT_MS,
} from './console-browser.js';

const HEADER = 'code,name_ro,name_ru,vat_code,unit,price,on_hand';
const row = (i: number, price = `${1 + (i % 40)}.25`) =>
  `B-${String(i).padStart(4, '0')},Produs ${i},Товар ${i},B,buc,${price},${i % 9}`;

describe.skipIf(noBrowser !== null)(
  'the Catalog page in Chromium',
  { timeout: BROWSER_TEST_TIMEOUT_MS },
  () => {
    let app: ConsoleApp;

    beforeAll(async () => {
      app = await startConsoleApp();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('lets a manager create a product, with the cloud’s refusals inline, and adjust its stock', async () => {
      const page = await app.signedInPage('manager');
      await page.getByRole('link', { name: 'Catalog' }).click();
      await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
      await page.getByRole('button', { name: 'New product' }).click();
      await page.getByLabel('Code', { exact: true }).fill('MERE-1');
      await page.getByLabel('Name (Romanian)').fill('Mere Golden');
      await page.getByLabel('Name (Russian)').fill('Яблоки Голден');
      const price = page.getByLabel('Price, MDL', { exact: true });
      await price.fill('12,345');
      await page.getByLabel('Unit', { exact: true }).fill('kg');
      await page.getByRole('button', { name: 'Save' }).click();
      // Three decimals: the cloud's product schema refuses it, and the form shows it under Price.
      await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
      await screenshots(page, 'catalog-product-errors');
      await price.fill('12,35');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('MERE-1 was created.').waitFor();
      const table = page.getByRole('table', { name: 'Products' });
      await table.getByRole('cell', { name: 'Mere Golden' }).waitFor();
      await screenshots(page, 'catalog-products');

      await page.getByRole('button', { name: 'Stock MERE-1' }).click();
      await page.getByLabel('Units to add (negative to remove)').fill('25,5');
      await page.getByLabel('Reason', { exact: true }).fill('delivery');
      await page.getByRole('button', { name: 'Adjust stock' }).click();
      await page.getByText('Stock adjusted: 25.500 on hand.').waitFor();
      await page
        .getByRole('table', { name: 'Stock movements' })
        .getByRole('cell', { name: 'delivery' })
        .waitFor();
      await screenshots(page, 'catalog-stock');
    });

    it('builds the category tree', async () => {
      const page = await app.signedInPage('manager');
      await page.goto(`${app.url}/catalog?section=categories`);
      await page.getByRole('button', { name: 'New category' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Băuturi');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Băuturi was saved.').waitFor();
      await page.getByRole('button', { name: 'New category' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Sucuri');
      await page.getByLabel('Parent').selectOption({ label: 'Băuturi' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Rename Sucuri' }).waitFor();
      expect(await page.locator('.ui-tree .ui-tree .ui-tree__name').textContent()).toBe('Sucuri');
      await screenshots(page, 'catalog-categories');

      // Deleting one that still holds a category is refused: the dialog closes, the refusal is a toast.
      await page.getByRole('button', { name: 'Delete Băuturi' }).click();
      const refused = page.getByRole('dialog', { name: 'Delete the category Băuturi?' });
      await refused.getByRole('button', { name: 'Delete' }).click();
      await page.locator('.ui-toast--error').waitFor();
      expect(await refused.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Delete Sucuri' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete the category Sucuri?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Sucuri was deleted.').waitFor();
      await page.getByRole('button', { name: 'Rename Sucuri' }).waitFor({ state: 'detached' });
      expect(await confirm.isVisible()).toBe(false);
    });

    it('imports 1,000 products with 3 bad rows: the errors by row, nothing written; then the fixed file', async () => {
      const page = await app.signedInPage('manager');
      await page.goto(`${app.url}/catalog?section=importExport`);
      const rows = Array.from({ length: 1000 }, (_, i) => row(i + 1));
      const bad = [...rows];
      bad[41] = row(42, '0'); // row 43
      bad[420] = row(421, '9.999'); // row 422
      bad[899] = `${row(900)},extra`; // row 901: one cell too many
      const file = page.getByLabel('CSV file');
      await file.setInputFiles({
        name: 'products.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${[HEADER, ...bad].join('\r\n')}\r\n`),
      });
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByText('3 errors: nothing was written. Fix them and check again.').first().waitFor();
      const errors = page.getByRole('region', { name: 'Problem' }).locator('tbody tr');
      expect(await errors.evaluateAll((trs) => trs.map((tr) => tr.firstElementChild?.textContent))).toEqual([
        '43',
        '422',
        '901',
      ]);
      expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
      await screenshots(page, 'catalog-import-errors');

      await file.setInputFiles({
        name: 'products.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${[HEADER, ...rows].join('\n')}\n`),
      });
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByText('1000 new, 0 changed, 0 unchanged.').waitFor();
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByText('1000 rows imported.').first().waitFor();
      await screenshots(page, 'catalog-import');

      await page.goto(`${app.url}/catalog?section=products`);
      await page.getByLabel('Search').fill('B-0999');
      await page
        .getByRole('table', { name: 'Products' })
        .getByRole('cell', { name: 'Produs 999', exact: true })
        .waitFor();
    });

    it('imports a file whose category paths name new categories, which it adds to the tree', async () => {
      const page = await app.signedInPage('manager');
      await page.goto(`${app.url}/catalog?section=importExport`);
      await page.getByText(/^category_path places a product in the tree/).waitFor();
      await page.getByLabel('CSV file').setInputFiles({
        name: 'preserves.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            'code,name_ro,vat_code,unit,price,category_path',
            'CONS-1,Mazăre,B,buc,18.50,Conserve > Legume',
            'CONS-2,Piersici,B,buc,32,Conserve > Fructe',
            'CONS-3,Fasole,B,buc,16,Conserve > Legume',
          ].join('\n'),
        ),
      });
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByText('3 new, 0 changed, 0 unchanged. 3 new categories.').waitFor();
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByText('3 rows imported.').first().waitFor();

      await page.goto(`${app.url}/catalog?section=categories`);
      const conserve = page.locator('.ui-tree > li').filter({ hasText: /^Conserve/ });
      await conserve.getByRole('button', { name: 'Rename Legume' }).waitFor();
      await conserve.getByRole('button', { name: 'Rename Fructe' }).waitFor();
    });

    it('deletes a product once the manager confirms it', async () => {
      const page = await app.signedInPage('manager');
      await page.goto(`${app.url}/catalog?section=products`);
      const table = page.getByRole('table', { name: 'Products' });
      await page.getByLabel('Search').fill('CONS-2');
      await table.getByRole('cell', { name: 'Piersici', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete CONS-2' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete the product CONS-2?' });
      await dialog.getByText(/choose “Stop selling” instead/).waitFor();
      await expectAccessible(page);
      // Cancel leaves it; confirming deletes it.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await table.getByRole('cell', { name: 'Piersici', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete CONS-2' }).click();
      await screenshots(page, 'catalog-product-delete');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('CONS-2 was deleted.').waitFor();
      await page.getByText('No product matches.').waitFor();
    });

    it('lets a manager add a cashier and reset the PIN, shown once', async () => {
      const page = await app.signedInPage('manager');
      await page.goto(`${app.url}/catalog?section=cashiers`);
      await page.getByRole('button', { name: 'New cashier' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Ion Popescu');
      await page.getByLabel('PIN (4 digits)').fill('12');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByLabel('PIN (4 digits)').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('PIN (4 digits)').fill('4821');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Ion Popescu was saved.').waitFor();
      await page.getByRole('button', { name: 'Reset the PIN Ion Popescu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset the PIN of Ion Popescu?' });
      await dialog.getByRole('button', { name: 'Reset the PIN' }).click();
      const pin = page.locator('.ui-secret__value');
      await pin.waitFor();
      expect(await pin.textContent()).toMatch(/^\d{4}$/);
      await screenshots(page, 'catalog-cashiers');

      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Deactivate Ion Popescu' }).click();
      // Named by its own title, not by the other dialog of the section (reset a PIN).
      const confirm = page.getByRole('dialog', { name: 'Deactivate Ion Popescu?' });
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByText('Ion Popescu was deactivated.').waitFor();
      await page.getByRole('button', { name: 'Rename Ion Popescu' }).waitFor({ state: 'detached' });
      expect(await confirm.isVisible()).toBe(false);
    });

    it('shows a viewer the catalog without the controls that change it', async () => {
      const page = await app.signedInPage('viewer');
      await page.goto(`${app.url}/catalog`);
      await page.getByRole('table', { name: 'Products' }).waitFor();
      expect(await page.getByRole('button', { name: 'New product' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      await page.goto(`${app.url}/catalog?section=importExport`);
      await page.getByRole('link', { name: 'Download CSV (comma)' }).waitFor();
      expect(await page.getByLabel('CSV file').count()).toBe(0);
    });
  },
);
