// Instants PostgreSQL cannot store, from a careless or hostile client: an `updatedSince` of
// 0000-01-01 ("from the beginning", or .NET's DateTime.MinValue with a positive offset), a
// cursor the client edited (year 0, beyond any date, a NUL in its id). Each was a 500 from the
// statement it bounded (a push of the terminal: held back for good); each is a 400 naming the
// field, before any query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cloud } from '../src/server.js';
import { fiscalDocument } from './documents-fixture.js';
import { healthReport } from './health-report-fixture.js';
import {
  activeTerminal,
  call,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type ActiveTerminal,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

const API = '/api/public/v1';
/** A cursor as a client could forge one: the same encoding as the API's. */
const cursor = (t: number, i: string) => Buffer.from(JSON.stringify({ t, i })).toString('base64url');

describe.each(DRIVERS)('instants out of range on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let merchant: TestMerchant;
  let terminal: ActiveTerminal;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
    merchant = await seedMerchant(database);
    terminal = await activeTerminal(cloud, merchant.merchantId);
  });

  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const get = (path: string) => call(cloud, 'GET', API + path, { key: merchant.key.key });

  it.each([
    ['/orders?updatedSince=0000-01-01T00:00:00Z', 'query.updatedSince'],
    ['/orders?updatedSince=0001-01-01T00:00:00%2B02:00', 'query.updatedSince'],
    ['/products?updatedSince=0000-06-01T00:00:00Z', 'query.updatedSince'],
    ['/sales?updatedSince=0000-06-01T00:00:00Z', 'query.updatedSince'],
    ['/sales?from=0000-01-01T00:00:00Z&to=9999-12-31T23:59:59Z', 'query.from'],
    ['/sales?to=0000-12-31T00:00:00Z', 'query.to'],
  ])('refuses %s with 400 naming %s', async (path, field) => {
    const res = await get(path);
    expect(res.status, res.text).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', errors: [{ path: field }] });
  });

  it('still takes the first instant of year 0001', async () => {
    for (const path of ['/orders', '/products', '/sales'])
      expect((await get(`${path}?updatedSince=0001-01-01T00:00:00Z`)).status).toBe(200);
  });

  it.each([
    ['year 0', cursor(Date.parse('0000-06-01T00:00:00Z'), 'ord_x')],
    ['beyond any date', cursor(1e20, 'ord_x')],
    ['a NUL in the id', cursor(1_700_000_000_000, 'ord_\u0000')],
  ])('refuses a cursor with %s on every list', async (_, forged) => {
    for (const path of ['/orders', '/products', '/sales', '/orders?updatedSince=2020-01-01T00:00:00Z']) {
      const res = await get(`${path}${path.includes('?') ? '&' : '?'}cursor=${forged}`);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request', errors: [{ path: 'query.cursor' }] });
    }
  });

  it('refuses a pushed document issued in year 0, storing nothing', async () => {
    const res = await device(cloud, terminal, 'POST', '/documents', {
      documents: [
        fiscalDocument([{ productId: null, quantityMilli: 1000 }], { createdAt: '0000-12-31T12:00:00Z' }),
      ],
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ path: 'body.documents.0.createdAt' }] });
  });

  it('refuses a health report whose fiscal day started in year 0', async () => {
    const res = await device(
      cloud,
      terminal,
      'POST',
      '/health',
      healthReport({ fiscalDay: { startedAt: '0000-12-31T12:00:00Z', expiresAt: '0001-01-01T12:00:00Z' } }),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ path: 'body.fiscalDay.startedAt' }] });
  });
});
