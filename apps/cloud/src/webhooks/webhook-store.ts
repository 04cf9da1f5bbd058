// Reading and writing webhook endpoints and their deliveries. Every query is filtered by the
// merchant of the key.
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { paginate, type SortKey } from '../http/cursor.js';
import { ProblemError } from '../http/problem.js';
import type { DeliveryStatus } from './delivery-lifecycle.js';
import type { EndpointRow } from './webhook-schemas.js';

const live = (merchantId: string) =>
  and(eq(webhookEndpoints.merchantId, merchantId), isNull(webhookEndpoints.deletedAt));

/** The merchant's endpoint, unless deleted; otherwise 404. */
export async function requireEndpoint(db: Queryable, merchantId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(live(merchantId), eq(webhookEndpoints.id, id)))
    .limit(1);
  if (!row) throw new ProblemError('not_found', `No webhook endpoint ${id}.`);
  return row;
}

/** The merchant's live endpoint this API key registered with this Idempotency-Key, if any. */
export async function findEndpointByIdempotencyKey(
  db: Queryable,
  options: { merchantId: string; apiKeyId: string; key: string },
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        live(options.merchantId),
        eq(webhookEndpoints.apiKeyId, options.apiKeyId),
        eq(webhookEndpoints.idempotencyKey, options.key),
      ),
    )
    .limit(1);
  return row;
}

export async function countLiveEndpoints(db: Queryable, merchantId: string): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(live(merchantId));
  return count?.n ?? 0;
}

export async function listLiveEndpoints(db: Queryable, merchantId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(live(merchantId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function insertEndpoint(
  db: Queryable,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

export interface DeliveryWithAttempts {
  delivery: DeliveryRow;
  eventType: string;
  attempts: AttemptRow[];
}

/** One page of an endpoint's deliveries, newest first, each with its attempts. */
export async function deliveryPage(
  db: Queryable,
  options: {
    merchantId: string;
    endpointId: string;
    status?: DeliveryStatus | undefined;
    before?: SortKey | undefined;
    limit: number;
  },
): Promise<{ rows: DeliveryWithAttempts[]; hasMore: boolean; nextCursor: string | null }> {
  const d = webhookDeliveries;
  const conditions: SQL[] = [eq(d.merchantId, options.merchantId), eq(d.endpointId, options.endpointId)];
  if (options.status) conditions.push(eq(d.status, options.status));
  if (options.before)
    conditions.push(sql`(${d.createdAt}, ${d.id}) < (${options.before.at}, ${options.before.id})`);
  const rows = await db
    .select({ delivery: d, eventType: events.type })
    .from(d)
    .innerJoin(events, eq(events.id, d.eventId))
    .where(and(...conditions))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(options.limit + 1);
  const page = paginate(rows, options.limit, (r) => ({ at: r.delivery.createdAt, id: r.delivery.id }));
  const ids = page.rows.map((r) => r.delivery.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(webhookAttempts.id)
    : [];
  return {
    rows: page.rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.deliveryId === r.delivery.id) })),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}

export async function findDeliveryStatus(
  db: Queryable,
  options: { merchantId: string; endpointId: string; deliveryId: string },
): Promise<DeliveryStatus | undefined> {
  const [row] = await db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.merchantId, options.merchantId),
        eq(webhookDeliveries.endpointId, options.endpointId),
        eq(webhookDeliveries.id, options.deliveryId),
      ),
    );
  return row?.status as DeliveryStatus | undefined;
}
