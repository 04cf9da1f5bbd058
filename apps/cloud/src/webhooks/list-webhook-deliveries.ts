// The delivery log of one endpoint, newest first, each delivery with every attempt.
import type { Db } from '../db/database.js';
import { decodeCursor } from '../http/cursor.js';
import type { DeliveryStatus } from './delivery-lifecycle.js';
import type { Delivery } from './webhook-schemas.js';
import { deliveryPage, requireEndpoint } from './webhook-store.js';

export interface ListWebhookDeliveriesOptions {
  merchantId: string;
  endpointId: string;
  status?: DeliveryStatus | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function listWebhookDeliveries(
  db: Db,
  options: ListWebhookDeliveriesOptions,
): Promise<{ data: Delivery[]; hasMore: boolean; nextCursor: string | null }> {
  const { merchantId, endpointId } = options;
  await requireEndpoint(db, merchantId, endpointId);
  const page = await deliveryPage(db, {
    merchantId,
    endpointId,
    status: options.status,
    before: options.cursor === undefined ? undefined : decodeCursor(options.cursor),
    limit: options.limit,
  });
  const data = page.rows.map(({ delivery, eventType, attempts }) => ({
    id: delivery.id,
    eventId: delivery.eventId,
    eventType,
    status: delivery.status as DeliveryStatus,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    attemptLog: attempts.map((a) => ({
      attemptedAt: a.attemptedAt.toISOString(),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      error: a.error,
      responseExcerpt: a.responseExcerpt,
    })),
  }));
  return { data, hasMore: page.hasMore, nextCursor: page.nextCursor };
}
