// Records an event and queues one delivery per subscribed endpoint, inside the caller's
// transaction: the change and its webhooks commit together or not at all.
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/database.js';
import { newId } from '../ids.js';
import type { EventType } from './event-types.js';

export interface EmittedEvent {
  eventId: string;
  deliveries: number;
}

export async function emitEvent(
  tx: Queryable,
  options: { merchantId: string; type: EventType; data: unknown; onlyEndpointId?: string },
): Promise<EmittedEvent> {
  const eventId = newId('evt');
  const target = options.onlyEndpointId
    ? sql`webhook_endpoints.id = ${options.onlyEndpointId}`
    : sql`${options.type} = any(events)`;
  // One statement (the event, then its deliveries) rather than two: every round trip counts
  // on PGlite, where the API and the delivery worker share one connection.
  const result = await tx.execute(sql`
    with event as (
      insert into events (id, merchant_id, type, data)
      values (${eventId}, ${options.merchantId}, ${options.type}, ${JSON.stringify(options.data)}::jsonb)
      returning id)
    insert into webhook_deliveries (id, merchant_id, endpoint_id, event_id, status)
    select 'msg_' || replace(gen_random_uuid()::text, '-', ''), merchant_id, webhook_endpoints.id, event.id, 'pending'
    from webhook_endpoints, event
    where merchant_id = ${options.merchantId} and status = 'enabled' and deleted_at is null and ${target}
    returning webhook_deliveries.id`);
  return { eventId, deliveries: rowsOf(result).length };
}
