// Numbers an order may carry are bounded: an absurd quantity, a total beyond the order limit or
// a line that rounds to 0 bani is a 400 naming the field, never a 500 or a stored order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, MAX_ORDER_TOTAL } from '../src/limits.js';
import { saveProduct } from '../src/products/save-product.js';
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

describe.each(DRIVERS)('order bounds on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;
  let n = 0;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 100_000, windowMs: 60_000 } });
    m = await seedMerchant(database);
    await saveProduct(database.db, m.merchantId, {
      code: 'CHEAP',
      name: { ro: 'Gumă' },
      priceMinor: 137,
      vatCode: 'A',
      unit: 'pcs',
    });
    await saveProduct(database.db, m.merchantId, {
      code: 'DEAR',
      name: { ro: 'Diamant' },
      priceMinor: 1_000_000_00,
      vatCode: 'B',
      unit: 'pcs',
    });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const order = (lines: { productCode: string; quantity: number }[]) =>
    call(cloud, 'POST', '/api/public/v1/orders', {
      key: m.key.key,
      body: { externalOrderId: `B-${++n}`, customer: { name: 'C' }, lines },
    });

  it('refuses quantities beyond the line limit with the field path', async () => {
    for (const quantity of [9007199254740, 99999999999, MAX_LINE_QUANTITY + 1]) {
      const res = await order([{ productCode: 'CHEAP', quantity }]);
      expect(res.status, String(quantity)).toBe(400);
      // One error, the bound: an integer is never also told "at most 3 decimals".
      expect(res.json().errors).toEqual([
        { path: 'body.lines.0.quantity', message: expect.stringMatching(/100000|too big/i) },
      ]);
    }
    expect((await order([{ productCode: 'CHEAP', quantity: MAX_LINE_QUANTITY }])).status).toBe(201);
  });

  it('takes an internationalised e-mail address and refuses one beyond RFC 5321 lengths', async () => {
    const withEmail = (email: string) =>
      call(cloud, 'POST', '/api/public/v1/orders', {
        key: m.key.key,
        body: {
          externalOrderId: `E-${++n}`,
          customer: { name: 'C', email },
          lines: [{ productCode: 'CHEAP', quantity: 1 }],
        },
      });
    expect((await withEmail('иван@пример.рф')).status).toBe(201);
    const long = await withEmail(`${'a'.repeat(65)}@exemplu.md`);
    expect(long.status).toBe(400);
    expect(long.json().errors[0].path).toBe('body.customer.email');
  });

  it('refuses, on every retry, a line whose amount rounds to 0 bani', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await call(cloud, 'POST', '/api/public/v1/orders', {
        key: m.key.key,
        body: {
          externalOrderId: 'ZERO',
          customer: { name: 'C' },
          lines: [{ productCode: 'CHEAP', quantity: 0.001 }],
        },
      });
      expect(res.status).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'body.lines.0.quantity', message: 'the line amount rounds to 0 bani' },
      ]);
    }
  });

  it('refuses an order whose total exceeds the order limit', async () => {
    const res = await order([{ productCode: 'DEAR', quantity: MAX_ORDER_TOTAL / 1_000_000 + 1 }]);
    expect(res.status).toBe(400);
    expect(res.json().errors[0].path).toBe('body.lines');
  });
});
