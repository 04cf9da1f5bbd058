// Deletes an endpoint (a tombstone: its deliveries keep their log) and drops its queued deliveries.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { requireEndpoint } from './webhook-store.js';

export interface DeleteWebhookEndpointOptions {
  merchantId: string;
  endpointId: string;
}

export async function deleteWebhookEndpoint(db: Db, options: DeleteWebhookEndpointOptions): Promise<void> {
  const { merchantId, endpointId } = options;
  await requireEndpoint(db, merchantId, endpointId);
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, endpointId));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'endpoint deleted', leaseUntil: null })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  });
}
