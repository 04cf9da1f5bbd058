// The shared security suite: every v1 route, with no key, a malformed key, an unknown key, a
// revoked key, an expired rotated key, a key without the scope, a merchant whose module is off,
// and another merchant's key aimed at this merchant's resources.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, revokeKey, rotateKey } from '../src/keys/keys.js';
import { generateApiKey } from '../src/keys/api-key.js';
import { SCOPES, type Scope } from '../src/keys/scopes.js';
import { createOrder } from '../src/orders/create-order.js';
import { saveContentBlock, saveProduct } from '../src/products/save-product.js';
import { V1_ROUTES } from '../src/routes.js';
import type { Cloud } from '../src/server.js';
import { emitEvent } from '../src/events/emit-event.js';
import { terminals, webhookEndpoints } from '../src/db/schema.js';
import { ingestDocuments } from '../src/documents/ingest-documents.js';
import { fiscalDocument } from './documents-fixture.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testSecrets,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

/** Identifiers of merchant A that merchant B must never see. */
interface Fixture {
  productCode: string;
  productId: string;
  orderId: string;
  webhookId: string;
  deliveryId: string;
  saleId: string;
}

/** A well-formed request per operation; a route added without one fails this suite. */
const SAMPLES: Record<
  string,
  (f: Fixture) => { path: string; body?: unknown; headers?: Record<string, string> }
> = {
  ping: () => ({ path: '/ping' }),
  listProducts: () => ({ path: '/products' }),
  getProduct: (f) => ({ path: `/products/${f.productCode}` }),
  createProduct: () => ({
    path: '/products',
    body: { code: 'SEC-NEW', name: { ro: 'N' }, price: 1, vatCode: 'B', unit: 'pcs' },
  }),
  updateProduct: (f) => ({
    path: `/products/${f.productCode}`,
    body: { code: 'SEC-RENAMED', name: { ro: 'N' }, price: 1, vatCode: 'B', unit: 'pcs' },
  }),
  deleteProduct: (f) => ({ path: `/products/${f.productCode}` }),
  createInventoryAdjustment: (f) => ({
    path: '/inventory/adjustments',
    body: { productId: f.productId, delta: 1, reason: 'security' },
    headers: { 'idempotency-key': 'sec-adjustment' },
  }),
  listContentBlocks: () => ({ path: '/content-blocks' }),
  getInventory: (f) => ({ path: `/inventory?productCode=${f.productCode}` }),
  createOrder: (f) => ({
    path: '/orders',
    body: {
      externalOrderId: 'SEC-2',
      customer: { name: 'X' },
      lines: [{ productCode: f.productCode, quantity: 1 }],
    },
  }),
  listOrders: () => ({ path: '/orders' }),
  getOrder: (f) => ({ path: `/orders/${f.orderId}` }),
  listSales: () => ({ path: '/sales' }),
  getSale: (f) => ({ path: `/sales/${f.saleId}` }),
  confirmOrder: (f) => ({ path: `/orders/${f.orderId}/confirm` }),
  cancelOrder: (f) => ({ path: `/orders/${f.orderId}/cancel`, body: { reason: 'fraud' } }),
  createWebhook: () => ({
    path: '/webhooks',
    body: { url: 'https://127.0.0.1:9/hook', events: ['order.created'] },
  }),
  listWebhooks: () => ({ path: '/webhooks' }),
  deleteWebhook: (f) => ({ path: `/webhooks/${f.webhookId}` }),
  pingWebhook: (f) => ({ path: `/webhooks/${f.webhookId}/ping` }),
  listWebhookDeliveries: (f) => ({ path: `/webhooks/${f.webhookId}/deliveries` }),
  redeliverWebhook: (f) => ({ path: `/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/redeliver` }),
  rotateWebhookSecret: (f) => ({ path: `/webhooks/${f.webhookId}/rotate-secret`, body: { graceSeconds: 0 } }),
};

const ROUTES = V1_ROUTES.map((route) => ({ route, name: `${route.method} ${route.path}` }));

