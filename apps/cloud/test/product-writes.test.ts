// The integration API's catalog and stock writes over real HTTP: products created, replaced
// and deleted at their URL by code (and by id on the deprecated URLs), inventory adjustments as ledger movements (idempotent on their key),
// the product.* and inventory.updated webhooks delivered signed to a real HTTPS receiver,
// scopes, another merchant's products out of reach, and bad input as 400/404/409, never 500.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.js';
import { stockMovements } from '../src/db/schema.js';
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
import { HttpsReceiver, selfSignedCertificate, waitFor } from './https-receiver.js';

const tls = selfSignedCertificate();
const product = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: { ro: `Produs ${code}`, en: `Product ${code}` },
  price: 12.5,
  vatCode: 'B',
  unit: 'pcs',
  barcodes: ['4840000000017'],
  ...extra,
});

describe.each(DRIVERS)('integration API writes on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let receiver: HttpsReceiver;
  let a: TestMerchant;
  let b: TestMerchant;
  const api = (key: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(cloud, method, `/api/public/v1${path}`, { key, body, ...(headers ? { headers } : {}) });
  const adjust = (key: string, idempotencyKey: string | undefined, body: unknown) =>
    api(
      key,
      'POST',
      '/inventory/adjustments',
      body,
      idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    );
  /** The product's on-hand column and the sum of its ledger, which must always agree. */
  const ledger = async (productId: string) => {
    const [row] = rowsOf<{ on_hand: string; moved: string }>(
      await database.db.execute(sql`select on_hand_milli::text as on_hand,
        (select coalesce(sum(delta_milli), 0)::text from stock_movements where product_id = ${productId}) as moved
        from products where id = ${productId}`),
    );
    return { onHand: Number(row!.on_hand), moved: Number(row!.moved) };
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(
      database,
      { runWorker: true, rateLimit: { max: 100_000, windowMs: 60_000 } },
      { extraCa: tls.cert },
    );
    receiver = new HttpsReceiver(tls);
    const base = await receiver.listen();
    a = await seedMerchant(database, { name: 'A' });
    b = await seedMerchant(database, { name: 'B' });
    const hook = await api(a.key.key, 'POST', '/webhooks', {
      url: `${base}/a`,
      events: ['product.created', 'product.updated', 'product.deleted', 'inventory.updated'],
    });
    expect(hook.status).toBe(201);
    receiver.expect('/a', hook.json().secret);
  });
  afterAll(async () => {
    await cloud?.close();
    await receiver?.close();
    await database?.close();
  });

  it('creates, replaces and deletes a product at its URL by code, each with its signed webhook', async () => {
    const created = await api(a.key.key, 'POST', '/products', product('W-1', { sku: '1001' }));
    expect(created.status).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ code: 'W-1', sku: '1001', price: 12.5, onHand: 0, deleted: false });
    expect(created.headers.get('location')).toBe('/api/public/v1/products/W-1');

    const replaced = await api(
      a.key.key,
      'PUT',
      '/products/W-1',
      product('W-1b', { price: 7, active: false }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('deprecation')).toBeNull();
    expect(replaced.json()).toMatchObject({ id: p.id, code: 'W-1b', price: 7, active: false, sku: null });
    expect((await api(a.key.key, 'GET', '/products/W-1b')).json().price).toBe(7);
    expect((await api(a.key.key, 'PUT', '/products/W-1', product('W-1'))).status).toBe(404);

    const deleted = await api(a.key.key, 'DELETE', '/products/W-1b');
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('deprecation')).toBeNull();
    expect((await api(a.key.key, 'DELETE', '/products/W-1b')).status).toBe(404);
    expect((await api(a.key.key, 'PUT', '/products/W-1b', product('W-1c'))).status).toBe(404);
    expect((await api(a.key.key, 'GET', '/products/W-1b')).status).toBe(404);

    const forP = () => receiver.received.filter((r) => r.body.data.object.id === p.id);
    await waitFor(() => forP().length === 3, 'three product webhooks');
    // Deliveries run in parallel and may arrive in any order (receivers order by the event's createdAt).
    expect(
      forP()
        .map((r) => r.event)
        .sort(),
    ).toEqual(['product.created', 'product.deleted', 'product.updated']);
    expect(forP().every((r) => r.verified)).toBe(true);
    expect(forP().find((r) => r.event === 'product.deleted')!.body.data.object).toMatchObject({
      deleted: true,
      code: 'W-1b',
    });
  });

  it('bounds what a product carries: a name a terminal can print, descriptions and content blocks', async () => {
    // A 101-character name was stored and then refused by the terminal at the sale.
    const cases: [Record<string, unknown>, string][] = [
      [{ name: { ro: 'x'.repeat(101) } }, 'body.name.ro'],
      [{ name: { ro: 'Pâine', ru: 'Хлеб\n0.01' } }, 'body.name.ru'],
      [{ name: { ro: 'Pâine\u202e' } }, 'body.name.ro'],
      [{ description: { ro: 'd'.repeat(5_001) } }, 'body.description.ro'],
      [
        { content: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`block-${i}`, { ro: 'x' }])) },
        'body.content',
      ],
      [{ content: { care: { ro: 'c'.repeat(20_001) } } }, 'body.content.care.ro'],
    ];
    for (const [extra, path] of cases) {
      const res = await api(a.key.key, 'POST', '/products', product('BOUND-1', extra));
      expect(res.status, path).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const spaced = await api(
      a.key.key,
      'POST',
      '/products',
      product('BOUND-1', { name: { ro: '  Pâine   albă ' } }),
    );
    expect(spaced.status, spaced.text).toBe(201);
    expect(spaced.json().name).toEqual({ ro: 'Pâine albă' });
  });

  it('still replaces and deletes by id at the deprecated URLs, saying so in Deprecation and Link', async () => {
    const p = (await api(a.key.key, 'POST', '/products', product('OLD 1'))).json();
    const replaced = await api(a.key.key, 'PUT', `/products/${p.id}`, product('OLD/2', { price: 3 }));
    expect(replaced.status).toBe(200);
    expect(replaced.json()).toMatchObject({ id: p.id, code: 'OLD/2', price: 3 });
    expect(replaced.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(replaced.headers.get('link')).toBe('</api/public/v1/products/OLD%2F2>; rel="successor-version"');
    expect((await api(a.key.key, 'GET', '/products/OLD%2F2')).json().price).toBe(3);

    const deleted = await api(a.key.key, 'DELETE', `/products/${p.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('link')).toBe('</api/public/v1/products/OLD%2F2>; rel="successor-version"');
    expect((await api(a.key.key, 'DELETE', `/products/${p.id}`)).status).toBe(404);
    expect((await api(a.key.key, 'PUT', `/products/${p.id}`, product('OLD-3'))).status).toBe(404);
  });

  it("takes a URL as a code first: a product whose code is another's id is the one it names", async () => {
    const target = (await api(a.key.key, 'POST', '/products', product('T-1'))).json();
    const lookalike = (await api(a.key.key, 'POST', '/products', product(target.id))).json();
    const replaced = await api(a.key.key, 'PUT', `/products/${target.id}`, product(target.id, { price: 9 }));
    expect(replaced.json()).toMatchObject({ id: lookalike.id, price: 9 });
    expect(replaced.headers.get('deprecation')).toBeNull();
    expect((await api(a.key.key, 'GET', '/products/T-1')).json().price).toBe(12.5);
  });

  it('refuses a second live product with the same code or SKU (409) and revives a deleted code', async () => {
    const first = (await api(a.key.key, 'POST', '/products', product('DUP', { sku: '2002' }))).json();
    const again = await api(a.key.key, 'POST', '/products', product('DUP'));
    expect(again.status).toBe(409);
    expect(again.json().code).toBe('catalog_conflict');
    const skuTaken = await api(a.key.key, 'POST', '/products', product('DUP-2', { sku: '2002' }));
    expect(skuTaken.status).toBe(409);
    const other = (await api(a.key.key, 'POST', '/products', product('DUP-3'))).json();
    const renamed = await api(a.key.key, 'PUT', `/products/${other.code}`, product('DUP'));
    expect(renamed.status).toBe(409);
    await api(a.key.key, 'DELETE', `/products/${first.code}`);
    const revived = await api(a.key.key, 'POST', '/products', product('DUP'));
    expect(revived.status).toBe(201);
    expect(revived.json()).toMatchObject({ id: first.id, deleted: false });
    // The SKU of a deleted product is free again.
    expect((await api(a.key.key, 'POST', '/products', product('DUP-4', { sku: '2002' }))).status).toBe(201);
  });

  it("renames a product to a deleted product's code as creating it would take it (the code is free), 409 only for a live one", async () => {
    const gone = (await api(a.key.key, 'POST', '/products', product('REUSE'))).json();
    expect((await api(a.key.key, 'DELETE', '/products/REUSE')).status).toBe(204);
    const other = (await api(a.key.key, 'POST', '/products', product('REUSE-2'))).json();
    const renamed = await api(a.key.key, 'PUT', '/products/REUSE-2', product('REUSE', { price: 4 }));
    expect(renamed.status).toBe(200);
    expect(renamed.json()).toMatchObject({ id: other.id, code: 'REUSE', price: 4, deleted: false });
    expect((await api(a.key.key, 'GET', '/products/REUSE')).json().id).toBe(other.id);
    // Now the code is a live product's: creating it or renaming another to it is the conflict.
    const again = await api(a.key.key, 'POST', '/products', product('REUSE'));
    expect([again.status, again.json().code]).toEqual([409, 'catalog_conflict']);
    const third = (await api(a.key.key, 'POST', '/products', product('REUSE-3'))).json();
    const clash = await api(a.key.key, 'PUT', `/products/${third.code}`, product('REUSE'));
    expect([clash.status, clash.json().code]).toEqual([409, 'catalog_conflict']);
    // The deleted product stays deleted, under its id.
    const [tomb] = rowsOf<{ deleted: boolean }>(
      await database.db.execute(
        sql`select deleted_at is not null as deleted from products where id = ${gone.id}`,
      ),
    );
    expect(tomb!.deleted).toBe(true);
  });

  it('moves stock by ledger movements, idempotent on the Idempotency-Key', async () => {
    const p = (await api(a.key.key, 'POST', '/products', product('S-1'))).json();
    const body = { productId: p.id, delta: 12.5, reason: 'delivery' };
    const first = await adjust(a.key.key, 'adj-1', body);
    expect(first.status).toBe(201);
    expect(first.json()).toMatchObject({ productId: p.id, delta: 12.5, reason: 'delivery' });
    expect(first.json().inventory).toMatchObject({ productId: p.id, productCode: 'S-1', onHand: 12.5 });

    const replay = await adjust(a.key.key, 'adj-1', body);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json().id).toBe(first.json().id);
    expect((await adjust(a.key.key, 'adj-1', { ...body, delta: 3 })).json().code).toBe(
      'idempotency_conflict',
    );

    const out = await adjust(a.key.key, 'adj-2', { productId: p.id, delta: -0.125, reason: 'damaged' });
    expect(out.json().inventory.onHand).toBe(12.375);
    expect((await api(a.key.key, 'GET', '/inventory?productCode=S-1')).json()).toMatchObject({
      productId: p.id,
      onHand: 12.375,
    });
    expect(await ledger(p.id)).toEqual({ onHand: 12_375, moved: 12_375 });
    const movements = await database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, p.id)));
    expect(movements.map((m) => [m.sourceKind, m.sourceId, m.deltaMilli])).toEqual([
      ['adjustment', 'adj-1', 12_500],
      ['adjustment', 'adj-2', -125],
    ]);

    const forP = () =>
      receiver.received.filter(
        (r) => r.event === 'inventory.updated' && r.body.data.object.productId === p.id,
      );
    await waitFor(() => forP().length === 2, 'two inventory webhooks');
    expect(
      forP()
        .map((r) => r.body.data.object.onHand)
        .sort(),
    ).toEqual([12.375, 12.5]);
  });

  it('applies concurrent retries of one adjustment once', async () => {
    const p = (await api(a.key.key, 'POST', '/products', product('S-2'))).json();
    const body = { productId: p.id, delta: 1, reason: 'count' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(a.key.key, 'adj-race', body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await ledger(p.id)).toEqual({ onHand: 1000, moved: 1000 });
  });

  it("never lets merchant B's key touch A's products", async () => {
    const p = (await api(a.key.key, 'POST', '/products', product('ISO-1'))).json();
    for (const ref of [p.code, p.id]) {
      expect((await api(b.key.key, 'PUT', `/products/${ref}`, product('ISO-1'))).status).toBe(404);
      expect((await api(b.key.key, 'DELETE', `/products/${ref}`)).status).toBe(404);
    }
    const adj = await adjust(b.key.key, 'iso', { productId: p.id, delta: 5, reason: 'x' });
    expect(adj.status).toBe(404);
    // B's create of the same code is B's own product.
    const own = await api(b.key.key, 'POST', '/products', product('ISO-1'));
    expect(own.status).toBe(201);
    expect(own.json().id).not.toBe(p.id);
    const still = (await api(a.key.key, 'GET', '/products/ISO-1')).json();
    expect(still).toMatchObject({ id: p.id, deleted: false, onHand: 0 });
    expect(await ledger(p.id)).toEqual({ onHand: 0, moved: 0 });
  });

  it('enforces products:write and inventory:write', async () => {
    const readOnly = await seedMerchant(database, { scopes: ['products:read', 'inventory:read'] });
    const writer = await seedMerchant(database, { scopes: ['products:write'] });
    expect((await api(readOnly.key.key, 'POST', '/products', product('R'))).json().code).toBe(
      'insufficient_scope',
    );
    const p = (await api(writer.key.key, 'POST', '/products', product('R'))).json();
    const adj = await adjust(writer.key.key, 'k', { productId: p.id, delta: 1, reason: 'x' });
    expect(adj.status).toBe(403);
    expect(adj.json().code).toBe('insufficient_scope');
  });

  it('answers bad input with 400 invalid_request naming the field, never 500', async () => {
    const p = (await api(a.key.key, 'POST', '/products', product('BAD-1'))).json();
    const cases: [string, string, unknown, string][] = [
      ['POST', '/products', product('X', { price: 1.234 }), 'body.price'],
      ['POST', '/products', product('X', { vatCode: 'F' }), 'body.vatCode'],
      ['POST', '/products', product('', {}), 'body.code'],
      ['POST', '/products', product('X', { categoryId: 'cat_nope' }), 'body.categoryId'],
      ['POST', '/products', { ...product('X'), name: undefined }, 'body.name'],
      ['PUT', `/products/${p.code}`, product('X', { price: -1 }), 'body.price'],
      ['PUT', `/products/${p.code}`, product('X', { sku: '' }), 'body.sku'],
      ['PUT', `/products/${'x'.repeat(101)}`, product('X'), 'path.code'],
      ['DELETE', `/products/${'x'.repeat(101)}`, undefined, 'path.code'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await api(a.key.key, method, path, body);
      expect(res.status, field).toBe(400);
      expect(res.json().code).toBe('invalid_request');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    const adjustments: [string | undefined, unknown, string][] = [
      [undefined, { productId: p.id, delta: 1, reason: 'x' }, 'header.idempotency-key'],
      ['k-bad', { productId: p.id, delta: 0, reason: 'x' }, 'body.delta'],
      ['k-bad', { productId: p.id, delta: 0.0001, reason: 'x' }, 'body.delta'],
      ['k-bad', { productId: p.id, delta: 1e12, reason: 'x' }, 'body.delta'],
      ['k-bad', { productId: p.id, delta: '1', reason: 'x' }, 'body.delta'],
      ['k-bad', { productId: p.id, delta: 1 }, 'body.reason'],
      ['x'.repeat(201), { productId: p.id, delta: 1, reason: 'x' }, 'header.idempotency-key'],
    ];
    for (const [key, body, field] of adjustments) {
      const res = await adjust(a.key.key, key, body);
      expect(res.status, field).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await adjust(a.key.key, 'k-404', { productId: 'prod_nope', delta: 1, reason: 'x' })).status).toBe(
      404,
    );
    // Each adjustment is bounded, and so is what they add up to: the one that would take stock
    // past a billion units is refused, moves nothing and leaves its key free.
    const full = await adjust(a.key.key, 'k-full', { productId: p.id, delta: 1e9, reason: 'x' });
    expect(full.status).toBe(201);
    const past = await adjust(a.key.key, 'k-past', { productId: p.id, delta: 0.001, reason: 'x' });
    expect(past.status).toBe(400);
    expect(past.json().errors.map((e: { path: string }) => e.path)).toContain('body.delta');
    expect(await ledger(p.id)).toEqual({ onHand: 1e12, moved: 1e12 });
    const back = await adjust(a.key.key, 'k-past', { productId: p.id, delta: -1e9, reason: 'x' });
    expect(back.status).toBe(201);
    const notJson = await call(cloud, 'POST', '/api/public/v1/products', {
      key: a.key.key,
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBeLessThan(500);
    expect(await ledger(p.id)).toEqual({ onHand: 0, moved: 0 });
  });
});
