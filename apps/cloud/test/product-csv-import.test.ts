// The products CSV import and export use cases on a real database: 1,000 products with 3 bad
// rows (errors for exactly those rows, nothing written), then fixed (all written, with their
// stock and events); a file of several statements' rows (one event, one movement, one version
// per product); the categories a file's paths name, created once each; the spreadsheet's row
// numbers; Excel's `;`, BOM and decimal commas; columns a file leaves out keep their values;
// conflicts inside the file and with the catalog; and export -> import round trips (fast-check)
// that change nothing.
import { and, count, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, listCategories } from '../src/catalog/categories.js';
import { categories, catalogVersions, events, products, stockMovements } from '../src/db/schema.js';
import { exportProducts } from '../src/products/export-products.js';
import { deleteProduct } from '../src/products/save-product.js';
import { importProducts, type ImportMode } from '../src/products/import-products.js';
import { MAX_CSV_ROWS, readCsv } from '../src/products/product-csv.js';
import { presentProduct } from '../src/products/product-schemas.js';
import { DRIVERS, openTestDatabase, seedMerchant, type TestDatabase } from './harness.js';

const HEADER = 'code,sku,barcodes,name_ro,name_ru,name_en,category_path,vat_code,unit,price,active,on_hand';
const line = (i: number, overrides: Partial<Record<string, string>> = {}) => {
  const cells = {
    code: `P-${String(i).padStart(5, '0')}`,
    sku: String(1000 + i),
    barcodes: `48400000${String(i).padStart(5, '0')}`,
    name_ro: `Produs ${i}`,
    name_ru: `Товар ${i}`,
    name_en: `Product ${i}`,
    category_path: i % 2 === 0 ? 'Băuturi > Sucuri' : '',
    vat_code: 'B',
    unit: 'pcs',
    price: `${1 + (i % 50)}.${String(i % 100).padStart(2, '0')}`,
    active: i % 10 === 0 ? 'no' : 'yes',
    on_hand: String(i % 7),
    ...overrides,
  };
  return Object.values(cells).join(',');
};
const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