describe.each(DRIVERS)('security suite on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let a: TestMerchant;
  let b: TestMerchant;
  let inactive: TestMerchant;
  let revokedKey: string;
  let expiredKey: string;
  const fixture = {} as Fixture;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 100_000, windowMs: 60_000 } });
    a = await seedMerchant(database, { name: 'A' });
    b = await seedMerchant(database, { name: 'B' });
    inactive = await seedMerchant(database, { active: false });
    const db = database.db;
    fixture.productCode = 'A-SECRET-PRODUCT';
    const secret = await saveProduct(db, a.merchantId, {
      code: fixture.productCode,
      name: { ro: 'A-SECRET-NAME' },
      priceMinor: 1000,
      vatCode: 'B',
      unit: 'pcs',
    });
    fixture.productId = secret.id;
    await saveContentBlock(db, a.merchantId, { key: 'a-secret-block', labels: { ro: 'A-SECRET-LABEL' } });
    await saveProduct(db, b.merchantId, {
      code: 'B-PRODUCT',
      name: { ro: 'B' },
      priceMinor: 1000,
      vatCode: 'B',
      unit: 'pcs',
    });
    await saveProduct(db, inactive.merchantId, {
      code: fixture.productCode,
      name: { ro: 'I' },
      priceMinor: 1000,
      vatCode: 'B',
      unit: 'pcs',
    });
    const order = await createOrder(db, {
      merchantId: a.merchantId,
      body: {
        externalOrderId: 'A-SECRET-ORDER',
        customer: { name: 'A-SECRET-CUSTOMER' },
        lines: [{ productCode: fixture.productCode, quantity: 1 }],
      },
    });
    fixture.orderId = order.order.id;
    const terminalId = 'trm_asecretterminal0000000';
    await db.insert(terminals).values({
      id: terminalId,
      merchantId: a.merchantId,
      name: 'A',
      status: 'active',
      createdAt: new Date(),
    });
    const receipt = fiscalDocument([{ productId: secret.id, quantityMilli: 1000 }]);
    receipt.lines[0]!.name = 'A-SECRET-NAME';
    await ingestDocuments(db, { merchantId: a.merchantId, terminalId }, [receipt]);
    const [sale] = await db.query.fiscalDocuments.findMany({
      where: (d, { eq }) => eq(d.terminalId, terminalId),
    });
    fixture.saleId = sale!.id;
    fixture.webhookId = 'we_asecretendpoint0000000';
    await db.insert(webhookEndpoints).values({
      id: fixture.webhookId,
      merchantId: a.merchantId,
      url: 'https://a-secret.example/hook',
      events: ['order.created'],
      secretCiphertext: testSecrets.seal('whsec_AAAA', fixture.webhookId).ciphertext,
      secretKeyId: testSecrets.currentKeyId,
      status: 'enabled',
    });
    await db.transaction((tx) =>
      emitEvent(tx, { merchantId: a.merchantId, type: 'ping', data: {}, onlyEndpointId: fixture.webhookId }),
    );
    const [delivery] = await db.query.webhookDeliveries.findMany({
      where: (d, { eq }) => eq(d.endpointId, fixture.webhookId),
    });
    fixture.deliveryId = delivery!.id;

    const revoked = await createKey(db, { merchantId: a.merchantId, scopes: [...SCOPES] });
    await revokeKey(db, revoked.id);
    revokedKey = revoked.key;
    const rotated = await createKey(db, { merchantId: a.merchantId, scopes: [...SCOPES] });
    await rotateKey(db, rotated.id, 0);
    expiredKey = rotated.key;
  });

  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  function send(route: (typeof V1_ROUTES)[number], key: string | undefined, f: Fixture = fixture) {
    const sample = SAMPLES[route.operationId];
    if (!sample) throw new Error(`no security sample for ${route.operationId}`);
    const { path, body, headers } = sample(f);
    return call(cloud, route.method, `/api/public/v1${path}`, { key, body, ...(headers ? { headers } : {}) });
  }

  it('has a sample request for every route', () => {
    expect(V1_ROUTES.map((r) => r.operationId).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  describe.each(ROUTES)('$name', ({ route }) => {
    it('answers 401 problem details without a key', async () => {
      const res = await send(route, undefined);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = res.json();
      expect(problem).toMatchObject({
        status: 401,
        code: 'missing_api_key',
        type: 'urn:fiscal-pos:problem:missing-api-key',
      });
      expect(problem.requestId).toBe(res.headers.get('x-request-id'));
    });

    it('answers 401 to malformed, unknown, revoked and expired keys', async () => {
      const unknown = generateApiKey().plaintext;
      const badChecksum = unknown.slice(0, -1) + (unknown.endsWith('A') ? 'B' : 'A');
      for (const key of ['nope', badChecksum, unknown, revokedKey, expiredKey]) {
        const res = await send(route, key);
        expect(res.status, key).toBe(401);
        expect(res.json().code).toBe('invalid_api_key');
      }
    });

    it('answers 403 when the module is inactive', async () => {
      const res = await send(route, inactive.key.key);
      expect(res.status).toBe(403);
      expect(res.json().code).toBe('module_inactive');
    });

    it.runIf(route.scopes.length > 0)('answers 403 to a key without the scope', async () => {
      const others = SCOPES.filter((s: Scope) => !route.scopes.includes(s));
      const key = await createKey(database.db, { merchantId: a.merchantId, scopes: others });
      const res = await send(route, key.key);
      expect(res.status).toBe(403);
      expect(res.json().code).toBe('insufficient_scope');
    });

    it.runIf(route.body !== undefined && route.bodyMediaType === undefined)(
      'answers 403 to a key without the scope, or of an inactive module, before validating the body',
      async () => {
        // A 400 naming the body's fields told a caller refused anyway what the route takes.
        const { path } = SAMPLES[route.operationId]!(fixture);
        const unknownField = { body: { notAField: true } };
        const inactiveAnswer = await call(cloud, route.method, `/api/public/v1${path}`, {
          key: inactive.key.key,
          ...unknownField,
        });
        expect(inactiveAnswer.status, inactiveAnswer.text).toBe(403);
        if (route.scopes.length === 0) return;
        const others = SCOPES.filter((s: Scope) => !route.scopes.includes(s));
        const key = await createKey(database.db, { merchantId: a.merchantId, scopes: others });
        const res = await call(cloud, route.method, `/api/public/v1${path}`, {
          key: key.key,
          ...unknownField,
        });
        expect(res.status, res.text).toBe(403);
        expect(res.json().code).toBe('insufficient_scope');
      },
    );

    it("never shows another merchant's data", async () => {
      const res = await send(route, b.key.key);
      expect(res.status).not.toBe(500);
      // Identifiers the request itself sent may be echoed; A's content never.
      expect(res.text).not.toMatch(/A-SECRET-(NAME|LABEL|CUSTOMER|ORDER)|a-secret\.example|a-secret-block/);
      if (route.path.includes('{')) expect(res.status).toBe(404);
    });
  });
});
