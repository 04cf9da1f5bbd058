// The administration API: operator-token authentication on every route, merchants, the module
// switch, keys (one successor per rotation), products and stock with bounded numbers,
// Idempotency-Key replays without the key shown once, and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '../src/admin/admin-routes.js';
import { adminAuditLog } from '../src/db/schema.js';
import type { Cloud } from '../src/server.js';
import { admin, call, DRIVERS, openTestDatabase, startTestCloud, type TestDatabase } from './harness.js';

describe.each(DRIVERS)('admin API on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 100_000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const ping = (key: string) => call(cloud, 'GET', '/api/public/v1/ping', { key });

  it('refuses every route without the operator token, or with a wrong one', async () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(13);
    for (const route of ADMIN_ROUTES) {
      const path = route.path.replace(/\{\w+\}/g, 'x');
      const missing = await call(cloud, route.method, path);
      expect(missing.status, path).toBe(401);
      expect(missing.json().code).toBe('missing_operator_token');
      const wrong = await call(cloud, route.method, path, { operator: 'op_wrong' });
      expect(wrong.status, path).toBe(401);
      expect(wrong.json().code).toBe('invalid_operator_token');
    }
  });

  it('creates a merchant and a key the running cloud accepts; lists both', async () => {
    const merchant = (await admin(cloud, 'POST', '/merchants', { body: { name: 'Admin SRL' } })).json();
    expect(merchant).toMatchObject({ name: 'Admin SRL', integrationActive: false });
    const created = await admin(cloud, 'POST', `/merchants/${merchant.id}/keys`, {
      body: { scopes: ['products:read'], name: 'shop' },
    });
    expect(created.status).toBe(201);
    const key = created.json();
    expect((await ping(key.key)).status).toBe(403);
    await admin(cloud, 'PUT', `/merchants/${merchant.id}/integration`, { body: { active: true } });
    expect((await ping(key.key)).status).toBe(200);
    const merchants = (await admin(cloud, 'GET', '/merchants')).json().data;
    expect(merchants).toContainEqual({
      id: merchant.id,
      name: 'Admin SRL',
      integrationActive: true,
      idno: null,
      address: null,
    });
    const keys = (await admin(cloud, 'GET', `/merchants/${merchant.id}/keys`)).json().data;
    expect(keys).toEqual([expect.objectContaining({ id: key.id, name: 'shop', lastFour: key.lastFour })]);
    expect(JSON.stringify(keys)).not.toContain(key.key);
  });

  it('rotates a key once: a second rotation is refused, and the successor is the one live key', async () => {
    const merchant = (
      await admin(cloud, 'POST', '/merchants', { body: { name: 'R', integrationActive: true } })
    ).json();
    const key = (
      await admin(cloud, 'POST', `/merchants/${merchant.id}/keys`, { body: { scopes: ['products:read'] } })
    ).json();
    const rotated = await admin(cloud, 'POST', `/keys/${key.id}/rotate`, { body: { graceSeconds: 60 } });
    expect(rotated.status).toBe(201);
    const again = await admin(cloud, 'POST', `/keys/${key.id}/rotate`, { body: { graceSeconds: 60 } });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: 'key_already_rotated' });
    const keys = (await admin(cloud, 'GET', `/merchants/${merchant.id}/keys`)).json().data;
    expect(keys).toHaveLength(2);
    expect((await admin(cloud, 'POST', `/keys/${rotated.json().id}/revoke`)).status).toBe(200);
    expect((await ping(rotated.json().key)).status).toBe(401);
  });

  it('answers 404 problem details, never SQL, for a key of an unknown merchant', async () => {
    const res = await admin(cloud, 'POST', '/merchants/mer_missing/keys', {
      body: { scopes: ['products:read'] },
    });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(res.text).not.toMatch(/insert|select|api_keys/i);
    const badScope = await admin(cloud, 'POST', '/merchants/mer_missing/keys', {
      body: { scopes: ['nope'] },
    });
    expect(badScope.json().errors[0].path).toBe('body.scopes.0');
  });

  it('saves products and stock with bounded numbers; seeds demo data with a whole count only', async () => {
    const merchant = (await admin(cloud, 'POST', '/merchants', { body: { name: 'P' } })).json();
    const product = { name: { ro: 'Pâine' }, price: 1.37, vatCode: 'A', unit: 'pcs' };
    const saved = await admin(cloud, 'PUT', `/merchants/${merchant.id}/products/P-1`, { body: product });
    expect(saved.json()).toMatchObject({ code: 'P-1', price: 1.37, onHand: 0 });
    const stock = await admin(cloud, 'PUT', `/merchants/${merchant.id}/products/P-1/stock`, {
      body: { onHand: 2.5 },
    });
    expect(stock.json().onHand).toBe(2.5);
    for (const price of [0, 1.001, 1e12]) {
      const refused = await admin(cloud, 'PUT', `/merchants/${merchant.id}/products/P-2`, {
        body: { ...product, price },
      });
      expect(refused.status, String(price)).toBe(400);
      expect(refused.json().errors[0].path).toBe('body.price');
    }
    const seeded = await admin(cloud, 'POST', '/demo', { body: { products: 'abc' } });
    expect(seeded.status).toBe(400);
    expect(seeded.json().errors[0].path).toBe('body.products');
  });

  it('replays an Idempotency-Key retry (without the key shown once) and refuses it for another request', async () => {
    const headers = { 'idempotency-key': `idem-${driver}-1` };
    const first = await admin(cloud, 'POST', '/demo', { body: { products: 1 }, headers });
    expect(first.status).toBe(201);
    const retry = await admin(cloud, 'POST', '/demo', { body: { products: 1 }, headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json().merchantId).toBe(first.json().merchantId);
    expect(retry.json().key).toBeUndefined();
    const other = await admin(cloud, 'POST', '/demo', { body: { products: 2 }, headers });
    expect(other.status).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    const merchants = (await admin(cloud, 'GET', '/merchants')).json().data;
    expect(merchants.filter((m: { id: string }) => m.id === first.json().merchantId)).toHaveLength(1);
  });

  it('audits every change with its operation, path, status, request id and subject, never the body', async () => {
    const res = await admin(cloud, 'POST', '/merchants', {
      body: { name: 'Audited shop', address: 'SECRET-ADDRESS' },
    });
    const rows = await database.db.select().from(adminAuditLog);
    const entry = rows.find((r) => r.requestId === res.headers.get('x-request-id'));
    // The new merchant is the subject, named as it was then, and the merchant whose Activity has it.
    expect(entry).toMatchObject({
      operation: 'adminCreateMerchant',
      method: 'POST',
      path: '/api/admin/v1/merchants',
      status: 201,
      merchantId: res.json().id,
      subjectKind: 'merchant',
      subjectId: res.json().id,
      subjectName: 'Audited shop',
    });
    expect(JSON.stringify(rows)).not.toContain('SECRET-ADDRESS');
    expect(rows.some((r) => r.status === 409 && r.operation === 'adminRotateKey')).toBe(true);
  });
});
