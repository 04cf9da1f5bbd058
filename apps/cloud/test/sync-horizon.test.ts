// An ERP's incremental sync (`updatedSince`, then the largest updatedAt it processed) must see a
// write that commits after a later one: rows are dated by their transaction's start, so a long
// transaction (an import of a whole catalog, a batch of pending stock) commits rows dated before
// those that others committed meanwhile. Here a session of the test's own plays that transaction:
// it changes a row, holds its transaction open while the API changes another, then commits.
// PostgreSQL only: PGlite runs one transaction at a time, so no read overlaps a write there.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveProduct } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import { fiscalDocument } from './documents-fixture.js';
import {
  activeTerminal,
  call,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

interface Synced {
  id: string;
  updatedAt: string;
  code?: string;
  operationId?: string;
}

describe.skipIf(!DRIVERS.includes('postgres'))('incremental sync across a long transaction', () => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;
  let session: pg.Client;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    cloud = await startTestCloud(database);
    m = await seedMerchant(database);
    session = new pg.Client({ connectionString: database.url });
    await session.connect();
    for (const code of ['SLOW', 'FAST'])
      await saveProduct(database.db, m.merchantId, {
        code,
        name: { ro: code },
        priceMinor: 100,
        vatCode: 'B',
        unit: 'pcs',
      });
  });
  afterAll(async () => {
    await session?.end();
    await cloud?.close();
    await database?.close();
  });

  /** Every page of `resource` changed at or after `since`, as a sync client reads it. */
  async function syncRead(resource: 'products' | 'orders' | 'sales', since: string): Promise<Synced[]> {
    const read: Synced[] = [];
    let cursor: string | null = null;
    do {
      const query = `updatedSince=${encodeURIComponent(since)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call(cloud, 'GET', `/api/public/v1/${resource}?${query}`, { key: m.key.key });
      expect(res.status, res.text).toBe(200);
      const page = res.json() as { data: Synced[]; nextCursor: string | null };
      read.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    return read;
  }

  const latest = (rows: Synced[], since: string) =>
    rows.reduce((max, row) => (row.updatedAt > max ? row.updatedAt : max), since);

  /**
   * Syncs once, changes `slow` in the held transaction and another row through `changeFast`
   * (which says how to know that row), syncs from the largest updatedAt seen, commits the held
   * transaction, syncs again: both changes must be among what the two later syncs read.
   */
  async function acrossHeldTransaction(
    resource: 'products' | 'orders' | 'sales',
    table: 'products' | 'orders' | 'fiscal_documents',
    slow: string,
    changeFast: () => Promise<(row: Synced) => boolean>,
  ) {
    const first = await syncRead(resource, '1970-01-01T00:00:00.000Z');
    const before = new Map(first.map((row) => [row.id, row.updatedAt]));
    const changed = (row: Synced) => row.updatedAt > (before.get(row.id) ?? '');
    let since = latest(first, '1970-01-01T00:00:00.000Z');

    await session.query('begin');
    await session.query(`update ${table} set updated_at = now() where id = $1`, [slow]);
    try {
      const isFast = await changeFast();
      const during = await syncRead(resource, since);
      since = latest(during, since);
      await session.query('commit');
      const after = await syncRead(resource, since);
      const seen = [...during, ...after];
      expect(
        seen.some((row) => row.id === slow && changed(row)),
        'the held change reached the sync',
      ).toBe(true);
      expect(
        seen.some((row) => isFast(row) && changed(row)),
        'the later change reached the sync',
      ).toBe(true);
    } finally {
      await session.query('rollback').catch(() => undefined);
    }
  }

  it('lists products: a change committed after a later one is not skipped', async () => {
    const listed = await syncRead('products', '1970-01-01T00:00:00.000Z');
    const slow = listed.find((row) => row.code === 'SLOW')!.id;
    await acrossHeldTransaction('products', 'products', slow, async () => {
      const res = await call(cloud, 'PUT', '/api/public/v1/products/FAST', {
        key: m.key.key,
        body: { code: 'FAST', name: { ro: 'FAST' }, price: 2, vatCode: 'B', unit: 'pcs' },
      });
      expect(res.status, res.text).toBe(200);
      return (row) => row.code === 'FAST';
    });
  });

  it('lists orders: a change committed after a later one is not skipped', async () => {
    const order = async (externalOrderId: string) => {
      const res = await call(cloud, 'POST', '/api/public/v1/orders', {
        key: m.key.key,
        body: { externalOrderId, customer: { name: 'C' }, lines: [{ productCode: 'SLOW', quantity: 1 }] },
      });
      expect(res.status, res.text).toBe(201);
      return (res.json() as Synced).id;
    };
    const slow = await order('O-SLOW');
    const fast = await order('O-FAST');
    await acrossHeldTransaction('orders', 'orders', slow, async () => {
      const res = await call(cloud, 'POST', `/api/public/v1/orders/${fast}/confirm`, { key: m.key.key });
      expect(res.status, res.text).toBe(200);
      return (row) => row.id === fast;
    });
  });

  it('lists sales by change: a receipt pushed late, issued a day earlier, is not skipped either', async () => {
    const till = await activeTerminal(cloud, m.merchantId);
    const push = async (createdAt: Date) => {
      const document = fiscalDocument([{ productId: null, quantityMilli: 1_000 }], {
        createdAt: createdAt.toISOString(),
      });
      const res = await device(cloud, till, 'POST', '/documents', { documents: [document] });
      expect(res.status, res.text).toBe(200);
      return document.operationId;
    };
    await push(new Date());
    const [slow] = await syncRead('sales', '1970-01-01T00:00:00.000Z');
    await acrossHeldTransaction('sales', 'fiscal_documents', slow!.id, async () => {
      // A terminal offline since yesterday pushes its receipt now: by issue time it sorts
      // before everything read so far, by change after it.
      const late = await push(new Date(Date.now() - 86_400_000));
      return (row) => row.operationId === late;
    });
  });
});
