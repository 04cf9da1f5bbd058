// Records events and queues one delivery per subscribed endpoint, inside the caller's
// transaction: the change and its webhooks commit together or not at all.
import { sql, type SQL } from 'drizzle-orm';
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
  const result = await tx.execute(sql`
    with ${insertEvents(
      merchantId,
      sql`select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as e(id text, type text, data jsonb, ord int)`,
      onlyEndpointId,
    )}
    returning webhook_deliveries.id`);
  return { eventIds: input.map((e) => e.id), deliveries: rowsOf(result).length };
}

/**
 * The tail of a statement that stores events and queues their deliveries: a CTE `event`
 * inserting the rows of `rows` (a query of id, type, data and ord, their order), then the
 * insert of one delivery per event and endpoint subscribed to its kind (or `onlyEndpointId`).
 * For a writer whose events come out of its own statement (the stock ledger renders
 * inventory.updated from the rows it updates), so they cost no round trip of their own.
 */
export function insertEvents(merchantId: string, rows: SQL, onlyEndpointId?: string): SQL {
  const target = onlyEndpointId
    ? sql`webhook_endpoints.id = ${onlyEndpointId}`
    : sql`event.type = any(webhook_endpoints.events)`;
  return sql`event as (
      insert into events (id, merchant_id, type, data)
      select r.id, ${merchantId}, r.type, r.data from (${rows}) r
      order by r.ord
      returning id, type)
    insert into webhook_deliveries (id, merchant_id, endpoint_id, event_id, status)
    select 'msg_' || replace(gen_random_uuid()::text, '-', ''), merchant_id, webhook_endpoints.id, event.id, 'pending'
    from webhook_endpoints, event
    where merchant_id = ${merchantId} and status = 'enabled' and deleted_at is null and ${target}`;
}
