// Queues a finished delivery again, with the same webhook id (receivers deduplicating on it
// will skip it). A pending delivery is refused: it is still on its way.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { webhookDeliveries } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import { assertTransition } from './delivery-lifecycle.js';
import { findDeliveryStatus, requireEndpoint } from './webhook-store.js';

export interface RedeliverWebhookOptions {
  merchantId: string;
  endpointId: string;
  deliveryId: string;
}

export async function redeliverWebhook(db: Db, options: RedeliverWebhookOptions): Promise<void> {
  const { merchantId, deliveryId } = options;
  const endpoint = await requireEndpoint(db, merchantId, options.endpointId);
  if (endpoint.status !== 'enabled')
    throw new ProblemError('not_found', 'The endpoint is disabled; enable it first.');
  const status = await findDeliveryStatus(db, { merchantId, endpointId: endpoint.id, deliveryId });
  if (!status) throw new ProblemError('not_found', `No delivery ${deliveryId}.`);
  if (status === 'pending') throw new ProblemError('idempotency_conflict', 'The delivery is still pending.');
  assertTransition(status, 'pending');
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, leaseUntil: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, status)));
}
