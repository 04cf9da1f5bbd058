// The console's catalog API over real HTTP with signed-in sessions: products (list, search,
// detail, create, change, deactivate, delete), stock and its ledger, adjustments, the products CSV
// (1,000 rows with 3 bad ones, then fixed; export and import again), categories, cashiers with
// PIN reset, VAT rates; viewers read and are refused every write, managers write, and another
// merchant's ids answer 404. Writes go through the APIs' own use cases: what the console
// creates is what the integration API serves, with its webhook event.
import { verifyPin, type CatalogFeed } from '@fiscal-pos/platform-protocol';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, products } from '../src/db/schema.js';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type ConsoleBrowser } from './console-harness.js';
import {
  admin,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

const product = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: { ro: `Produs ${code}`, ru: `Товар ${code}` },
  price: 12.5,
  vatCode: 'B',
  unit: 'buc',
  ...extra,
});

const HEADER = 'code,name_ro,name_ru,vat_code,unit,price,on_hand';
const row = (i: number, price = `${1 + (i % 40)}.25`) =>
  `C-${String(i).padStart(4, '0')},Produs ${i},Товар ${i},B,buc,${price},${i % 9}`;

describe.each(DRIVERS)('console catalog on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let a: TestMerchant;
  let b: TestMerchant;
  let manager: ConsoleBrowser;
  let viewer: ConsoleBrowser;
  let otherManager: ConsoleBrowser;

  /** The products CSV sent as a browser sends a file. */
  const upload = (
    browser: ConsoleBrowser,
    mode: 'validate' | 'apply',
    csv: string | Uint8Array<ArrayBuffer>,
    type = 'text/csv',
  ) =>
    call(cloud, 'POST', `/api/console/v1/products/import?mode=${mode}`, {
      headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrfToken, 'content-type': type },
      raw: csv,
    });
  const productCount = async (merchantId: string) =>
    (await database.db.select({ n: count() }).from(products).where(eq(products.merchantId, merchantId)))[0]!
      .n;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { runWorker: false });
    a = await seedMerchant(database, { name: 'A' });
    b = await seedMerchant(database, { name: 'B' });
    const signIn = async (merchantId: string, role: 'viewer' | 'manager') =>
      signInConsole(cloud, await seedConsoleUser(database, { merchantId, role }));
    manager = await signIn(a.merchantId, 'manager');
    viewer = await signIn(a.merchantId, 'viewer');
    otherManager = await signIn(b.merchantId, 'manager');
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('creates, finds, changes and deactivates a product through the integration API’s use cases', async () => {
    const created = await manager.call(
      'POST',
      '/products',
      product('ANA-1', { sku: '101', barcodes: ['4840000000017'] }),
    );
    expect(created.status).toBe(201);
    const id = created.json().id as string;
    // What the console created is the integration API's product, with its event.
    const publicView = await call(cloud, 'GET', '/api/public/v1/products/ANA-1', { key: a.key.key });
    expect(publicView.json()).toMatchObject({ id, price: 12.5, sku: '101' });
    const changed = await manager.call('PATCH', `/products/${id}`, {
      price: 13.9,
      content: { ingredients: { ro: 'mere', ru: 'яблоки', en: 'apples' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.json()).toMatchObject({ price: 13.9, sku: '101', name: { ro: 'Produs ANA-1' } });
    const block = await manager.call('PUT', '/content-blocks/ingredients', {
      labels: { ro: 'Ingrediente', ru: 'Состав', en: 'Ingredients' },
    });
    expect(block.json().data).toEqual([
      { key: 'ingredients', labels: { ro: 'Ingrediente', ru: 'Состав', en: 'Ingredients' } },
    ]);
    expect((await manager.call('PUT', '/content-blocks/Bad Key', { labels: { ro: 'x' } })).status).toBe(400);
    const detail = (await viewer.call('GET', `/products/${id}`)).json();
    expect(detail.contentBlocks).toEqual([
      { key: 'ingredients', content: { ro: 'mere', ru: 'яблоки', en: 'apples' } },
    ]);
    expect((await manager.call('POST', `/products/${id}/deactivate`)).json().active).toBe(false);
    expect(
      (await viewer.call('GET', '/products?active=false')).json().data.map((p: { id: string }) => p.id),
    ).toEqual([id]);
    expect((await manager.call('POST', `/products/${id}/activate`)).json().active).toBe(true);
    const [types] = await database.db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.merchantId, a.merchantId), eq(events.type, 'product.updated')));
    expect(types!.n).toBe(3);
    // Bad input is a 400 naming the field, a taken SKU a 409.
    const bad = await manager.call('PATCH', `/products/${id}`, { price: 1.234 });
    expect(bad.status).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.price');
    expect((await manager.call('POST', '/products', product('ANA-2', { sku: '101' }))).status).toBe(409);
  });

  it('deletes a product as the integration API does: gone from the lists, product.deleted once', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const id = (await manager.call('POST', '/products', product('DEL-1', { sku: '901' }))).json()
      .id as string;
    const deleted = await manager.call('DELETE', `/products/${id}`);
    expect(deleted.status).toBe(204);
    expect((await manager.call('DELETE', `/products/${id}`)).status).toBe(404);
    expect((await viewer.call('GET', `/products/${id}`)).status).toBe(404);
    expect((await viewer.call('GET', '/products?q=DEL-1')).json().data).toEqual([]);
    // The integration API sees what its own DELETE leaves: a tombstone in the changes since.
    expect((await call(cloud, 'GET', '/api/public/v1/products/DEL-1', { key: a.key.key })).status).toBe(404);
    const changes = await call(cloud, 'GET', `/api/public/v1/products?updatedSince=${since}`, {
      key: a.key.key,
    });
    expect(changes.json().data).toContainEqual(expect.objectContaining({ id, deleted: true }));
    const emitted = await database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.merchantId, a.merchantId), eq(events.type, 'product.deleted')));
    expect(emitted.filter((e) => (e.data as { object: { id: string } }).object.id === id)).toHaveLength(1);
    // Its SKU is free again, and its code comes back under the old id.
    const again = await manager.call('POST', '/products', product('DEL-1', { sku: '901' }));
    expect(again.status).toBe(201);
    expect(again.json().id).toBe(id);
  });

  it('lists by code a page at a time, searching codes, names in any language and barcodes', async () => {
    for (const code of ['S-1', 'S-2', 'S-3'])
      await manager.call('POST', '/products', product(code, { barcodes: [`99${code.slice(2)}`] }));
    const first = (await viewer.call('GET', '/products?q=s-&limit=2')).json();
    expect(first.data.map((p: { code: string }) => p.code)).toEqual(['S-1', 'S-2']);
    const second = (await viewer.call('GET', `/products?q=s-&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    expect(second.data.map((p: { code: string }) => p.code)).toEqual(['S-3']);
    expect((await viewer.call('GET', '/products?q=Товар S-2')).json().data).toHaveLength(1);
    expect((await viewer.call('GET', '/products?q=992')).json().data[0].code).toBe('S-2');
    expect((await viewer.call('GET', '/products?q=%25')).json().data).toEqual([]);
    expect((await viewer.call('GET', '/products?cursor=nonsense')).status).toBe(400);
  });

  it('filters by a category and the categories below it; keeps the tree a tree', async () => {
    const food = (await manager.call('POST', '/categories', { name: 'Alimentare' })).json();
    const dairy = (await manager.call('POST', '/categories', { name: 'Lactate', parentId: food.id })).json();
    await manager.call('POST', '/products', product('MILK', { categoryId: dairy.id }));
    expect(
      (await viewer.call('GET', `/products?categoryId=${food.id}`))
        .json()
        .data.map((p: { code: string }) => p.code),
    ).toEqual(['MILK']);
    expect(
      (await manager.call('PATCH', `/categories/${dairy.id}`, { name: 'Lactate și brânzeturi' })).json(),
    ).toMatchObject({ name: 'Lactate și brânzeturi', parentId: food.id });
    expect((await manager.call('PATCH', `/categories/${food.id}`, { parentId: dairy.id })).status).toBe(400);
    expect(
      (await manager.call('PATCH', `/categories/${dairy.id}`, { parentId: null })).json().parentId,
    ).toBeNull();
    expect((await manager.call('DELETE', `/categories/${dairy.id}`)).status).toBe(409);
    expect((await manager.call('DELETE', `/categories/${food.id}`)).status).toBe(204);
    expect(
      (await viewer.call('GET', '/categories')).json().data.map((c: { name: string }) => c.name),
    ).toEqual(['Lactate și brânzeturi']);
  });

  it('adjusts stock with a reason, once per Idempotency-Key, and shows the ledger newest first', async () => {
    const id = (await manager.call('POST', '/products', product('STK'))).json().id as string;
    const adjust = (key: string | undefined, body: unknown) =>
      manager.call('POST', `/products/${id}/stock/adjustments`, body, key ? { 'idempotency-key': key } : {});
    expect((await adjust('k1', { delta: 10, reason: 'delivery' })).status).toBe(201);
    expect((await adjust('k1', { delta: 10, reason: 'delivery' })).status).toBe(200);
    expect((await adjust('k1', { delta: 11, reason: 'delivery' })).status).toBe(409);
    expect((await adjust('k2', { delta: -2.5, reason: 'damaged' })).json().inventory.onHand).toBe(7.5);
    expect((await adjust(undefined, { delta: 1, reason: 'x' })).status).toBe(400);
    expect((await adjust('k3', { delta: 1, reason: '' })).status).toBe(400);
    const page = (await viewer.call('GET', `/products/${id}/stock?limit=1`)).json();
    expect(page.inventory.onHand).toBe(7.5);
    expect(page.movements.data).toEqual([
      expect.objectContaining({ delta: -2.5, reason: 'damaged', sourceKind: 'adjustment', sourceId: 'k2' }),
    ]);
    const rest = (
      await viewer.call('GET', `/products/${id}/stock?cursor=${page.movements.nextCursor}`)
    ).json();
    expect(rest.movements.data.map((m: { delta: number }) => m.delta)).toEqual([10]);
  });

  it('imports 1,000 products with 3 bad rows: the errors by row, nothing written; fixed, all written', async () => {
    const { merchantId } = await seedMerchant(database, { name: 'Import' });
    const importer = await signInConsole(
      cloud,
      await seedConsoleUser(database, { merchantId, role: 'manager' }),
    );
    const rows = Array.from({ length: 1000 }, (_, i) => row(i + 1));
    const bad = [...rows];
    bad[9] = row(10, '0'); // row 11: a price must be above 0
    bad[499] = row(500, '4.555'); // row 501: three decimals
    bad[998] = row(999, 'abc'); // row 1000: not a number
    const body = `\uFEFF${[HEADER, ...bad].join('\r\n')}\r\n`;
    for (const mode of ['validate', 'apply'] as const) {
      const report = await upload(importer, mode, body);
      expect(report.status).toBe(200);
      expect(report.json()).toMatchObject({ mode, applied: false, rows: 1000, errorCount: 3 });
      expect(report.json().errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [11, 'price'],
        [501, 'price'],
        [1000, 'price'],
      ]);
    }
    expect(await productCount(merchantId)).toBe(0);
    const fixed = `${[HEADER, ...rows].join('\n')}\n`;
    expect((await upload(importer, 'validate', fixed)).json()).toMatchObject({
      applied: false,
      created: 1000,
      errorCount: 0,
    });
    expect(await productCount(merchantId)).toBe(0);
    expect((await upload(importer, 'apply', fixed)).json()).toMatchObject({
      applied: true,
      created: 1000,
      stockChanged: 889,
    });
    expect(await productCount(merchantId)).toBe(1000);

    // The export, in either form, imports back to no change at all.
    for (const delimiter of ['comma', 'semicolon']) {
      const exported = await importer.call('GET', `/products/export.csv?delimiter=${delimiter}`);
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(exported.headers.get('content-disposition')).toMatch(
        /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(exported.text.split('\r\n')[1]).toBe(
        delimiter === 'comma'
          ? 'C-0001,,,Produs 1,Товар 1,,,,,,B,buc,2.25,yes,1.000'
          : 'C-0001;;;Produs 1;Товар 1;;;;;;B;buc;2,25;yes;1,000',
      );
      const again = await upload(importer, 'apply', exported.text);
      expect(again.json()).toMatchObject({
        applied: true,
        created: 0,
        updated: 0,
        unchanged: 1000,
        stockChanged: 0,
      });
    }
  });

  it('takes the products CSV as text/csv only, from managers only', async () => {
    expect((await upload(manager, 'validate', '{"code":"x"}', 'application/json')).status).toBe(415);
    const json = await manager.call('POST', '/products/import', { csv: 'code\nx' });
    expect(json.status).toBe(415);
    expect((await upload(manager, 'validate', 'code\nx', 'text/csv')).status).toBe(200);
    const csvToJsonRoute = await call(cloud, 'POST', '/api/console/v1/products', {
      headers: { cookie: manager.cookie, 'x-csrf-token': manager.csrfToken, 'content-type': 'text/csv' },
      raw: 'code,name',
    });
    expect(csvToJsonRoute.status).toBe(415);
    const tooBig = await upload(manager, 'validate', Buffer.alloc(21 * 1024 * 1024, 'a'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.json().code).toBe('payload_too_large');
    const refused = await upload(viewer, 'validate', 'code\nx');
    expect(refused.status).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
  });

  it('manages cashiers: create, rename, PIN reset that terminals verify, deactivate', async () => {
    const created = await manager.call('POST', '/cashiers', { name: 'Ion', role: 'cashier', pin: '1234' });
    expect(created.status).toBe(201);
    const id = created.json().id as string;
    expect((await manager.call('PATCH', `/cashiers/${id}`, { name: 'Ion Popescu' })).json()).toMatchObject({
      name: 'Ion Popescu',
      role: 'cashier',
    });
    const reset = await manager.call('POST', `/cashiers/${id}/pin-reset`, {});
    expect(reset.status).toBe(200);
    const { pin } = reset.json() as { pin: string };
    expect(pin).toMatch(/^\d{4}$/);
    const feed = (await admin(cloud, 'GET', `/merchants/${a.merchantId}/catalog`)).json() as CatalogFeed;
    const verifier = feed.cashiers.find((c) => c.id === id)!.pinVerifier;
    expect(await verifyPin(pin, verifier)).toBe(true);
    expect((await manager.call('POST', `/cashiers/${id}/pin-reset`, { pin: '12' })).status).toBe(400);
    expect((await manager.call('POST', `/cashiers/${id}/pin-reset`, { pin: '4321' })).json().pin).toBe(
      '4321',
    );
    expect(
      (await viewer.call('GET', '/cashiers')).json().data.map((c: { name: string }) => c.name),
    ).toContain('Ion Popescu');
    expect((await manager.call('DELETE', `/cashiers/${id}`)).status).toBe(204);
    expect(
      (await viewer.call('GET', '/cashiers')).json().data.map((c: { id: string }) => c.id),
    ).not.toContain(id);
    expect((await viewer.call('GET', '/vat-rates')).json().data).toContainEqual(
      expect.objectContaining({ code: 'B', rateBasisPoints: 2000 }),
    );
  });

  it("answers another merchant's ids with 404, as unknown ones, and changes nothing of them", async () => {
    const id = (await manager.call('POST', '/products', product('MINE'))).json().id as string;
    const category = (await manager.call('POST', '/categories', { name: 'Mine' })).json().id as string;
    const cashier = (
      await manager.call('POST', '/cashiers', { name: 'Mine', role: 'cashier', pin: '1111' })
    ).json().id as string;
    const attempts: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', `/products/${id}`],
      ['PATCH', `/products/${id}`, { price: 1 }],
      ['POST', `/products/${id}/deactivate`],
      ['DELETE', `/products/${id}`],
      ['GET', `/products/${id}/stock`],
      [
        'POST',
        `/products/${id}/stock/adjustments`,
        { delta: 1, reason: 'x' },
        { 'idempotency-key': 'other' },
      ],
      ['PATCH', `/categories/${category}`, { name: 'Theirs' }],
      ['DELETE', `/categories/${category}`],
      ['PATCH', `/cashiers/${cashier}`, { name: 'Theirs' }],
      ['POST', `/cashiers/${cashier}/pin-reset`, {}],
      ['DELETE', `/cashiers/${cashier}`],
    ];
    for (const [method, path, body, headers] of attempts) {
      const response = await otherManager.call(method, path, body, headers);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(
        (await otherManager.call(method, path.replace(/(prod|cat|csh)_\w+/, '$1_unknown'), body, headers))
          .status,
      ).toBe(404);
    }
    expect((await otherManager.call('GET', '/products?q=MINE')).json().data).toEqual([]);
    // Placing B's product in A's category is refused as an unknown category.
    const placed = await otherManager.call('POST', '/products', product('THEIRS', { categoryId: category }));
    expect(placed.status).toBe(400);
    expect((await viewer.call('GET', `/products/${id}`)).json()).toMatchObject({ active: true, price: 12.5 });
  });

  it('refuses viewers every write, and the unsigned and CSRF-less every call', async () => {
    const writes: [string, string, unknown?][] = [
      ['POST', '/products', product('V')],
      ['PATCH', '/products/prod_x', { price: 1 }],
      ['POST', '/products/prod_x/deactivate'],
      ['POST', '/products/prod_x/activate'],
      ['DELETE', '/products/prod_x'],
      ['POST', '/products/prod_x/stock/adjustments', { delta: 1, reason: 'x' }],
      ['POST', '/categories', { name: 'V' }],
      ['PATCH', '/categories/cat_x', { name: 'V' }],
      ['DELETE', '/categories/cat_x'],
      ['POST', '/cashiers', { name: 'V', role: 'cashier', pin: '1234' }],
      ['PATCH', '/cashiers/csh_x', { name: 'V' }],
      ['POST', '/cashiers/csh_x/pin-reset', {}],
      ['DELETE', '/cashiers/csh_x'],
      ['PUT', '/content-blocks/care', { labels: { ro: 'Îngrijire' } }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await viewer.call(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json().code).toBe('role_forbidden');
      const noCsrf = await call(cloud, method, `/api/console/v1${path}`, {
        body,
        headers: { cookie: manager.cookie },
      });
      expect(noCsrf.json().code, `${method} ${path}`).toBe('csrf_token_invalid');
    }
    for (const path of [
      '/products',
      '/products/export.csv',
      '/categories',
      '/cashiers',
      '/vat-rates',
      '/content-blocks',
    ])
      expect((await call(cloud, 'GET', `/api/console/v1${path}`)).status, path).toBe(401);
  });
});
