// Two writes of one product at once must queue, never deadlock: a create (the integration API's
// POST, an upsert by code) held the merchant's catalog and then waited for the product's row,
// while an update or delete of that product held the row and then waited for the catalog. PostgreSQL
// broke the cycle by failing one of them: a 500 for an ERP whose workers retried a create
// while another deleted or updated the same code. A session of the test's own holds the catalog
// so that the two requests meet in that order every time, then lets them go.
// PostgreSQL only: PGlite runs one transaction at a time.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveProduct } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import {
  admin,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type ApiResponse,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

const BODY = { code: 'RACE', name: { ro: 'Race' }, price: 1, vatCode: 'B' as const, unit: 'pcs' };

describe.skipIf(!DRIVERS.includes('postgres'))('one lock order for product writes', () => {
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
  });
  afterAll(async () => {
    await session?.end();
    await cloud?.close();
    await database?.close();
  });

  const api = (method: string, path: string, body?: unknown) =>
    call(cloud, method, `/api/public/v1${path}`, { key: m.key.key, body });

  /** Waits until `count` of the cloud's sessions wait for a lock. */
  async function lockWaiters(count: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await session.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${count} sessions never waited for a lock`);
  }

  /** The create first (it waits for the catalog), then `other` on the same product, then both go. */
  async function createThen(other: () => Promise<ApiResponse>): Promise<[ApiResponse, ApiResponse]> {
    const { price: _, ...stored } = BODY;
    await saveProduct(database.db, m.merchantId, { ...stored, priceMinor: 100 });
    await session.query('begin');
    await session.query('select * from catalog_versions where merchant_id = $1 for update', [m.merchantId]);
    const create = api('POST', '/products', BODY);
    await lockWaiters(1);
    const second = other();
    await lockWaiters(2);
    await session.query('commit');
    return Promise.all([create, second]);
  }

  /** Runs `first` and then `second` while the session holds the catalog, then lets both go. */
  async function inOrder(
    first: () => Promise<ApiResponse>,
    second: () => Promise<ApiResponse>,
  ): Promise<[ApiResponse, ApiResponse]> {
    await session.query('begin');
    await session.query('select * from catalog_versions where merchant_id = $1 for update', [m.merchantId]);
    const one = first();
    await lockWaiters(1);
    const two = second();
    await lockWaiters(2);
    await session.query('commit');
    return Promise.all([one, two]);
  }

  const categories = `/merchants/${'{m}'}/categories`;
  const category = async (name: string, parentId: string | null = null): Promise<string> => {
    const res = await admin(cloud, 'POST', categories.replace('{m}', m.merchantId), {
      body: { name, parentId },
    });
    expect(res.status, res.text).toBe(201);
    return res.json().id as string;
  };

  it('a product put in a category while the category is deleted: the delete is refused', async () => {
    const shelf = await category('Shelf');
    const [create, remove] = await inOrder(
      () => api('POST', '/products', { ...BODY, code: 'SHELVED', categoryId: shelf }),
      () => admin(cloud, 'DELETE', `${categories.replace('{m}', m.merchantId)}/${shelf}`),
    );
    expect(create.status, create.text).toBe(201);
    expect(remove.status, remove.text).toBe(409);
  });

  it('two categories moved under each other at once: no cycle', async () => {
    const a = await category('A');
    const b = await category('B');
    const at = (id: string) => `${categories.replace('{m}', m.merchantId)}/${id}`;
    const [moveA, moveB] = await inOrder(
      () => admin(cloud, 'PUT', at(a), { body: { name: 'A', parentId: b, position: 0 } }),
      () => admin(cloud, 'PUT', at(b), { body: { name: 'B', parentId: a, position: 0 } }),
    );
    expect(moveA.status, moveA.text).toBe(200);
    expect(moveB.status, moveB.text).toBe(400);
  });

  it('a create and a delete of the same code', async () => {
    const [create, remove] = await createThen(() => api('DELETE', '/products/RACE'));
    expect([create.status, create.text]).toEqual([409, expect.any(String)]);
    expect([remove.status, remove.text]).toEqual([204, '']);
  });

  it('a create and an update of the same code', async () => {
    const [create, update] = await createThen(() => api('PUT', '/products/RACE', { ...BODY, price: 2 }));
    expect([create.status, create.text]).toEqual([409, expect.any(String)]);
    expect(update.status, update.text).toBe(200);
    expect(update.json().price).toBe(2);
  });
});
