// Records events and queues one delivery per subscribed endpoint, inside the caller's
// transaction: the change and its webhooks commit together or not at all.
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/database.js';
import { newId } from '../ids.js';
import type { EventType } from './event-types.js';

export interface EmittedEvent {
  eventId: string;
  deliveries: number;
}

export interface NewEvent {
  type: EventType;
  data: unknown;
}

export async function emitEvent(
  tx: Queryable,
  options: { merchantId: string; type: EventType; data: unknown; onlyEndpointId?: string },
): Promise<EmittedEvent> {
  const { eventIds, deliveries } = await emitEvents(
    tx,
    options.merchantId,
    [options],
    options.onlyEndpointId,
  );
  return { eventId: eventIds[0]!, deliveries };
}

/**
 * Many events of one merchant (a push of receipts) in one statement: the events, then the
 * deliveries of each to the endpoints subscribed to its kind (or to `onlyEndpointId` alone).
 * Every round trip counts on PGlite, where the API and the delivery worker share one
 * connection, and on a server, where a push holds product locks until it commits.
 */
export async function emitEvents(
  tx: Queryable,
  merchantId: string,
  events: readonly NewEvent[],
  onlyEndpointId?: string,
): Promise<{ eventIds: string[]; deliveries: number }> {
  if (events.length === 0) return { eventIds: [], deliveries: 0 };
  const input = events.map((e, ord) => ({ id: newId('evt'), type: e.type, data: e.data, ord }));
  const target = onlyEndpointId
    ? sql`webhook_endpoints.id = ${onlyEndpointId}`
    : sql`event.type = any(webhook_endpoints.events)`;
  const result = await tx.execute(sql`
    with event as (
      insert into events (id, merchant_id, type, data)
      select e.id, ${merchantId}, e.type, e.data
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as e(id text, type text, data jsonb, ord int)
      order by e.ord
      returning id, type)
    insert into webhook_deliveries (id, merchant_id, endpoint_id, event_id, status)
    select 'msg_' || replace(gen_random_uuid()::text, '-', ''), merchant_id, webhook_endpoints.id, event.id, 'pending'
    from webhook_endpoints, event
    where merchant_id = ${merchantId} and status = 'enabled' and deleted_at is null and ${target}
    returning webhook_deliveries.id`);
  return { eventIds: input.map((e) => e.id), deliveries: rowsOf(result).length };
}
