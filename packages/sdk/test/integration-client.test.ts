// The SDK's integration client against the real cloud over HTTP (PGlite, the webhook worker
// running): every product through the cursor iterator, a 429 waited out as Retry-After says,
// and a real signed delivery accepted by verifyWebhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
} from '../../../apps/cloud/test/harness.js';
import { HttpsReceiver, selfSignedCertificate, waitFor } from '../../../apps/cloud/test/https-receiver.js';
import type { Cloud } from '../../../apps/cloud/src/server.js';
import { allPages, createIntegrationClient, IntegrationApiError, verifyWebhook } from '../src/index.js';

const tls = selfSignedCertificate();
let database: TestDatabase;
let cloud: Cloud;
let receiver: HttpsReceiver;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  cloud = await startTestCloud(
    database,
    { runWorker: true, rateLimit: { max: 4, windowMs: 3_000 } },
    { extraCa: tls.cert },
  );
  receiver = new HttpsReceiver(tls);
});
afterAll(async () => {
  await cloud?.close();
  await receiver?.close();
  await database?.close();
});

describe('integration client', () => {
  it('walks every page of products through the cursor iterator, waiting out the rate limit', async () => {
    const { key } = await seedMerchant(database);
    const statuses: number[] = [];
    const shop = createIntegrationClient({
      baseUrl: cloud.url,
      apiKey: key.key,
      fetch: async (input) => {
        const response = await fetch(input);
        statuses.push(response.status);
        return response;
      },
    });
    for (let i = 1; i <= 7; i++) {
      await shop.POST('/api/public/v1/products', {
        body: { code: `P-${i}`, name: { ro: `Produs ${i}` }, price: 10 + i, vatCode: 'B', unit: 'pcs' },
      });
    }
    const codes: string[] = [];
    for await (const product of allPages((cursor) =>
      shop.GET('/api/public/v1/products', { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } }),
    )) {
      codes.push(product.code);
    }
    expect(codes.sort()).toEqual(['P-1', 'P-2', 'P-3', 'P-4', 'P-5', 'P-6', 'P-7']);
    // 7 writes and 4 pages against 4 requests per 3 s: some were refused with 429 and retried.
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(11);
  });

  it('throws the problem document for a refusal it must not retry', async () => {
    const { key } = await seedMerchant(database, { scopes: ['inventory:read'] });
    const shop = createIntegrationClient({ baseUrl: cloud.url, apiKey: key.key });
    const refused = await shop.GET('/api/public/v1/products').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(IntegrationApiError);
    expect((refused as IntegrationApiError).status).toBe(403);
    expect((refused as IntegrationApiError).problem?.status).toBe(403);
  });

  it('verifies a real delivery with verifyWebhook and refuses it with another secret or body', async () => {
    const { key } = await seedMerchant(database);
    const shop = createIntegrationClient({ baseUrl: cloud.url, apiKey: key.key });
    const base = await receiver.listen();
    const { data: endpoint } = await shop.POST('/api/public/v1/webhooks', {
      body: { url: `${base}/orders`, events: ['product.created'] },
    });
    await shop.POST('/api/public/v1/products', {
      body: { code: 'W-1', name: { ro: 'W' }, price: 5, vatCode: 'B', unit: 'pcs' },
    });
    await waitFor(() => receiver.received.some((r) => r.path === '/orders'), 'the delivery');
    const delivery = receiver.received.find((r) => r.path === '/orders')!;
    expect(verifyWebhook(endpoint!.secret, delivery.headers, delivery.raw)).toMatchObject({
      ok: true,
      event: 'product.created',
    });
    expect(verifyWebhook('whsec_other', delivery.headers, delivery.raw).ok).toBe(false);
    expect(verifyWebhook(endpoint!.secret, delivery.headers, delivery.raw + ' ').ok).toBe(false);
  });
});
