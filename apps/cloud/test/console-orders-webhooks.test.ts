// The console's orders and webhooks over real HTTP, each action through the integration API's
// use case: an order confirmed, fulfilled or cancelled in the console emits the same
// order.updated; a webhook endpoint registered, tested, disabled (no deliveries at all while
// disabled), enabled again, its secret rotated (shown once), its delivery log with attempts and
// answers, a redelivery. Roles are enforced by the server, and another merchant's ids answer 404.
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, webhookDeliveries } from '../src/db/schema.js';
import { saveProduct } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type ConsoleBrowser } from './console-harness.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';
import { HttpsReceiver, selfSignedCertificate, waitFor } from './https-receiver.js';

const tls = selfSignedCertificate();

describe.each(DRIVERS)('console orders and webhooks on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let receiver: HttpsReceiver;
  let base: string;
  let a: TestMerchant;
  let b: TestMerchant;
  let viewer: ConsoleBrowser;
  let manager: ConsoleBrowser;
  let owner: ConsoleBrowser;
  let ownerOfB: ConsoleBrowser;
  let orderSeq = 0;

  const createOrder = async (m: TestMerchant) => {
    const res = await call(cloud, 'POST', '/api/public/v1/orders', {
      key: m.key.key,
      body: {
        externalOrderId: `WEB-${++orderSeq}`,
        customer: { name: 'Ion' },
        lines: [{ productCode: 'P-1', quantity: 2 }],
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json() as { id: string; status: string };
  };
  const signIn = async (m: TestMerchant, role: 'viewer' | 'manager' | 'owner') =>
    signInConsole(cloud, await seedConsoleUser(database, { merchantId: m.merchantId, role }));

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { runWorker: true }, { extraCa: tls.cert });
    receiver = new HttpsReceiver(tls);
    base = await receiver.listen();
    a = await seedMerchant(database, { name: 'A' });
    b = await seedMerchant(database, { name: 'B' });
    for (const m of [a, b])
      await saveProduct(database.db, m.merchantId, {
        code: 'P-1',
        name: { ro: 'P' },
        priceMinor: 500,
        vatCode: 'B',
        unit: 'pcs',
      });
    viewer = await signIn(a, 'viewer');
    manager = await signIn(a, 'manager');
    owner = await signIn(a, 'owner');
    ownerOfB = await signIn(b, 'owner');
  });
  afterAll(async () => {
    await cloud?.close();
    await receiver?.close();
    await database?.close();
  });

  it('lists orders newest first, by status and day, and shows one', async () => {
    const first = await createOrder(a);
    const second = await createOrder(a);
    await createOrder(b);
    const list = (await viewer.call('GET', '/orders?limit=1')).json();
    expect(list.data.map((o: { id: string }) => o.id)).toEqual([second.id]);
    const next = (await viewer.call('GET', `/orders?limit=5&cursor=${list.nextCursor}`)).json();
    expect(next.data.map((o: { id: string }) => o.id)).toEqual([first.id]);
    expect(next.nextCursor).toBeNull();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Chisinau' });
    expect(
      (await viewer.call('GET', `/orders?status=draft&from=${today}&to=${today}`)).json().data,
    ).toHaveLength(2);
    expect((await viewer.call('GET', '/orders?status=confirmed')).json().data).toHaveLength(0);
    expect((await viewer.call('GET', '/orders?from=2000-01-01&to=2000-01-02')).json().data).toHaveLength(0);
    expect((await viewer.call('GET', '/orders?from=0000-01-01')).status).toBe(400);
    expect((await viewer.call('GET', `/orders/${first.id}`)).json()).toMatchObject({
      id: first.id,
      status: 'draft',
    });
  });

  it('confirms, fulfils and cancels through the use case the integration API calls, with its events', async () => {
    const order = await createOrder(a);
    const confirmed = await manager.call('POST', `/orders/${order.id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    expect((await manager.call('POST', `/orders/${order.id}/fulfil`)).json().status).toBe('fulfilled');
    // Final: a fulfilled order cannot be cancelled.
    const refused = await manager.call('POST', `/orders/${order.id}/cancel`, { reason: 'customer' });
    expect(refused.status).toBe(409);
    expect(refused.json().code).toBe('order_status_conflict');
    const other = await createOrder(a);
    const cancelled = await owner.call('POST', `/orders/${other.id}/cancel`, { reason: 'customer' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    const updates = await database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.merchantId, a.merchantId), eq(events.type, 'order.updated')));
    const statuses = updates.map((e) => (e.data as { object: { id: string; status: string } }).object);
    expect(statuses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: order.id, status: 'confirmed' }),
        expect.objectContaining({ id: order.id, status: 'fulfilled' }),
        expect.objectContaining({ id: other.id, status: 'cancelled' }),
      ]),
    );
  });

  it('manages an endpoint: register, test, disable (nothing delivered), enable, rotate, log, redeliver', async () => {
    const created = await owner.call('POST', '/webhooks', {
      url: `${base}/console-hook`,
      events: ['order.created', 'order.updated'],
    });
    expect(created.status, created.text).toBe(201);
    const endpoint = created.json() as { id: string; secret: string };
    expect(endpoint.secret).toMatch(/^whsec_/);
    receiver.expect('/console-hook', endpoint.secret);
    const listed = (await viewer.call('GET', '/webhooks')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: endpoint.id, status: 'enabled' })]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const tested = await manager.call('POST', `/webhooks/${endpoint.id}/test`);
    expect(tested.status).toBe(202);
    await waitFor(() => receiver.acknowledged().some((r) => r.event === 'ping'), 'the test event');
    expect(receiver.received.find((r) => r.event === 'ping')!.verified).toBe(true);

    const disabled = await owner.call('POST', `/webhooks/${endpoint.id}/disable`);
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabledReason: 'manual' });
    const disabledAt = new Date();
    // Events while disabled queue no delivery for it, and a test event is refused.
    await createOrder(a);
    expect((await manager.call('POST', `/webhooks/${endpoint.id}/test`)).status).toBe(404);
    const queued = await database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), gt(webhookDeliveries.createdAt, disabledAt)));
    expect(queued).toEqual([]);

    expect((await owner.call('POST', `/webhooks/${endpoint.id}/enable`)).json()).toMatchObject({
      status: 'enabled',
      disabledReason: null,
    });
    const rotated = await owner.call('POST', `/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).not.toBe(endpoint.secret);
    receiver.expect('/console-hook', secret);
    receiver.respond = () => ({ status: 503 });
    receiver.received.length = 0;
    await createOrder(a);
    await waitFor(async () => {
      const log = (await viewer.call('GET', `/webhooks/${endpoint.id}/deliveries?status=failed`)).json();
      return log.data.length > 0;
    }, 'a failed delivery');
    const log = (await viewer.call('GET', `/webhooks/${endpoint.id}/deliveries`)).json();
    const failed = log.data.find((d: { status: string }) => d.status === 'failed');
    expect(failed.eventType).toBe('order.created');
    expect(failed.attemptLog.length).toBeGreaterThan(0);
    expect(failed.attemptLog[0]).toMatchObject({ statusCode: 503 });
    expect(receiver.received.every((r) => r.verified)).toBe(true);

    receiver.respond = () => ({ status: 200 });
    expect(
      (await manager.call('POST', `/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver`)).status,
    ).toBe(202);
    await waitFor(() => receiver.acknowledged().some((r) => r.webhookId === failed.id), 'the redelivery');

    expect((await owner.call('DELETE', `/webhooks/${endpoint.id}`)).status).toBe(204);
    expect((await viewer.call('GET', '/webhooks')).json().data).toEqual([]);
  });

  it('refuses what a role may not do, with 403 role_forbidden', async () => {
    const order = await createOrder(a);
    const endpoint = (
      await owner.call('POST', '/webhooks', { url: `${base}/roles-hook`, events: ['order.created'] })
    ).json() as { id: string };
    const cases: [ConsoleBrowser, string, string, unknown?][] = [
      [viewer, 'POST', `/orders/${order.id}/confirm`],
      [viewer, 'POST', `/orders/${order.id}/cancel`],
      [viewer, 'POST', `/orders/${order.id}/fulfil`],
      [viewer, 'POST', `/webhooks/${endpoint.id}/test`],
      [viewer, 'POST', `/webhooks/${endpoint.id}/deliveries/msg_x/redeliver`],
      [manager, 'POST', '/webhooks', { url: `${base}/x`, events: ['order.created'] }],
      [manager, 'DELETE', `/webhooks/${endpoint.id}`],
      [manager, 'POST', `/webhooks/${endpoint.id}/disable`],
      [manager, 'POST', `/webhooks/${endpoint.id}/enable`],
      [manager, 'POST', `/webhooks/${endpoint.id}/rotate-secret`],
    ];
    for (const [who, method, path, body] of cases) {
      const res = await who.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('role_forbidden');
    }
    // Nothing changed.
    expect((await viewer.call('GET', `/orders/${order.id}`)).json().status).toBe('draft');
    expect((await viewer.call('GET', '/webhooks')).json().data).toEqual([
      expect.objectContaining({ id: endpoint.id, status: 'enabled' }),
    ]);
  });

  it('answers 404 for another merchant’s order, endpoint and delivery, and changes nothing', async () => {
    const order = await createOrder(a);
    const endpoint = (
      await owner.call('POST', '/webhooks', { url: `${base}/mine`, events: ['order.created'] })
    ).json() as { id: string };
    const cases: [string, string][] = [
      ['GET', `/orders/${order.id}`],
      ['POST', `/orders/${order.id}/confirm`],
      ['POST', `/orders/${order.id}/cancel`],
      ['POST', `/orders/${order.id}/fulfil`],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/webhooks/${endpoint.id}/test`],
      ['POST', `/webhooks/${endpoint.id}/disable`],
      ['POST', `/webhooks/${endpoint.id}/enable`],
      ['POST', `/webhooks/${endpoint.id}/rotate-secret`],
      ['POST', `/webhooks/${endpoint.id}/deliveries/msg_x/redeliver`],
      ['DELETE', `/webhooks/${endpoint.id}`],
    ];
    for (const [method, path] of cases) {
      const res = await ownerOfB.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await ownerOfB.call('GET', '/webhooks')).json().data).toEqual([]);
    expect(
      (await ownerOfB.call('GET', '/orders')).json().data.map((o: { id: string }) => o.id),
    ).not.toContain(order.id);
    expect((await viewer.call('GET', `/orders/${order.id}`)).json().status).toBe('draft');
  });

  it('needs a session and, for changes, the CSRF token', async () => {
    expect((await call(cloud, 'GET', '/api/console/v1/sales')).status).toBe(401);
    const order = await createOrder(a);
    const res = await manager.call('POST', `/orders/${order.id}/confirm`, undefined, {
      'x-csrf-token': 'wrong',
    });
    expect(res.status).toBe(403);
    expect(res.json().code).toBe('csrf_token_invalid');
  });
});
