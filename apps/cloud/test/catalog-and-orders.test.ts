// Products, content blocks, inventory and orders, end to end over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteProduct, saveContentBlock, saveProduct, setStock } from '../src/products/save-product.js';
import { setVatRate } from '../src/catalog/vat-rates.js';
import type { Cloud } from '../src/server.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

describe.each(DRIVERS)('catalog and orders on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;
  const get = (path: string) => call(cloud, 'GET', `/api/public/v1${path}`, { key: m.key.key });
  const post = (path: string, body: unknown) =>
    call(cloud, 'POST', `/api/public/v1${path}`, { key: m.key.key, body });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 100_000, windowMs: 60_000 } });
    m = await seedMerchant(database);
    await saveContentBlock(database.db, m.merchantId, {
      key: 'care',
      labels: { ro: 'Îngrijire', en: 'Care' },
      position: 2,
    });
    await saveContentBlock(database.db, m.merchantId, {
      key: 'ingredients',
      labels: { ro: 'Ingrediente' },
      position: 1,
    });
    for (let i = 1; i <= 7; i++) {
      await saveProduct(database.db, m.merchantId, {
        code: `C-${i}`,
        barcodes: [`000${i}`],
        name: { ro: `Produs ${i}`, ru: `Товар ${i}`, en: `Product ${i}` },
        priceMinor: 1999 + i,
        vatCode: i % 2 ? 'B' : 'A',
        unit: 'pcs',
        onHandMilli: i * 1500,
        content: { care: { ro: 'uscat' }, ingredients: { ro: 'apă' } },
      });
    }
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('pages through every live product exactly once with opaque cursors', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/products?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.json();
      expect(page.data.length).toBeLessThanOrEqual(3);
      expect(page.data[0]).not.toHaveProperty('contentBlocks');
      seen.push(...page.data.map((p: { code: string }) => p.code));
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== null);
    } while (cursor);
    expect(seen.sort()).toEqual(['C-1', 'C-2', 'C-3', 'C-4', 'C-5', 'C-6', 'C-7']);
  });

  it('presents money with 2 decimals and stock with 3', async () => {
    const res = await get('/products/C-1');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'C-1',
      price: 20,
      onHand: 1.5,
      vatCode: 'B',
      currency: 'MDL',
      deleted: false,
    });
    expect(res.json().contentBlocks.map((b: { key: string }) => b.key)).toEqual(['ingredients', 'care']);
  });

  it('syncs incrementally: updatedSince returns changes, deletions included', async () => {
    const before = new Date(Date.now() - 1).toISOString();
    await setStock(database.db, m.merchantId, 'C-2', 42_250);
    await deleteProduct(database.db, m.merchantId, { code: 'C-3' });
    const res = await get(`/products?updatedSince=${encodeURIComponent(before)}`);
    const byCode = Object.fromEntries(res.json().data.map((p: { code: string }) => [p.code, p]));
    expect(Object.keys(byCode).sort()).toEqual(['C-2', 'C-3']);
    expect(byCode['C-3']).toMatchObject({ deleted: true });
    expect(byCode['C-2']).toMatchObject({ onHand: 42.25 });
    expect((await get('/products/C-3')).status).toBe(404);
    const live = await get('/products?limit=200');
    expect(live.json().data.map((p: { code: string }) => p.code)).not.toContain('C-3');
  });

  it('rejects a cursor it did not issue and a limit above the maximum', async () => {
    expect((await get('/products?cursor=garbage')).json()).toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    const tooMany = await get('/products?limit=201');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json().errors[0].path).toBe('query.limit');
  });

  it('lists content blocks in display order and reports inventory', async () => {
    expect((await get('/content-blocks')).json().data).toEqual([
      { key: 'ingredients', labels: { ro: 'Ingrediente' } },
      { key: 'care', labels: { ro: 'Îngrijire', en: 'Care' } },
    ]);
    expect((await get('/inventory?productCode=C-4')).json()).toMatchObject({
      productCode: 'C-4',
      onHand: 6,
      unit: 'pcs',
    });
    expect((await get('/inventory?productCode=NOPE')).status).toBe(404);
    expect((await get('/inventory')).status).toBe(400);
  });

  const orderBody = {
    externalOrderId: 'SHOP-1001',
    customer: { name: 'Ion Popescu', email: 'ion@example.md', phone: '+37360000000' },
    delivery: { method: 'courier', address: { line1: 'str. Ștefan cel Mare 1', city: 'Chișinău' } },
    lines: [
      { productCode: 'C-1', quantity: 1.5 }, // 20.00 × 1.5 = 30.00, VAT B 20 %: 5.00
      { productCode: 'C-4', quantity: 3 }, // 20.03 × 3 = 60.09, VAT A 8 %: 4.45
    ],
  };

  it('creates a Draft order with totals in exact bani', async () => {
    const res = await post('/orders', orderBody);
    expect(res.status).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: 'draft',
      total: 90.09,
      vatTotal: 9.45,
      externalOrderId: 'SHOP-1001',
    });
    expect(order.lines.map((l: { amount: number }) => l.amount)).toEqual([30, 60.09]);
    expect(order.vatBreakdown).toEqual([
      { vatCode: 'A', rate: 8, amount: 60.09, vat: 4.45, taxableBase: 55.64 },
      { vatCode: 'B', rate: 20, amount: 30, vat: 5, taxableBase: 25 },
    ]);
    expect(res.headers.get('location')).toBe(`/api/public/v1/orders/${order.id}`);
    expect((await get(`/orders/${order.id}`)).json()).toEqual(order);
  });

  it("prices an order at the merchant's VAT rates, as its terminals sell", async () => {
    // Code D is 12 % by default; this merchant's is 15 % (its terminals get it with the catalog).
    await setVatRate(database.db, m.merchantId, 'D', 1500);
    await saveProduct(database.db, m.merchantId, {
      code: 'VAT-D',
      barcodes: [],
      name: { ro: 'Produs D' },
      priceMinor: 11500,
      vatCode: 'D',
      unit: 'pcs',
      onHandMilli: 0,
    });
    const res = await post('/orders', {
      ...orderBody,
      externalOrderId: 'SHOP-VAT-D',
      lines: [{ productCode: 'VAT-D', quantity: 1 }],
    });
    expect(res.status, res.text).toBe(201);
    const order = res.json();
    // 115.00 with 15 % VAT in it: 15.00 (at 12 % it would be 12.32).
    expect(order.vatBreakdown).toEqual([{ vatCode: 'D', rate: 15, amount: 115, vat: 15, taxableBase: 100 }]);
    expect(order.lines[0]).toMatchObject({ vatCode: 'D', vatRate: 15, vat: 15 });
    // A later change of the rate does not reprice the order.
    await setVatRate(database.db, m.merchantId, 'D', 1200);
    expect((await get(`/orders/${order.id}`)).json().vatBreakdown).toEqual(order.vatBreakdown);
  });

  it('is idempotent on externalOrderId: same body replays, another body conflicts', async () => {
    const first = (await get('/orders?externalOrderId=SHOP-1001')).json().data[0];
    const reordered = {
      lines: orderBody.lines,
      customer: orderBody.customer,
      delivery: orderBody.delivery,
      externalOrderId: 'SHOP-1001',
    };
    const replay = await post('/orders', reordered);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json().id).toBe(first.id);
    const conflict = await post('/orders', { ...orderBody, note: 'changed' });
    expect(conflict.status).toBe(409);
    expect(conflict.json().code).toBe('idempotency_conflict');
  });

  it('settles concurrent identical creations on one order', async () => {
    const body = { ...orderBody, externalOrderId: 'SHOP-RACE' };
    const results = await Promise.all([post('/orders', body), post('/orders', body), post('/orders', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
  });

  it('refuses text carrying U+0000 (which PostgreSQL cannot store) with 400, in bodies, queries and paths', async () => {
    const body = await post('/orders', { ...orderBody, externalOrderId: 'NUL\u0000' });
    expect(body.status).toBe(400);
    expect(body.json()).toMatchObject({
      code: 'invalid_request',
      errors: [{ path: 'body.externalOrderId', message: expect.stringContaining('U+0000') }],
    });
    for (const path of [
      '/products/%00',
      '/inventory?productCode=a%00',
      '/orders?externalOrderId=%00',
      '/orders/%00',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.json().code, path).toBe('invalid_request');
    }
    expect((await get('/orders?externalOrderId=NUL')).json().data).toEqual([]);
    // An unpaired surrogate was stored as U+FFFD: the order read back was not the one sent.
    const lone = await post('/orders', { ...orderBody, externalOrderId: 'LONE-1', note: 'half \ud83d' });
    expect(lone.status).toBe(400);
    expect(lone.json().errors).toEqual([
      { path: 'body.note', message: expect.stringContaining('surrogate') },
    ]);
  });

  it('refuses unknown products, bad quantities and malformed JSON', async () => {
    const unknown = await post('/orders', {
      ...orderBody,
      externalOrderId: 'X1',
      lines: [{ productCode: 'C-3', quantity: 1 }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json().errors[0].path).toBe('body.lines.0.productCode');
    const bad = await post('/orders', {
      ...orderBody,
      externalOrderId: 'X2',
      lines: [{ productCode: 'C-1', quantity: 0.0001 }],
    });
    expect(bad.status).toBe(400);
    const courierNoAddress = await post('/orders', {
      ...orderBody,
      externalOrderId: 'X3',
      delivery: { method: 'courier' },
    });
    expect(courierNoAddress.json().errors[0].path).toBe('body.delivery.address');
    const malformed = await call(cloud, 'POST', '/api/public/v1/orders', {
      key: m.key.key,
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(malformed.status).toBe(400);
    const res = await fetch(`${cloud.url}/api/public/v1/orders`, {
      method: 'POST',
      headers: { 'x-service-api-key': m.key.key, 'content-type': 'application/json' },
      body: '{"externalOrderId":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_json');
    // "Pâine" in Latin-1 (0xE2 alone is no UTF-8): refused, not stored as "P\uFFFDine".
    const latin1 = await fetch(`${cloud.url}/api/public/v1/orders`, {
      method: 'POST',
      headers: { 'x-service-api-key': m.key.key, 'content-type': 'application/json; charset=iso-8859-1' },
      body: Buffer.from('{"externalOrderId":"P\u00e2ine"}', 'latin1'),
    });
    expect(latin1.status).toBe(400);
    expect(await latin1.json()).toMatchObject({
      code: 'invalid_json',
      detail: expect.stringMatching(/UTF-8/),
    });
  });

  it('serves an OpenAPI 3.1 document describing every route', async () => {
    const doc = (await call(cloud, 'GET', '/api/public/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/public/v1/orders'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreateOrder',
    });
    expect(doc.components.schemas.CreateOrder.required).toContain('externalOrderId');
    const cancel = doc.paths['/api/public/v1/orders/{id}/cancel'].post;
    expect(cancel.requestBody.required).toBe(false);
    expect(Object.keys(cancel.responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
    expect(doc.components.schemas.Order.properties.status.enum).toEqual([
      'draft',
      'confirmed',
      'fulfilled',
      'cancelled',
    ]);
    expect(doc.paths['/api/public/v1/products/{code}'].get.parameters[0]).toMatchObject({
      name: 'code',
      in: 'path',
    });
  });

  it('answers 415 problem details to a body that is not JSON (text/plain included)', async () => {
    for (const type of ['text/plain', 'application/xml']) {
      const res = await fetch(`${cloud.url}/api/public/v1/orders`, {
        method: 'POST',
        headers: { 'x-service-api-key': m.key.key, 'content-type': type },
        body: 'externalOrderId=1',
      });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { code: string }).code).toBe('unsupported_media_type');
    }
  });
});
