// Products CSV import benchmark (issue 26: 50,000 products in under 30 s): a 50,000-row file
// with names in three languages, barcodes, categories and stock, imported by the use case the
// console's POST /products/import calls (no HTTP): checked only, then applied into an empty
// catalog, applied again unchanged, applied with every price changed; and the export. On
// PGlite and, when TEST_DATABASE_URL names a server, on PostgreSQL (a fresh database each).
// The reference, measured in the same run: a bare INSERT of the same 50,000 rows in one
// statement, without checks, versions, events or stock.
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { createCategory } from '../src/catalog/categories.js';
import { exportProducts } from '../src/products/export-products.js';
import { importProducts, type ImportMode, type ImportResult } from '../src/products/import-products.js';
import { createMerchant } from '../src/merchants/merchants.js';
import { DRIVERS, openTestDatabase, type Driver } from '../test/harness.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const TARGET_SECONDS = 30;

function productsCsv(rows: number, priceShift: number): Buffer {
  return Buffer.from(
    stringify(
      Array.from({ length: rows }, (_, i) => ({
        code: `P-${String(i).padStart(6, '0')}`,
        sku: String(100_000 + i),
        barcodes: `484${String(i).padStart(10, '0')}`,
        name_ro: `Produs de test numărul ${i}`,
        name_ru: `Тестовый товар номер ${i}`,
        name_en: `Test product number ${i}`,
        category_path: i % 3 === 0 ? 'Alimentare > Lactate' : 'Alimentare',
        vat_code: i % 4 === 0 ? 'A' : 'B',
        unit: i % 5 === 0 ? 'kg' : 'buc',
        price: `${1 + (i % 997) + priceShift}.${String(i % 100).padStart(2, '0')}`,
        active: 'yes',
        on_hand: `${i % 250}.500`,
      })),
      { header: true, bom: true },
    ),
  );
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

async function runOn(driver: Driver): Promise<Record<string, number | string>> {
  const database = await openTestDatabase(driver);
  try {
    const db = database.db;
    const merchant = await createMerchant(db, { name: 'Import bench', integrationActive: true });
    const food = await createCategory(db, merchant.id, { name: 'Alimentare', parentId: null, position: 0 });
    await createCategory(db, merchant.id, { name: 'Lactate', parentId: food.id, position: 0 });
    const file = productsCsv(ROWS, 0);
    const timed = async (csv: Buffer, mode: ImportMode, expect: Partial<ImportResult>) => {
      const started = performance.now();
      const result = await importProducts(db, { merchantId: merchant.id, csv, mode });
      const ms = performance.now() - started;
      const { errors: _, ...counts } = result;
      if (!Object.entries(expect).every(([key, value]) => counts[key as keyof typeof counts] === value))
        throw new Error(`${mode}: ${JSON.stringify(counts)}, expected ${JSON.stringify(expect)}`);
      return ms;
    };
    const validateMs = await timed(file, 'validate', { errorCount: 0, created: ROWS });
    const applyMs = await timed(file, 'apply', { applied: true, created: ROWS });
    const unchangedMs = await timed(file, 'apply', { applied: true, unchanged: ROWS });
    const repricedMs = await timed(productsCsv(ROWS, 1), 'apply', { applied: true, updated: ROWS });
    const exportStarted = performance.now();
    const exported = await exportProducts(db, { merchantId: merchant.id, delimiter: ',' });
    const exportMs = performance.now() - exportStarted;

    // The reference: the same rows inserted bare, in one statement, for another merchant.
    const other = await createMerchant(db, { name: 'Bare insert', integrationActive: true });
    const bareStarted = performance.now();
    await db.execute(sql`
      insert into products (id, merchant_id, code, sku, barcodes, name, price_minor, vat_code, unit)
      select 'prod_bare' || g, ${other.id}, 'P-' || lpad(g::text, 6, '0'), (100000 + g)::text,
        array['484' || lpad(g::text, 10, '0')],
        jsonb_build_object('ro', 'Produs de test numărul ' || g, 'ru', 'Тестовый товар номер ' || g,
          'en', 'Test product number ' || g),
        (1 + g % 997) * 100 + g % 100, 'B', 'buc'
      from generate_series(0, ${ROWS - 1}) g`);
    const bareMs = performance.now() - bareStarted;

    return {
      [`${driver}: file (MB, ${ROWS} rows)`]: Number((file.byteLength / 1e6).toFixed(1)),
      [`${driver}: check only (s)`]: seconds(validateMs),
      [`${driver}: apply into an empty catalog (s)`]: seconds(applyMs),
      [`${driver}: apply again, nothing changed (s)`]: seconds(unchangedMs),
      [`${driver}: apply with every price changed (s)`]: seconds(repricedMs),
      [`${driver}: export (s, ${(exported.length / 1e6).toFixed(1)} MB)`]: seconds(exportMs),
      [`${driver}: bare insert of the rows, reference (s)`]: seconds(bareMs),
      [`${driver}: apply / bare insert`]: Number((applyMs / bareMs).toFixed(1)),
      [`${driver}: target apply < ${TARGET_SECONDS} s`]: applyMs < TARGET_SECONDS * 1000 ? 'PASS' : 'FAIL',
    };
  } finally {
    await database.close();
  }
}

export async function runProductImportBench(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  for (const driver of DRIVERS) Object.assign(results, await runOn(driver));
  return results;
}
