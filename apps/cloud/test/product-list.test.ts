// The product list is rendered to JSON by PostgreSQL (product-list.ts), everything else by
// presentProduct: over awkward data, every listed product must equal presentProduct's view of
// the same row, and paging must neither skip nor repeat a product.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.js';
import { presentProduct } from '../src/products/product-schemas.js';
import { deleteProduct, saveProduct } from '../src/products/save-product.js';
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

const AWKWARD = [
  { code: 'Q-"quoted"\\', priceMinor: 0, onHandMilli: -1500, name: { ro: 'Ghilimele " și \\ slash' } },
  { code: 'Q-ctrl', priceMinor: 1, onHandMilli: 1, name: { ro: 'tab\tnew\nline\u0001', ru: 'Ёлка 🎄' } },
  { code: 'Q-big', priceMinor: 9_007_199_254_740_99, onHandMilli: 123_456_789, name: { ro: 'Mare' } },
  { code: 'Q-round', priceMinor: 1200, onHandMilli: 2000, name: { ro: 'Rotund', en: 'Round' } },
  { code: 'Q-neg', priceMinor: -5, onHandMilli: 0, name: { ro: 'Negativ' } },
];

describe.each(DRIVERS)('product list on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;
  const get = (path: string) => call(cloud, 'GET', `/api/public/v1${path}`, { key: m.key.key });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 100_000, windowMs: 60_000 } });
    m = await seedMerchant(database);
    for (const [i, p] of AWKWARD.entries()) {
      await saveProduct(database.db, m.merchantId, {
        ...p,
        barcodes: i % 2 ? [] : [`48400000${i}`, `99${i}`],
        description: i % 2 ? null : { ro: `Descriere ${i}`, en: 'Описание' },
        vatCode: (['A', 'B', 'C', 'D', '_'] as const)[i]!,
        unit: i % 2 ? 'kg' : 'pcs',
        category: i % 2 ? null : 'Categorie',
        active: i !== 3,
      });
    }
    for (let i = 0; i < 12; i++) {
      await saveProduct(database.db, m.merchantId, {
        code: `R-${i}`,
        name: { ro: `P ${i}` },
        priceMinor: 1000 + i * 7,
        vatCode: 'B',
        unit: 'pcs',
      });
    }
    await deleteProduct(database.db, m.merchantId, { code: 'R-5' });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  async function pages(query: string, limit: number) {
    const listed: unknown[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/products?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const page = res.json();
      expect(page.data.length).toBeLessThanOrEqual(limit);
      expect(page.hasMore).toBe(page.nextCursor !== null);
      listed.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    return listed;
  }

  async function presented(options: { withDeleted: boolean }) {
    // The database's order: ids compare under its collation, not JavaScript's.
    const rows = await database.db
      .select()
      .from(products)
      .where(eq(products.merchantId, m.merchantId))
      .orderBy(products.updatedAt, products.id);
    return rows
      .filter((r) => options.withDeleted || r.deletedAt === null)
      .map((r) => JSON.parse(JSON.stringify(presentProduct(r))) as unknown);
  }

  it('lists live products exactly as presentProduct shows them, page after page', async () => {
    const expected = await presented({ withDeleted: false });
    expect(expected).toHaveLength(16);
    expect(await pages('', 5)).toEqual(expected);
    expect(await pages('', 16)).toEqual(expected);
    expect(await pages('', 200)).toEqual(expected);
  });

  it('lists changes with deleted products the same way under updatedSince', async () => {
    const expected = await presented({ withDeleted: true });
    expect(expected).toHaveLength(17);
    const since = `&updatedSince=${encodeURIComponent('2000-01-01T00:00:00Z')}`;
    expect(await pages(since, 4)).toEqual(expected);
  });

  it('answers an empty page for a merchant without products', async () => {
    const other = await seedMerchant(database);
    const res = await call(cloud, 'GET', '/api/public/v1/products', { key: other.key.key });
    expect(res.json()).toEqual({ data: [], hasMore: false, nextCursor: null });
  });
});
