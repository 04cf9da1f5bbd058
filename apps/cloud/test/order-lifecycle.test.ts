// The order lifecycle: its transition table, the confirm and cancel endpoints (idempotent,
// refusing what the table refuses) and the order.updated event committed with each change.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema.js';
import { decideTransition, ORDER_STATUSES, ORDER_TRANSITIONS } from '../src/orders/order-lifecycle.js';
import { saveProduct } from '../src/products/save-product.js';
import type { Cloud } from '../src/server.js';
import {
  admin,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';

describe('order transition table', () => {
  it('allows draft -> confirmed -> fulfilled and cancelling before fulfilment, nothing else', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => decideTransition(from, to) === 'change').map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      ['confirmed->cancelled', 'confirmed->fulfilled', 'draft->cancelled', 'draft->confirmed'].sort(),
    );
    for (const status of ORDER_STATUSES) expect(decideTransition(status, status)).toBe('already');
    expect(ORDER_TRANSITIONS.fulfilled).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(decideTransition('fulfilled', 'cancelled')).toBe('refused');
  });
});

describe.each(DRIVERS)('order lifecycle on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;
  let serial = 0;
  const get = (path: string) => call(cloud, 'GET', `/api/public/v1${path}`, { key: m.key.key });
  const post = (path: string, body?: unknown) =>
    call(cloud, 'POST', `/api/public/v1${path}`, { key: m.key.key, body });

  async function newOrder(): Promise<{ id: string; updatedAt: string }> {
    const res = await post('/orders', {
      externalOrderId: `LIFE-${++serial}`,
      customer: { name: 'C' },
      lines: [{ productCode: 'L-1', quantity: 2 }],
    });
    expect(res.status).toBe(201);
    return res.json();
  }

  /** The order.updated events stored for one order, oldest first. */
  async function updatedEvents(orderId: string) {
    const rows = await database.db
      .select()
      .from(events)
      .where(and(eq(events.merchantId, m.merchantId), eq(events.type, 'order.updated')))
      .orderBy(events.createdAt);
    return rows
      .map(
        (r) =>
          r.data as { object: { id: string; status: string }; previousAttributes: Record<string, unknown> },
      )
      .filter((d) => d.object.id === orderId);
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { rateLimit: { max: 100_000, windowMs: 60_000 } });
    m = await seedMerchant(database);
    await saveProduct(database.db, m.merchantId, {
      code: 'L-1',
      name: { ro: 'L' },
      priceMinor: 250,
      vatCode: 'B',
      unit: 'pcs',
    });
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('confirms a draft once; confirming again changes nothing and emits nothing', async () => {
    const created = await newOrder();
    const res = await post(`/orders/${created.id}/confirm`);
    expect(res.status).toBe(200);
    const confirmed = res.json();
    expect(confirmed).toMatchObject({ id: created.id, status: 'confirmed', cancelledAt: null });
    expect(Date.parse(confirmed.confirmedAt)).toBeGreaterThan(0);
    expect(confirmed.updatedAt >= created.updatedAt).toBe(true);
    expect(res.headers.get('idempotent-replayed')).toBeNull();

    const again = await post(`/orders/${created.id}/confirm`);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json()).toEqual(confirmed);
    expect((await get(`/orders/${created.id}`)).json()).toEqual(confirmed);

    const emitted = await updatedEvents(created.id);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.object).toEqual(confirmed);
    // The changed attributes with their earlier values (updatedAt too, unless within the same ms).
    const { updatedAt, ...previous } = emitted[0]!.previousAttributes;
    expect(previous).toEqual({ status: 'draft', confirmedAt: null });
    expect([undefined, created.updatedAt]).toContain(updatedAt);
  });

  it('cancels a confirmed order with a reason, idempotently, keeping the first reason', async () => {
    const created = await newOrder();
    await post(`/orders/${created.id}/confirm`);
    const res = await post(`/orders/${created.id}/cancel`, { reason: 'inventory' });
    expect(res.status).toBe(200);
    const cancelled = res.json();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'inventory' });
    expect(Date.parse(cancelled.cancelledAt)).toBeGreaterThan(0);
    const again = await post(`/orders/${created.id}/cancel`, { reason: 'customer' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json()).toEqual(cancelled);

    const emitted = await updatedEvents(created.id);
    expect(emitted.map((e) => [e.previousAttributes.status, e.object.status])).toEqual([
      ['draft', 'confirmed'],
      ['confirmed', 'cancelled'],
    ]);
  });

  it('cancels a draft without a body, recording the reason as other', async () => {
    const created = await newOrder();
    const res = await post(`/orders/${created.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'other', confirmedAt: null });
  });

  it('refuses to cancel a fulfilled order or confirm a cancelled one, with 409 problem details', async () => {
    const created = await newOrder();
    await post(`/orders/${created.id}/confirm`);
    const fulfilled = (
      await admin(cloud, 'POST', `/merchants/${m.merchantId}/orders/${created.id}/fulfill`)
    ).json() as { status: string; fulfilledAt: string };
    expect(fulfilled.status).toBe('fulfilled');

    const refused = await post(`/orders/${created.id}/cancel`, { reason: 'customer' });
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({
      status: 409,
      code: 'order_status_conflict',
      type: 'urn:fiscal-pos:problem:order-status-conflict',
    });
    expect((await get(`/orders/${created.id}`)).json()).toMatchObject({
      status: 'fulfilled',
      cancelledAt: null,
    });
    expect((await updatedEvents(created.id)).map((e) => e.object.status)).toEqual(['confirmed', 'fulfilled']);

    const cancelled = await newOrder();
    await post(`/orders/${cancelled.id}/cancel`);
    expect((await post(`/orders/${cancelled.id}/confirm`)).status).toBe(409);
    const refusedFulfil = await admin(
      cloud,
      'POST',
      `/merchants/${m.merchantId}/orders/${cancelled.id}/fulfill`,
    );
    expect(refusedFulfil.status).toBe(409);
    expect(refusedFulfil.json().detail).toMatch(/cancelled order cannot become fulfilled/);
  });

  it('answers 404 for an unknown order and 400 for an unknown reason', async () => {
    expect((await post('/orders/ord_missing/cancel')).status).toBe(404);
    const created = await newOrder();
    const bad = await post(`/orders/${created.id}/cancel`, { reason: 'bored' });
    expect(bad.status).toBe(400);
    expect(bad.json().errors[0].path).toBe('body.reason');
    expect((await get(`/orders/${created.id}`)).json().status).toBe('draft');
  });

  it('settles concurrent cancellations on one change and one event', async () => {
    const created = await newOrder();
    const results = await Promise.all([1, 2, 3].map(() => post(`/orders/${created.id}/cancel`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await updatedEvents(created.id)).toHaveLength(1);
  });

  it('lists orders by status and shows a change to incremental syncs', async () => {
    const created = await newOrder();
    const before = (await get(`/orders/${created.id}`)).json().updatedAt;
    const cancelled = (await post(`/orders/${created.id}/cancel`)).json();
    const byStatus = (await get('/orders?status=cancelled&limit=200')).json().data;
    expect(byStatus.map((o: { id: string }) => o.id)).toContain(created.id);
    expect(byStatus.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const since = (await get(`/orders?updatedSince=${encodeURIComponent(cancelled.updatedAt)}`)).json().data;
    expect(since.map((o: { id: string }) => o.id)).toContain(created.id);
    expect(cancelled.updatedAt >= before).toBe(true);
  });
});