describe.each(DRIVERS)('products CSV on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A merchant with the category tree Băuturi > Sucuri. */
  async function merchantWithCategories() {
    const { merchantId } = await seedMerchant(database, { name: 'CSV' });
    const drinks = await createCategory(database.db, merchantId, {
      name: 'Băuturi',
      parentId: null,
      position: 0,
    });
    await createCategory(database.db, merchantId, { name: 'Sucuri', parentId: drinks.id, position: 0 });
    return merchantId;
  }
  const run = (merchantId: string, file: Uint8Array, mode: ImportMode = 'apply') =>
    importProducts(database.db, { merchantId, csv: file, mode });
  const productCount = async (merchantId: string) =>
    (await database.db.select({ n: count() }).from(products).where(eq(products.merchantId, merchantId)))[0]!
      .n;
  const eventCount = async (merchantId: string, type: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(events)
        .where(and(eq(events.merchantId, merchantId), eq(events.type, type)))
    )[0]!.n;

  it('reports exactly the 3 bad rows of 1,000 and writes nothing; once fixed, writes all 1,000', async () => {
    const merchantId = await merchantWithCategories();
    const lines = Array.from({ length: 1000 }, (_, i) => line(i + 1));
    const good = [...lines];
    // Spreadsheet rows: the header is row 1, product i is row i + 1.
    lines[99] = line(100, { price: '12.345' }); // row 101: three decimals
    lines[499] = line(500, { vat_code: 'Z' }); // row 501: no such VAT code
    lines[899] = line(900, { name_ro: '' }); // row 901: a new product needs its name
    const bad = csv(HEADER, ...lines);
    const versionBefore = await database.db.select().from(catalogVersions);

    for (const mode of ['validate', 'apply'] as const) {
      const result = await run(merchantId, bad, mode);
      expect(result.applied).toBe(false);
      expect(result.rows).toBe(1000);
      expect(result.errors.map((e) => [e.row, e.column])).toEqual([
        [101, 'price'],
        [501, 'vat_code'],
        [901, 'name_ro'],
      ]);
      expect(result.errors[0]!.message).toBe('at most 2 decimals');
      expect(result.errorCount).toBe(3);
    }
    expect(await productCount(merchantId)).toBe(0);
    expect(await eventCount(merchantId, 'product.created')).toBe(0);
    expect(await database.db.select().from(catalogVersions)).toEqual(versionBefore);

    const checked = await run(merchantId, csv(HEADER, ...good), 'validate');
    expect(checked).toMatchObject({ applied: false, errorCount: 0, created: 1000, updated: 0 });
    expect(await productCount(merchantId)).toBe(0);

    const applied = await run(merchantId, csv(HEADER, ...good));
    expect(applied).toMatchObject({ applied: true, rows: 1000, created: 1000, updated: 0, errorCount: 0 });
    expect(await productCount(merchantId)).toBe(1000);
    expect(await eventCount(merchantId, 'product.created')).toBe(1000);
    const [p500] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.code, 'P-00500')));
    expect(p500).toMatchObject({
      sku: '1500',
      barcodes: ['4840000000500'],
      name: { ro: 'Produs 500', ru: 'Товар 500', en: 'Product 500' },
      priceMinor: 100,
      vatCode: 'B',
      active: false,
      onHandMilli: 3000,
    });
    expect(p500!.categoryId).not.toBeNull();
    // Stock came through the ledger: each product's on-hand is the sum of its movements.
    const [ledger] = await database.db
      .select({ moved: sql<string>`coalesce(sum(${stockMovements.deltaMilli}), 0)::text` })
      .from(stockMovements)
      .where(eq(stockMovements.merchantId, merchantId));
    const [onHand] = await database.db
      .select({ total: sql<string>`sum(${products.onHandMilli})::text` })
      .from(products)
      .where(eq(products.merchantId, merchantId));
    expect(Number(ledger!.moved)).toBe(Number(onHand!.total));
    expect(Number(onHand!.total)).toBeGreaterThan(0);

    // The same file again changes nothing; a price change updates one product.
    expect(await run(merchantId, csv(HEADER, ...good))).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1000,
    });
    const repriced = [...good];
    repriced[9] = line(10, { price: '99.99' });
    expect(await run(merchantId, csv(HEADER, ...repriced))).toMatchObject({ updated: 1, unchanged: 999 });
    expect(await eventCount(merchantId, 'product.updated')).toBe(1);
  });

  it("reads Excel's files: BOM, `;`, decimal commas, quoted cells over several lines", async () => {
    const merchantId = await merchantWithCategories();
    const text =
      '\uFEFFcode;name_ro;name_ru;description_ro;vat_code;unit;price;on_hand\r\n' +
      'A-1;"Suc; de mere";"Сок ""яблочный""";"Suc\r\n1 l";B;buc;12,5;3,250\r\n' +
      ';;;;;;;\r\n' + // an empty row: skipped, but it is row 3
      'A-2;Apă;Вода;;A;buc;7;-1\r\n';
    const result = await run(merchantId, Buffer.from(text));
    expect(result.errors).toEqual([
      { row: 4, column: 'on_hand', message: 'Too small: expected number to be >=0' },
    ]);
    const fixed = await run(merchantId, Buffer.from(text.replace(';7;-1', ';7;0')));
    expect(fixed).toMatchObject({ applied: true, rows: 2, created: 2 });
    const [a1] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.code, 'A-1')));
    expect(a1).toMatchObject({
      name: { ro: 'Suc; de mere', ru: 'Сок "яблочный"' },
      description: { ro: 'Suc\r\n1 l' },
      priceMinor: 1250,
      onHandMilli: 3250,
    });
  });

  it('refuses a name a terminal could not print (a line break, over 100 characters), by row and column', async () => {
    const merchantId = await merchantWithCategories();
    const text =
      'code,name_ro,name_en,vat_code,unit,price\n' +
      'N-1,"two\nlines",,B,buc,1\n' +
      `N-2,ok,${'x'.repeat(101)},B,buc,1\n` +
      'N-3,"  spaced   out  ",,B,buc,1\n';
    const result = await run(merchantId, Buffer.from(text));
    expect(result.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'name_ro'],
      [3, 'name_en'],
    ]);
    const fixed = await run(
      merchantId,
      Buffer.from(text.replace('two\nlines', 'two lines').replace('x'.repeat(101), 'x')),
    );
    expect(fixed).toMatchObject({ applied: true, created: 3 });
    const [n3] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.code, 'N-3')));
    expect(n3!.name).toEqual({ ro: 'spaced out' });
  });

  it('writes 2,500 products in several statements: one event, one movement and one version each', async () => {
    const merchantId = await merchantWithCategories();
    const file = csv(HEADER, ...Array.from({ length: 2500 }, (_, i) => line(i + 1)));
    expect(await run(merchantId, file)).toMatchObject({ applied: true, created: 2500, errorCount: 0 });
    const created = await database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.merchantId, merchantId), eq(events.type, 'product.created')));
    const ids = created.map((e) => (e.data as { object: { id: string } }).object.id);
    expect(new Set(ids).size).toBe(2500);
    expect(ids).toHaveLength(2500);
    const rows = await database.db
      .select({ id: products.id, version: products.version, onHandMilli: products.onHandMilli })
      .from(products)
      .where(eq(products.merchantId, merchantId));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
    // Each event carries the product as stored, though the writer never read it back.
    const stored = await database.db.select().from(products).where(eq(products.merchantId, merchantId));
    const byId = new Map(stored.map((p) => [p.id, presentProduct(p)]));
    for (const e of created) {
      const object = (e.data as { object: { id: string } }).object;
      expect(object).toEqual(byId.get(object.id));
    }
    expect(new Set(rows.map((r) => r.version)).size).toBe(2500);
    const stocked = rows.filter((r) => r.onHandMilli !== 0).length;
    expect(stocked).toBeGreaterThan(2000);
    const [movements] = await database.db
      .select({ n: count() })
      .from(stockMovements)
      .where(eq(stockMovements.merchantId, merchantId));
    expect(movements!.n).toBe(stocked);
    expect(await eventCount(merchantId, 'inventory.updated')).toBe(stocked);

    // A file whose last row is refused writes none of the 2,500 changes before it.
    const repriced = Array.from({ length: 2500 }, (_, i) => line(i + 1, { price: '3.00' }));
    repriced[2499] = line(2500, { price: 'free' });
    const refused = await run(merchantId, csv(HEADER, ...repriced));
    expect(refused).toMatchObject({ applied: false, errorCount: 1 });
    expect(refused.errors[0]).toMatchObject({ row: 2501, column: 'price' });
    expect(await eventCount(merchantId, 'product.updated')).toBe(0);
    const [priced] = await database.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.priceMinor, 300)));
    expect(priced!.n).toBe(0);
  });

  it('creates the categories its paths name that the tree lacks, once each, in the same transaction', async () => {
    const merchantId = await merchantWithCategories();
    const categoryCount = async () =>
      (
        await database.db.select({ n: count() }).from(categories).where(eq(categories.merchantId, merchantId))
      )[0]!.n;
    const file = csv(
      HEADER,
      line(1, { category_path: 'Băuturi > Ape' }),
      line(2, { category_path: 'Băuturi > Ape' }),
      line(3, { category_path: 'Lactate > Brânzeturi > Tari' }),
      line(4, { category_path: 'Lactate' }),
      line(5, { category_path: 'Băuturi > Sucuri' }),
    );
    expect(await run(merchantId, file, 'validate')).toMatchObject({ categoriesCreated: 4, errorCount: 0 });
    expect(await categoryCount()).toBe(2);
    // A refused row's file creates none of its categories.
    const refused = await run(
      merchantId,
      csv(HEADER, line(1, { category_path: 'Noi' }), line(2, { price: 'x' })),
    );
    expect(refused).toMatchObject({ applied: false, categoriesCreated: 1 });
    expect(await categoryCount()).toBe(2);

    expect(await run(merchantId, file)).toMatchObject({ applied: true, created: 5, categoriesCreated: 4 });
    const tree = await listCategories(database.db, merchantId);
    const pathOf = (id: string | null): string => {
      const c = tree.find((t) => t.id === id)!;
      return c.parentId === null ? c.name : `${pathOf(c.parentId)} > ${c.name}`;
    };
    expect(tree.map((c) => pathOf(c.id)).sort()).toEqual([
      'Băuturi',
      'Băuturi > Ape',
      'Băuturi > Sucuri',
      'Lactate',
      'Lactate > Brânzeturi',
      'Lactate > Brânzeturi > Tari',
    ]);
    // Each new category took its own catalog version, so terminals receive it.
    expect(new Set(tree.map((c) => c.version)).size).toBe(6);
    const placed = await database.db
      .select({ code: products.code, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.merchantId, merchantId));
    expect(Object.fromEntries(placed.map((p) => [p.code, pathOf(p.categoryId)]))).toEqual({
      'P-00001': 'Băuturi > Ape',
      'P-00002': 'Băuturi > Ape',
      'P-00003': 'Lactate > Brânzeturi > Tari',
      'P-00004': 'Lactate',
      'P-00005': 'Băuturi > Sucuri',
    });
    expect(await run(merchantId, file)).toMatchObject({ unchanged: 5, categoriesCreated: 0 });

    // Each name of a path is checked as a category's name is; an ambiguous one is refused.
    await createCategory(database.db, merchantId, { name: 'Lactate', parentId: null, position: 1 });
    const bad = await run(
      merchantId,
      csv(
        HEADER,
        line(6, { category_path: `Băuturi > ${'x'.repeat(101)}` }),
        line(7, { category_path: 'Lactate > Moi' }),
        line(8, { category_path: 'Băuturi >  > Ape' }),
      ),
    );
    expect(bad.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'category_path'],
      [3, 'category_path'],
      [4, 'category_path'],
    ]);
    expect(bad.errors[1]!.message).toBe('two categories are named "Lactate" there; rename one');
    expect(bad.categoriesCreated).toBe(0);
  });

  it('keeps what a file leaves out, and clears optional fields given empty', async () => {
    const merchantId = await merchantWithCategories();
    await run(merchantId, csv(HEADER, line(1), line(2)));
    const result = await run(merchantId, csv('code,price,sku', 'P-00002,5,'));
    expect(result).toMatchObject({ applied: true, updated: 1, created: 0 });
    const [p2] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.code, 'P-00002')));
    expect(p2).toMatchObject({ name: { ro: 'Produs 2' }, priceMinor: 500, sku: null, onHandMilli: 2000 });
    expect(p2!.categoryId).not.toBeNull();
    // A new product needs what the file does not give.
    const missing = await run(merchantId, csv('code,price', 'NEW,5'));
    expect(missing.errors.map((e) => e.column)).toEqual(['name_ro', 'vat_code', 'unit']);
  });

  it('brings a deleted product back with the stock the file gives, 0 included', async () => {
    const merchantId = await merchantWithCategories();
    await run(merchantId, csv(HEADER, line(5))); // on hand 5
    await deleteProduct(database.db, merchantId, { code: 'P-00005' });
    expect(await run(merchantId, csv(HEADER, line(5, { on_hand: '0' })))).toMatchObject({ created: 1 });
    const [p5] = await database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), eq(products.code, 'P-00005')));
    expect(p5).toMatchObject({ deletedAt: null, onHandMilli: 0 });
    // Back under its old id and creation, which its event tells as the stored row does.
    const [revived] = await database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.merchantId, merchantId), eq(events.type, 'product.updated')));
    expect((revived!.data as { object: unknown }).object).toEqual(presentProduct(p5!));
  });

  it('refuses conflicts inside the file and with the catalog, naming the rows', async () => {
    const merchantId = await merchantWithCategories();
    await run(merchantId, csv(HEADER, line(1)));
    const result = await run(
      merchantId,
      csv(
        HEADER,
        line(2),
        line(2, { sku: '7' }), // row 3: the code of row 2 again
        line(3, { sku: '1002' }), // row 4: the SKU of row 2
        line(4, { sku: '1001' }), // row 5: the SKU P-00001 keeps
        line(5, { category_path: 'Băuturi >' }), // row 6: a path ending in no name
        line(6, { foo: 'x' }), // row 7: one cell too many
      ),
    );
    expect(result.errors).toEqual([
      { row: 3, column: 'code', message: 'code P-00002 is also on row 2' },
      { row: 4, column: 'sku', message: 'SKU 1002 is also on row 2' },
      { row: 5, column: 'sku', message: 'SKU 1001 belongs to product P-00001' },
      { row: 6, column: 'category_path', message: 'an empty category name in "Băuturi >"' },
      { row: 7, column: null, message: '13 cells where the header has 12' },
    ]);
    expect(result.rows).toBe(6);
    expect(await productCount(merchantId)).toBe(1);
  });

  it('says why a file cannot be read at all', async () => {
    const merchantId = await merchantWithCategories();
    const cp1251 = Buffer.from([0x63, 0x6f, 0x64, 0x65, 0x0a, 0xd1, 0xee, 0xea, 0x0a]); // "code\nСок" in cp1251
    expect((await run(merchantId, cp1251)).errors[0]!.message).toMatch(/not UTF-8/);
    expect((await run(merchantId, csv('code,price,colour', 'A,1,red'))).errors).toEqual([
      expect.objectContaining({ row: 1, message: expect.stringMatching(/^unknown column "colour"/) }),
    ]);
    expect((await run(merchantId, csv('name_ro', 'x'))).errors[0]).toMatchObject({ row: 1, column: 'code' });
    expect((await run(merchantId, csv('code,name_ro', 'A,"open'))).errors[0]).toMatchObject({ row: 2 });
    expect((await run(merchantId, Buffer.from(''))).errors[0]!.message).toMatch(/empty/);
    const tooMany = readCsv(csv('code', ...Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `C${i}`)));
    expect(tooMany).toEqual([
      expect.objectContaining({
        message: `${MAX_CSV_ROWS + 1} product rows; at most ${MAX_CSV_ROWS} per file`,
      }),
    ]);
  });

  // Products as merchants write them: any text (commas, semicolons, quotes, line breaks,
  // Cyrillic), prices and stock to their last decimal, optional fields absent or present.
  const text = fc
    .string({
      unit: fc.constantFrom('a', 'ă', 'ж', ' ', ',', ';', '"', '\n', '|', 'Z', '1', '=', '-', '+', '@', "'"),
      minLength: 1,
      maxLength: 12,
    })
    .map((s) => s.trim())
    .filter((s) => s !== '' && !s.includes('|'));
  // Names are what terminals print on receipts: no line breaks, runs of spaces as one.
  const name = text.map((s) => s.replace(/\s+/g, ' '));
  const productRow = fc.record({
    sku: fc.option(fc.integer({ min: 1, max: 99_999 }).map(String), { nil: '' }),
    barcodes: fc.array(
      fc.integer({ min: 0, max: 1e12 }).map((n) => String(n).padStart(13, '0')),
      { maxLength: 3 },
    ),
    name_ro: name,
    name_ru: fc.option(name, { nil: '' }),
    name_en: fc.option(name, { nil: '' }),
    description_ro: fc.option(text, { nil: '' }),
    category_path: fc.constantFrom('', 'Băuturi', 'Băuturi > Sucuri'),
    vat_code: fc.constantFrom('A', 'B', 'C', 'D', 'E', '_'),
    unit: fc.constantFrom('pcs', 'kg', 'l'),
    priceMinor: fc.integer({ min: 1, max: 100_000_000 }),
    active: fc.boolean(),
    onHandMilli: fc.integer({ min: 0, max: 1_000_000_000 }),
  });

  it('round-trips: an export imported again (either delimiter) changes nothing, and re-exports the same', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(productRow, { minLength: 1, maxLength: 25, selector: (r) => r.sku || Symbol() }),
        fc.constantFrom(',' as const, ';' as const),
        async (rows, delimiter) => {
          const merchantId = await merchantWithCategories();
          const file = stringify(
            rows.map((r, i) => ({
              code: `R${i}`,
              sku: r.sku,
              barcodes: r.barcodes.join('|'),
              name_ro: r.name_ro,
              name_ru: r.name_ru,
              name_en: r.name_en,
              description_ro: r.description_ro,
              category_path: r.category_path,
              vat_code: r.vat_code,
              unit: r.unit,
              price: `${Math.floor(r.priceMinor / 100)}.${String(r.priceMinor % 100).padStart(2, '0')}`,
              active: r.active ? 'yes' : 'no',
              on_hand: `${Math.floor(r.onHandMilli / 1000)}.${String(r.onHandMilli % 1000).padStart(3, '0')}`,
            })),
            { header: true },
          );
          const first = await run(merchantId, Buffer.from(file));
          expect(first.errors).toEqual([]);
          expect(first.created).toBe(rows.length);
          const exported = await exportProducts(database.db, { merchantId, delimiter });
          // No cell of the export starts a formula in a spreadsheet.
          expect(
            parse(exported, { bom: true, delimiter })
              .flat()
              .filter((cell) => /^[=+@]/.test(cell)),
          ).toEqual([]);
          const again = await run(merchantId, Buffer.from(exported));
          expect(again).toMatchObject({
            errorCount: 0,
            created: 0,
            updated: 0,
            unchanged: rows.length,
            stockChanged: 0,
          });
          expect(await exportProducts(database.db, { merchantId, delimiter })).toBe(exported);
          // Into another merchant with the same tree, the export makes the same catalog.
          const other = await merchantWithCategories();
          expect(await run(other, Buffer.from(exported))).toMatchObject({ created: rows.length });
          expect(await exportProducts(database.db, { merchantId: other, delimiter })).toBe(exported);
        },
      ),
      { numRuns: driver === 'pglite' ? 12 : 20 },
    );
  });
});
