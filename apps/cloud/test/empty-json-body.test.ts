// Many HTTP clients send `Content-Type: application/json` on every POST, with no body where
// there is nothing to send. The changes that take no body (confirm an order, ping a webhook) or
// an optional one (cancel, rotate a secret) answered those 400 invalid_json ("Body cannot be
// empty"): an empty body is now no body, and a route that needs one says which field is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(DRIVERS)('an empty JSON body on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
    m = await seedMerchant(database);
    await saveProduct(database.db, m.merchantId, {
      code: 'P-1',
      name: { ro: 'P' },
      priceMinor: 1000,
      vatCode: 'B',
      unit: 'pcs',
    });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  /** A POST as such a client sends it: the JSON content type, no body. */
  const bare = (path: string) =>
    call(cloud, 'POST', `/api/public/v1${path}`, {
      key: m.key.key,
      raw: '',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  const order = async (externalOrderId: string): Promise<string> => {
    const res = await call(cloud, 'POST', '/api/public/v1/orders', {
      key: m.key.key,
      body: { externalOrderId, customer: { name: 'A' }, lines: [{ productCode: 'P-1', quantity: 1 }] },
    });
    return res.json().id as string;
  };

  it('confirms and cancels an order', async () => {
    const id = await order('EMPTY-1');
    const confirmed = await bare(`/orders/${id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    const cancelled = await bare(`/orders/${id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'other' });
  });

  it('pings a webhook endpoint and rotates its secret', async () => {
    const endpoint = await call(cloud, 'POST', '/api/public/v1/webhooks', {
      key: m.key.key,
      body: { url: 'https://127.0.0.1:9/hook', events: ['order.created'] },
    });
    const id = endpoint.json().id as string;
    expect((await bare(`/webhooks/${id}/ping`)).status).toBe(202);
    const rotated = await bare(`/webhooks/${id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
  });

  it('tells a route that needs a body that the body is missing', async () => {
    const res = await bare('/orders');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', errors: [{ path: 'body' }] });
  });
});
