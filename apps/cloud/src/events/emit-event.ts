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
      sql`select e.*, ${merchantId}::text as merchant_id
        from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as e(id text, type text, data jsonb, ord int)`,
      onlyEndpointId,
    )}
    select id from delivery`);
  return { eventIds: input.map((e) => e.id), deliveries: rowsOf(result).length };
}

/**
 * Two CTEs of a statement that stores events and queues their deliveries: `event` inserts the
 * rows of `rows` (a query of id, merchant_id, type, data and ord, their order), `delivery`
 * one delivery per event and endpoint of its merchant subscribed to its kind (or
 * `onlyEndpointId` alone), returning the deliveries' ids. For writers whose events come out of
 * their own statement (the ingest's documents, revisions and stock), so that events cost no
 * round trip of their own.
 */
export function insertEvents(rows: SQL, onlyEndpointId?: string): SQL {
  const target = onlyEndpointId
    ? sql`webhook_endpoints.id = ${onlyEndpointId}`
    : sql`event.type = any(webhook_endpoints.events)`;
  return sql`event as (
      insert into events (id, merchant_id, type, data)
      select r.id, r.merchant_id, r.type, r.data from (${rows}) r
      order by r.ord
      returning id, merchant_id, type),
    delivery as (
      insert into webhook_deliveries (id, merchant_id, endpoint_id, event_id, status)
      select 'msg_' || replace(gen_random_uuid()::text, '-', ''), event.merchant_id, webhook_endpoints.id, event.id,
        'pending'
      from event join webhook_endpoints on webhook_endpoints.merchant_id = event.merchant_id
      where webhook_endpoints.status = 'enabled' and webhook_endpoints.deleted_at is null and ${target}
      returning webhook_deliveries.id)`;
}

/** A timestamp as JSON shows it (Date#toISOString: UTC, milliseconds, `Z`), for objects rendered in SQL. */
export const isoTimestamp = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
