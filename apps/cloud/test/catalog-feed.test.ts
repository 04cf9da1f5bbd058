// The catalog a terminal keeps, over real HTTP: categories, VAT rates and cashiers written
// through the administration API, and the change feed (served to the operator here, to
// terminals later): every change after a cursor in version order, tombstones for deletions,
// paging with `complete`, a PIN verifier instead of the PIN, and one merchant's changes only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFeed } from '@fiscal-pos/platform-protocol';
import { verifyPin } from '@fiscal-pos/platform-protocol';
import type { Cloud } from '../src/server.js';
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

describe.each(DRIVERS)('catalog feed on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;
  let other: TestMerchant;
  const at = (merchant: TestMerchant) => `/merchants/${merchant.merchantId}`;
  const feed = async (cursor: string, limit = 1000, merchant = m): Promise<CatalogFeed> => {
    const res = await admin(cloud, 'GET', `${at(merchant)}/catalog?cursor=${cursor}&limit=${limit}`);
    expect(res.status, res.text).toBe(200);
    return res.json();
  };
  const product = (code: string, extra: Record<string, unknown> = {}) => ({
    name: { ro: code },
    price: 3.5,
    vatCode: 'A',
    unit: 'kg',
    ...extra,
  });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
    m = await seedMerchant(database, { name: 'Feed' });
    other = await seedMerchant(database, { name: 'Other' });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('starts with the default VAT table and nothing else', async () => {
    const first = await feed('0');
    expect(first).toMatchObject({
      products: [],
      categories: [],
      cashiers: [],
      nextCursor: '0',
      complete: true,
    });
    expect(first.vatRates.map((r) => [r.code, r.rateBasisPoints, r.exempt])).toEqual([
      ['A', 800, false],
      ['B', 2000, false],
      ['C', 0, false],
      ['D', 1200, false],
      ['E', 600, false],
      ['_', 0, true],
    ]);
  });

  it('serves every write once, in version order, deletions as tombstones, paged', async () => {
    const root = (await admin(cloud, 'POST', `${at(m)}/categories`, { body: { name: 'Food' } })).json();
    const child = await admin(cloud, 'POST', `${at(m)}/categories`, {
      body: { name: 'Fruit', parentId: root.id, position: 2 },
    });
    expect(child.status).toBe(201);
    const fruit = child.json();
    const apple = await admin(cloud, 'PUT', `${at(m)}/products/APL`, {
      body: product('APL', { sku: '4001', categoryId: fruit.id, barcodes: ['2000000000015'], onHand: 5 }),
    });
    expect(apple.status, apple.text).toBe(200);
    expect(
      (await admin(cloud, 'PUT', `${at(m)}/vat-rates/A`, { body: { rateBasisPoints: 900 } })).status,
    ).toBe(200);
    const ana = await admin(cloud, 'POST', `${at(m)}/cashiers`, {
      body: { name: 'Ana', role: 'administrator', pin: '0421' },
    });
    expect(ana.status).toBe(201);
    expect(ana.text).not.toMatch(/0421|scrypt|pin/i);

    const full = await feed('0');
    expect(full.complete).toBe(true);
    expect(full.categories.map((c) => [c.name, c.parentId])).toEqual([
      ['Food', null],
      ['Fruit', root.id],
    ]);
    expect(full.products).toEqual([
      expect.objectContaining({
        code: 'APL',
        sku: '4001',
        categoryId: fruit.id,
        price: 3.5,
        vatCode: 'A',
        unit: 'kg',
      }),
    ]);
    expect(full.products[0]).not.toHaveProperty('onHand');
    expect(full.vatRates.find((r) => r.code === 'A')).toMatchObject({ rateBasisPoints: 900 });
    expect(full.vatRates).toHaveLength(6);
    const cashier = full.cashiers[0]!;
    expect(cashier).toMatchObject({ name: 'Ana', role: 'administrator' });
    expect(await verifyPin('0421', cashier.pinVerifier)).toBe(true);
    expect(await verifyPin('0422', cashier.pinVerifier)).toBe(false);
    const versions = [...full.categories, ...full.products, ...full.cashiers].map((x) => x.version);
    expect(new Set(versions).size).toBe(versions.length);
    expect(Number(full.nextCursor)).toBe(Math.max(...versions, full.vatRates[0]!.version));

    // Nothing new: the same cursor back, complete.
    expect(await feed(full.nextCursor)).toMatchObject({
      products: [],
      vatRates: [],
      nextCursor: full.nextCursor,
    });

    // Changes after the cursor: an update, a stock change (not a catalog change), deletions.
    await admin(cloud, 'PUT', `${at(m)}/products/APL`, {
      body: product('APL', { price: 4, categoryId: null }),
    });
    await admin(cloud, 'PUT', `${at(m)}/products/APL/stock`, { body: { onHand: 9 } });
    expect((await admin(cloud, 'DELETE', `${at(m)}/categories/${fruit.id}`)).status).toBe(204);
    expect((await admin(cloud, 'DELETE', `${at(m)}/cashiers/${cashier.id}`)).status).toBe(204);
    await admin(cloud, 'DELETE', `${at(m)}/products/APL`);
    const delta = await feed(full.nextCursor);
    expect(delta).toMatchObject({
      products: [],
      categories: [],
      cashiers: [],
      vatRates: [],
      deleted: { products: [full.products[0]!.id], categories: [fruit.id], cashiers: [cashier.id] },
      complete: true,
    });

    // Paging: the 3 tombstones above and 7 more changes, 3 at a time, in version order.
    let cursor = full.nextCursor;
    for (let i = 0; i < 5; i++)
      await admin(cloud, 'POST', `${at(m)}/categories`, { body: { name: `C${i}` } });
    await admin(cloud, 'PUT', `${at(m)}/vat-rates/E`, { body: { rateBasisPoints: 700 } });
    await admin(cloud, 'POST', `${at(m)}/cashiers`, { body: { name: 'Ion', role: 'cashier', pin: '1111' } });
    const pages: { items: string[]; complete: boolean }[] = [];
    for (;;) {
      const page = await feed(cursor, 3);
      const items = [
        ...page.categories.map((c) => c.name),
        ...page.vatRates.map((r) => `vat ${r.code}`),
        ...page.cashiers.map((c) => c.name),
        ...page.deleted.products,
        ...page.deleted.categories,
        ...page.deleted.cashiers,
      ];
      pages.push({ items: items.sort(), complete: page.complete });
      expect(Number(page.nextCursor)).toBeGreaterThan(Number(cursor));
      cursor = page.nextCursor;
      if (page.complete) break;
    }
    expect(pages).toEqual([
      { items: [full.products[0]!.id, fruit.id, cashier.id].sort(), complete: false },
      { items: ['C0', 'C1', 'C2'], complete: false },
      { items: ['C3', 'C4', 'vat E'], complete: false },
      { items: ['Ion'], complete: true },
    ]);
  });

  it("shows one merchant's catalog only", async () => {
    await admin(cloud, 'POST', `${at(other)}/categories`, { body: { name: 'Other-only' } });
    const mine = await feed('0', 5000, m);
    expect(JSON.stringify(mine)).not.toContain('Other-only');
    const theirs = await feed('0', 5000, other);
    expect(theirs.categories.map((c) => c.name)).toEqual(['Other-only']);
  });

  it('keeps the tree a tree and refuses to delete a category in use', async () => {
    const top = (await admin(cloud, 'POST', `${at(m)}/categories`, { body: { name: 'Top' } })).json();
    const mid = (
      await admin(cloud, 'POST', `${at(m)}/categories`, { body: { name: 'Mid', parentId: top.id } })
    ).json();
    const cycle = await admin(cloud, 'PUT', `${at(m)}/categories/${top.id}`, {
      body: { name: 'Top', parentId: mid.id },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.json().errors[0].path).toBe('body.parentId');
    const self = await admin(cloud, 'PUT', `${at(m)}/categories/${top.id}`, {
      body: { name: 'Top', parentId: top.id },
    });
    expect(self.status).toBe(400);
    const inUse = await admin(cloud, 'DELETE', `${at(m)}/categories/${top.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.json().code).toBe('catalog_conflict');
    await admin(cloud, 'PUT', `${at(m)}/products/IN-MID`, {
      body: product('IN-MID', { categoryId: mid.id }),
    });
    expect((await admin(cloud, 'DELETE', `${at(m)}/categories/${mid.id}`)).status).toBe(409);
    // Another merchant's category is no parent and no product category here.
    const foreign = (await admin(cloud, 'POST', `${at(other)}/categories`, { body: { name: 'F' } })).json();
    expect(
      (await admin(cloud, 'POST', `${at(m)}/categories`, { body: { name: 'X', parentId: foreign.id } }))
        .status,
    ).toBe(400);
    expect(
      (
        await admin(cloud, 'PUT', `${at(m)}/products/F-1`, {
          body: product('F-1', { categoryId: foreign.id }),
        })
      ).status,
    ).toBe(400);
    expect((await admin(cloud, 'DELETE', `${at(other)}/categories/${top.id}`)).status).toBe(404);
  });

  it('answers bad input with 400 naming the field and never a 500', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', `${at(m)}/cashiers`, { name: 'P', role: 'cashier', pin: '12345' }, 'body.pin'],
      ['POST', `${at(m)}/cashiers`, { name: 'P', role: 'cashier', pin: '12a4' }, 'body.pin'],
      ['POST', `${at(m)}/cashiers`, { name: 'P', role: 'boss', pin: '1234' }, 'body.role'],
      ['POST', `${at(m)}/categories`, { name: '' }, 'body.name'],
      ['PUT', `${at(m)}/vat-rates/A`, { rateBasisPoints: 10_001 }, 'body.rateBasisPoints'],
      ['PUT', `${at(m)}/vat-rates/A`, { rateBasisPoints: 12.5 }, 'body.rateBasisPoints'],
      ['PUT', `${at(m)}/vat-rates/_`, { rateBasisPoints: 0 }, 'path.code'],
      ['PUT', `${at(m)}/products/P`, product('P', { sku: 'x'.repeat(33) }), 'body.sku'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await admin(cloud, method, path, { body });
      expect(res.status, field).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    for (const query of ['cursor=-1', 'cursor=abc', 'limit=0', 'limit=5001', 'cursor=1e3'])
      expect((await admin(cloud, 'GET', `${at(m)}/catalog?${query}`)).status, query).toBe(400);
    expect((await admin(cloud, 'GET', '/merchants/mer_nope/catalog')).status).toBe(404);
    expect(
      (await admin(cloud, 'PUT', `${at(m)}/cashiers/csh_nope`, { body: { name: 'X', role: 'cashier' } }))
        .status,
    ).toBe(404);
    // The feed is the operator's (and later a terminal's), never an integration key's.
    expect((await call(cloud, 'GET', `/api/admin/v1${at(m)}/catalog`, { key: m.key.key })).status).toBe(401);
  });

  it('is what an activated terminal reads with its device credential, its own merchant only', async () => {
    const device = async (merchant: TestMerchant) => {
      const created = (
        await admin(cloud, 'POST', `${at(merchant)}/terminals`, { body: { name: 'Casa' } })
      ).json();
      const activated = await call(cloud, 'POST', '/api/device/v1/activate', {
        body: { code: created.activationCode },
      });
      expect(activated.status, activated.text).toBe(200);
      return `Bearer ${activated.json().deviceCredential as string}`;
    };
    const read = async (authorization: string, merchant: TestMerchant) => {
      const res = await call(cloud, 'GET', '/api/device/v1/catalog?cursor=0&limit=1000', {
        headers: { authorization },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json()).toEqual(await feed('0', 1000, merchant));
      return res.json() as CatalogFeed;
    };
    const mine = await read(await device(m), m);
    const theirs = await read(await device(other), other);
    const ids = (f: CatalogFeed) => f.products.map((p) => p.id);
    expect(ids(mine).some((id) => ids(theirs).includes(id))).toBe(false);
  });
});
