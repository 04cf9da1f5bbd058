/**
 * An online shop syncing with the cloud: reads every product (cursor pages, changed since the
 * last sync when SINCE is given) with its stock, then places an order for the first product in
 * stock; the order is idempotent on the shop's own order id, so running this twice makes one
 * order. It prints `nextSince`, the largest updatedAt it read: the next run's SINCE. A list with
 * updatedSince stops short of writes still open (docs/cloud-api.md, "Incremental sync"), so
 * asking again from there misses nothing; the last product comes again (the bound is inclusive).
 *
 *   CLOUD_URL=http://127.0.0.1:4600 INTEGRATION_API_KEY=rk_... [SINCE=2026-11-01T00:00:00Z] \
 *     node --conditions=development --import tsx packages/sdk/examples/shop-sync.ts
 */
import { allPages, createIntegrationClient } from '@fiscal-pos/sdk';

const cloud = createIntegrationClient({
  baseUrl: process.env.CLOUD_URL ?? 'http://127.0.0.1:4600',
  apiKey: process.env.INTEGRATION_API_KEY ?? '',
});
const since = process.env.SINCE;

let synced = 0;
let nextSince = since ?? null;
let firstInStock: string | null = null;
for await (const product of allPages((cursor) =>
  cloud.GET('/api/public/v1/products', {
    params: {
      query: { limit: 100, ...(cursor ? { cursor } : {}), ...(since ? { updatedSince: since } : {}) },
    },
  }),
)) {
  synced++;
  if (nextSince === null || product.updatedAt > nextSince) nextSince = product.updatedAt;
  if (firstInStock === null && product.active && !product.deleted && product.onHand > 0)
    firstInStock = product.code;
}
console.log(JSON.stringify({ synced, nextSince }));

if (firstInStock !== null) {
  const { data: order } = await cloud.POST('/api/public/v1/orders', {
    body: {
      externalOrderId: process.env.ORDER_ID ?? 'web-1001',
      customer: { name: 'Ion Popescu', email: 'ion@example.md' },
      lines: [{ productCode: firstInStock, quantity: 1 }],
    },
  });
  console.log(JSON.stringify({ orderId: order?.id, status: order?.status, productCode: firstInStock }));
}
