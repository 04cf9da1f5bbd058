// The merchant turns an endpoint off and on again. Disabled, it gets no deliveries: new events
// queue none for it (events/emit-event.ts sends only to enabled endpoints) and the ones queued
// for it fail with `endpoint disabled`, where the delivery log shows them and they can be
// redelivered once it is enabled again. Enabling also revives an endpoint the delivery worker
// disabled (gone, or failing for days), with a clean failure record. Asking for the status it
// has changes nothing.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { presentEndpoint, type WebhookEndpoint } from './webhook-schemas.js';
import { requireEndpoint } from './webhook-store.js';

export interface SetWebhookEndpointStatusOptions {
  merchantId: string;
  endpointId: string;
  status: 'enabled' | 'disabled';
}

export async function setWebhookEndpointStatus(
  db: Db,
  options: SetWebhookEndpointStatusOptions,
): Promise<WebhookEndpoint> {
  const { merchantId, endpointId, status } = options;
  return db.transaction(async (tx) => {
    const endpoint = await requireEndpoint(tx, merchantId, endpointId);
    if (endpoint.status === status) return presentEndpoint(endpoint);
    const [row] = await tx
      .update(webhookEndpoints)
      .set(
        status === 'enabled'
          ? { status, disabledReason: null, failingSince: null }
          : { status, disabledReason: 'manual' },
      )
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (status === 'disabled')
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', leaseUntil: null, lastError: 'endpoint disabled' })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    return presentEndpoint(row!);
  });
}
