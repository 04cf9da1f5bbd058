// Registrations of webhook endpoints by a careless integration, over real HTTP:
// - at most 16 live endpoints per merchant, also when it registers them all at once: the count
//   and the insert were two statements, so concurrent registrations all counted 15 and each
//   added one (19 endpoints on PostgreSQL);
// - a retry of a registration whose answer was lost (a timeout), with its Idempotency-Key, gets
//   the endpoint back: it made a second endpoint, so every event was delivered twice under two
//   webhook ids (a receiver deduplicating on the id processed each order twice), one of them
//   signed with a secret the integration never saw. Only the API key that registered it gets
//   it back: another key of the merchant guessing the Idempotency-Key must not read its secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../src/keys/keys.js';
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

describe.each(DRIVERS)('webhook registrations on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let m: TestMerchant;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database);
    m = await seedMerchant(database);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const register = (body: unknown, idempotencyKey?: string) =>
    call(cloud, 'POST', '/api/public/v1/webhooks', {
      key: m.key.key,
      body,
      ...(idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } }),
    });
  const live = async () =>
    (await call(cloud, 'GET', '/api/public/v1/webhooks', { key: m.key.key })).json().data;
  const remove = async (id: string) =>
    expect((await call(cloud, 'DELETE', `/api/public/v1/webhooks/${id}`, { key: m.key.key })).status).toBe(
      204,
    );

  it('answers a retry with its Idempotency-Key with the endpoint it registered, secret included', async () => {
    const body = { url: 'https://127.0.0.1:9/retried', events: ['order.created'] };
    const first = await register(body, 'register-1');
    expect(first.status, first.text).toBe(201);
    const again = await register(body, 'register-1');
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await live()).toHaveLength(1);

    const other = await register({ ...body, events: ['order.updated'] }, 'register-1');
    expect(other.status, other.text).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    // Without a key each registration is a new endpoint, as before.
    const plain = await register(body);
    expect(plain.status).toBe(201);
    expect(await live()).toHaveLength(2);
    // A deleted endpoint frees its key: registering with it again makes a new one.
    await remove(first.json().id);
    const anew = await register(body, 'register-1');
    expect(anew.status, anew.text).toBe(201);
    expect(anew.json().id).not.toBe(first.json().id);
    for (const endpoint of await live()) await remove(endpoint.id);
  });

  it("never answers another API key's registration, nor its secret", async () => {
    const body = { url: 'https://127.0.0.1:9/own', events: ['order.created'] };
    const first = await register(body, 'register-own');
    expect(first.status, first.text).toBe(201);
    const other = await createKey(database.db, {
      merchantId: m.merchantId,
      scopes: ['webhooks:manage', 'orders:read'],
    });
    const guessed = await call(cloud, 'POST', '/api/public/v1/webhooks', {
      key: other.key,
      body,
      headers: { 'idempotency-key': 'register-own' },
    });
    expect(guessed.status, guessed.text).toBe(201);
    expect(guessed.json().id).not.toBe(first.json().id);
    expect(guessed.json().secret).not.toBe(first.json().secret);
    for (const endpoint of await live()) await remove(endpoint.id);
  });

  it('subscribes a key only to events whose data its scopes can read', async () => {
    // webhooks:manage alone used to receive every order, sale and stock change of the merchant.
    const hooksOnly = await createKey(database.db, { merchantId: m.merchantId, scopes: ['webhooks:manage'] });
    const asHooksOnly = (events: string[]) =>
      call(cloud, 'POST', '/api/public/v1/webhooks', {
        key: hooksOnly.key,
        body: { url: 'https://127.0.0.1:9/scoped', events },
      });
    const refused = await asHooksOnly(['webhook_endpoint.disabled', 'order.created', 'sale.created']);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'body.events.1',
      'body.events.2',
    ]);
    expect(await live()).toHaveLength(0);
    const own = await asHooksOnly(['webhook_endpoint.disabled']);
    expect(own.status, own.text).toBe(201);

    const withOrders = await createKey(database.db, {
      merchantId: m.merchantId,
      scopes: ['webhooks:manage', 'orders:write', 'inventory:read'],
    });
    const allowed = await call(cloud, 'POST', '/api/public/v1/webhooks', {
      key: withOrders.key,
      body: {
        url: 'https://127.0.0.1:9/orders',
        events: ['order.created', 'order.updated', 'inventory.updated'],
      },
    });
    expect(allowed.status, allowed.text).toBe(201);
    const products = await call(cloud, 'POST', '/api/public/v1/webhooks', {
      key: withOrders.key,
      body: { url: 'https://127.0.0.1:9/products', events: ['product.updated'] },
    });
    expect(products.status, products.text).toBe(403);
    for (const endpoint of await live()) await remove(endpoint.id);
  });

  it('registers one endpoint for retries racing each other with one key', async () => {
    const body = { url: 'https://127.0.0.1:9/raced', events: ['order.created'] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => register(body, 'register-raced')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json().secret)).size).toBe(1);
    const [endpoint] = await live();
    await remove(endpoint.id);
  });

  it('registers 16 of 40 sent at once and refuses the rest', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(cloud, 'POST', '/api/public/v1/webhooks', {
          key: m.key.key,
          body: { url: `https://127.0.0.1:9/hook-${i}`, events: ['order.created'] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(16);
    expect(statuses.filter((s) => s === 422)).toHaveLength(24);
    const list = await call(cloud, 'GET', '/api/public/v1/webhooks', { key: m.key.key });
    expect(list.json().data).toHaveLength(16);
  });
});
