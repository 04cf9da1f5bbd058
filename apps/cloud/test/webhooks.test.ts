// Webhook registration, signed delivery to a real HTTPS receiver, retries, disabling,
// the delivery log and manual redelivery.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { webhookEndpoints } from '../src/db/schema.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setStock, saveProduct } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import { DeliveryWorker } from '../src/webhooks/delivery-worker.js';
import { UrlGuard } from '@fiscal-pos/url-guard';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testConfig,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';
import { HttpsReceiver, selfSignedCertificate, waitFor } from './https-receiver.js';
import { verifySpecSignature } from './spec-signature.js';

const tls = selfSignedCertificate();

describe.each(DRIVERS)('webhooks on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let receiver: HttpsReceiver;
  let base: string;
  let m: TestMerchant;
  let path = '';
  const api = (method: string, p: string, body?: unknown) =>
    call(cloud, method, `/api/public/v1${p}`, { key: m.key.key, body });

  async function register(events: string[]) {
    path = `/hook-${Math.random().toString(36).slice(2)}`;
    const res = await api('POST', '/webhooks', { url: base + path, events });
    expect(res.status).toBe(201);
    const endpoint = res.json();
    receiver.expect(path, endpoint.secret);
    return endpoint as { id: string; secret: string };
  }
  const order = (id: string) =>
    api('POST', '/orders', {
      externalOrderId: id,
      customer: { name: 'C' },
      lines: [{ productCode: 'W-1', quantity: 1 }],
    });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(
      database,
      { runWorker: true, rateLimit: { max: 100_000, windowMs: 60_000 } },
      { extraCa: tls.cert },
    );
    receiver = new HttpsReceiver(tls);
    base = await receiver.listen();
  });
  afterAll(async () => {
    await cloud?.close();
    await receiver?.close();
    await database?.close();
  });
  beforeEach(async () => {
    m = await seedMerchant(database);
    await saveProduct(database.db, m.merchantId, {
      code: 'W-1',
      name: { ro: 'W' },
      priceMinor: 500,
      vatCode: 'B',
      unit: 'pcs',
    });
    receiver.received.length = 0;
    receiver.respond = () => ({ status: 200 });
  });

  it('returns the secret once, lists without it, refuses non-https and non-public URLs', async () => {
    const endpoint = await register(['order.created']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const list = (await api('GET', '/webhooks')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('secret');
    for (const url of [
      'http://127.0.0.1/x',
      'https://10.0.0.1/x',
      'https://[::ffff:169.254.169.254]/x',
      // SIIT's translated form and NAT64's local-use prefix (both were taken as public)
      'https://[::ffff:0:169.254.169.254]/x',
      'https://[64:ff9b:1::a9fe:a9fe]/x',
      'https://user:pw@127.0.0.1/x',
    ]) {
      const res = await api('POST', '/webhooks', { url, events: ['order.created'] });
      expect(res.status, url).toBe(422);
      expect(res.json().code).toBe('url_not_allowed');
    }
    expect((await api('POST', '/webhooks', { url: base, events: ['nope'] })).status).toBe(400);
  });

  it('delivers a signed order.created that an independent verifier accepts, and only subscribed kinds', async () => {
    await register(['order.created']);
    const created = (await order('W-ORDER-1')).json();
    await setStock(database.db, m.merchantId, 'W-1', 5000); // inventory.updated: not subscribed
    await waitFor(() => receiver.acknowledged().length === 1, 'the delivery');
    const [got] = receiver.received;
    expect(got!.verified).toBe(true);
    expect(got!.event).toBe('order.created');
    expect(got!.webhookId).toMatch(/^msg_/);
    expect(got!.body).toMatchObject({ type: 'order.created', apiVersion: 'v1' });
    expect(got!.body.id).toMatch(/^evt_/);
    expect(got!.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(got!.body.data.object.id).toBe(created.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.map((r) => r.event)).toEqual(['order.created']);
  });

  it('delivers order.updated with the previous and new status when a shop cancels an order', async () => {
    await register(['order.updated']);
    const created = (await order('W-ORDER-CANCEL')).json();
    const cancelled = await api('POST', `/orders/${created.id}/cancel`, { reason: 'customer' });
    expect(cancelled.status).toBe(200);
    await waitFor(() => receiver.acknowledged().length === 1, 'the delivery');
    const [got] = receiver.received;
    expect(got!.verified).toBe(true);
    expect(got!.event).toBe('order.updated');
    expect(got!.body.data.object).toMatchObject({
      id: created.id,
      status: 'cancelled',
      cancelReason: 'customer',
    });
    expect(got!.body.data.previousAttributes).toMatchObject({ status: 'draft', cancelledAt: null });
    // A repeated cancel changes nothing, so nothing more is sent (order.created was not subscribed).
    expect((await api('POST', `/orders/${created.id}/cancel`)).headers.get('idempotent-replayed')).toBe(
      'true',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received).toHaveLength(1);
  });

  it('rotates the signing secret: both secrets sign during the grace window, then only the new one', async () => {
    const endpoint = await register(['order.created']);
    const rotated = await api('POST', `/webhooks/${endpoint.id}/rotate-secret`, { graceSeconds: 3600 });
    expect(rotated.status).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(3_500_000);
    receiver.expect(path, secret);
    await api('POST', `/webhooks/${endpoint.id}/ping`);
    await waitFor(() => receiver.acknowledged().length === 1, 'the delivery during the grace window');
    const during = receiver.received[0]!;
    expect(during.verified).toBe(true);
    expect(during.headers['x-service-signature']!.split(' ')).toHaveLength(2);
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    // A receiver still holding the old secret accepts it, with either recipe.
    expect(verifySpecSignature(endpoint.secret, during.headers, during.raw)).toBe(true);
    expect(() => new Webhook(endpoint.secret).verify(during.raw, during.headers)).not.toThrow();

    const again = await api('POST', `/webhooks/${endpoint.id}/rotate-secret`, { graceSeconds: 0 });
    expect(again.json().previousSecretExpiresAt).toBeNull();
    receiver.expect(path, again.json().secret);
    await api('POST', `/webhooks/${endpoint.id}/ping`);
    await waitFor(() => receiver.acknowledged().length === 2, 'the delivery after the grace window');
    const after = receiver.received[1]!;
    expect(after.verified).toBe(true);
    expect(after.headers['x-service-signature']!.split(' ')).toHaveLength(1);
    expect(verifySpecSignature(secret, after.headers, after.raw)).toBe(false);
  });

  it('stamps signatures with the injected clock', async () => {
    const endpoint = await register(['order.created']);
    await cloud.worker!.stop();
    const at = new Date('2026-01-01T00:00:00.000Z');
    const worker = new DeliveryWorker({
      db: database.db,
      config: testConfig({}, { extraCa: tls.cert }).webhooks,
      urlGuard: new UrlGuard({ protocols: ['https:'], alsoAllow: ['loopback'] }),
      secrets: cloud.ctx.secrets,
      logger: pino({ level: 'silent' }),
      clock: { now: () => at },
    });
    try {
      await api('POST', `/webhooks/${endpoint.id}/ping`);
      worker.start();
      await waitFor(() => receiver.received.length === 1, 'the delivery');
      const got = receiver.received[0]!;
      expect(got.headers['x-service-timestamp']).toBe(String(at.getTime() / 1000));
      expect(verifySpecSignature(endpoint.secret, got.headers, got.raw)).toBe(true);
    } finally {
      await worker.stop();
      cloud.worker!.start();
    }
  });

  it('retries failures with the same webhook id and logs every attempt', async () => {
    const endpoint = await register(['order.created']);
    let calls = 0;
    receiver.respond = () =>
      ++calls === 1
        ? { status: 500 }
        : calls === 2
          ? { status: 302, headers: { location: base } }
          : { status: 204 };
    await order('W-ORDER-2');
    await waitFor(() => receiver.acknowledged().length === 1, 'the third attempt');
    expect(new Set(receiver.received.map((r) => r.webhookId)).size).toBe(1);
    await waitFor(
      async () =>
        (await api('GET', `/webhooks/${endpoint.id}/deliveries`)).json().data[0].status === 'succeeded',
      'the log',
    );
    const [delivery] = (await api('GET', `/webhooks/${endpoint.id}/deliveries`)).json().data;
    expect(delivery.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 302, 204]);
    expect(delivery.attemptLog[0].responseExcerpt).toBe('ok');
  });

  it('decides by the status and reads at most 1 KiB of an answer that never ends', async () => {
    // Read to its end, the answer held the worker until WEBHOOK_TIMEOUT_MS, then counted as
    // unreachable and was sent again, forever.
    const endpoint = await register(['order.created']);
    receiver.respond = () => ({ status: 200, body: 'endless' });
    await order('W-ORDER-ENDLESS');
    const deliveries = async () => (await api('GET', `/webhooks/${endpoint.id}/deliveries`)).json().data;
    await waitFor(async () => (await deliveries())[0]?.status === 'succeeded', 'the delivery, by its status');
    const [delivery] = await deliveries();
    expect(delivery.attemptLog).toHaveLength(1);
    expect(delivery.attemptLog[0].statusCode).toBe(200);
    expect(delivery.attemptLog[0].responseExcerpt).toMatch(/^x{1,1024}$/);
    expect(delivery.attemptLog[0].latencyMs).toBeLessThan(10_000);
  });

  it('redelivers on request, with the same webhook id', async () => {
    const endpoint = await register(['order.created']);
    await order('W-ORDER-3');
    await waitFor(() => receiver.acknowledged().length === 1, 'the delivery');
    const [delivery] = (await api('GET', `/webhooks/${endpoint.id}/deliveries`)).json().data;
    await waitFor(
      async () =>
        (await api('GET', `/webhooks/${endpoint.id}/deliveries`)).json().data[0].status === 'succeeded',
      'the log',
    );
    expect((await api('POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`)).status).toBe(
      202,
    );
    await waitFor(() => receiver.acknowledged().length === 2, 'the redelivery');
    expect(receiver.received[1]!.webhookId).toBe(delivery.id);
  });

  it('disables an endpoint answering 410 and tells the merchant through its other endpoints', async () => {
    const watcher = await register(['webhook_endpoint.disabled']);
    const watcherPath = path;
    const gone = await register(['order.created']);
    const gonePath = path;
    receiver.respond = (r) => (r.event === 'order.created' ? { status: 410 } : { status: 200 });
    await order('W-ORDER-4');
    await waitFor(
      () => receiver.received.some((r) => r.event === 'webhook_endpoint.disabled'),
      'the disabled event',
    );
    const endpoints = (await api('GET', '/webhooks')).json().data;
    expect(endpoints.find((e: { id: string }) => e.id === gone.id)).toMatchObject({
      status: 'disabled',
      disabledReason: 'gone',
    });
    expect(endpoints.find((e: { id: string }) => e.id === watcher.id).status).toBe('enabled');
    const notice = receiver.received.find((r) => r.event === 'webhook_endpoint.disabled')!;
    expect(notice.verified).toBe(true);
    expect(notice.body.data.object).toMatchObject({ id: gone.id, reason: 'gone' });
    expect([watcherPath, gonePath]).toHaveLength(2);
  });

  it('disables an endpoint that keeps failing past the configured period', async () => {
    const endpoint = await register(['order.created']);
    receiver.respond = () => ({ status: 503 });
    // As if it had been failing for four days (the default limit is three).
    await database.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await order('W-ORDER-5');
    await waitFor(
      async () =>
        (await api('GET', '/webhooks')).json().data.find((e: { id: string }) => e.id === endpoint.id)
          .status === 'disabled',
      'the endpoint to be disabled',
    );
    expect((await api('GET', '/webhooks')).json().data[0].disabledReason).toBe('failing');
  });

  it('pings one endpoint and deletes it', async () => {
    const endpoint = await register(['order.created']);
    expect((await api('POST', `/webhooks/${endpoint.id}/ping`)).status).toBe(202);
    await waitFor(() => receiver.acknowledged().length === 1, 'the ping');
    expect(receiver.received[0]!.event).toBe('ping');
    expect((await api('DELETE', `/webhooks/${endpoint.id}`)).status).toBe(204);
    expect((await api('GET', '/webhooks')).json().data).toEqual([]);
    expect((await api('DELETE', `/webhooks/${endpoint.id}`)).status).toBe(404);
  });

  it('checks the address again at delivery: a worker without loopback permission refuses', async () => {
    const endpoint = await register(['order.created']);
    await cloud.worker!.stop();
    try {
      await order('W-ORDER-6');
      const strict = new DeliveryWorker({
        db: database.db,
        config: testConfig({}, { allowLoopback: false, extraCa: tls.cert }).webhooks,
        urlGuard: new UrlGuard({ protocols: ['https:'], alsoAllow: [] }),
        secrets: cloud.ctx.secrets,
        logger: pino({ level: 'silent' }),
      });
      strict.start();
      await waitFor(
        async () => (await api('GET', `/webhooks/${endpoint.id}/deliveries`)).json().data[0]?.attempts >= 1,
        'the refused attempt',
      );
      await strict.stop();
      expect(receiver.received).toHaveLength(0);
      const [delivery] = (await api('GET', `/webhooks/${endpoint.id}/deliveries`)).json().data;
      expect(delivery.attemptLog[0].error).toMatch(/address refused/);
    } finally {
      cloud.worker!.start();
    }
  });

  it('two workers sharing the database never send a delivery twice', async () => {
    await register(['order.created']);
    await cloud.worker!.stop();
    try {
      for (let i = 0; i < 40; i++) await order(`W-MANY-${i}`);
      const workers = [1, 2].map(
        () =>
          new DeliveryWorker({
            db: database.db,
            config: testConfig({}, { extraCa: tls.cert, batchSize: 5 }).webhooks,
            urlGuard: new UrlGuard({ protocols: ['https:'], alsoAllow: ['loopback'] }),
            secrets: cloud.ctx.secrets,
            logger: pino({ level: 'silent' }),
          }),
      );
      workers.forEach((w) => w.start());
      const mine = () => receiver.received.filter((r) => r.path === path);
      await waitFor(() => mine().filter((r) => r.acknowledged).length >= 40, 'all deliveries');
      await new Promise((r) => setTimeout(r, 200));
      await Promise.all(workers.map((w) => w.stop()));
      const ids = mine().map((r) => r.webhookId);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    } finally {
      cloud.worker!.start();
    }
  });
});
