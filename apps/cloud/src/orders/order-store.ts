// Reading orders for the API. Every query is filtered by the merchant of the key.
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@fiscal-pos/platform-protocol';
import type { Db, Queryable } from '../db/database.js';
import { syncHorizon } from '../db/sync-horizon.js';
import { orders } from '../db/schema.js';
import { paginate, type SortKey } from '../http/cursor.js';
import type { OrderStatus } from './order-lifecycle.js';

export type OrderRow = typeof orders.$inferSelect;

/**
 * The instant a calendar day (YYYY-MM-DD) begins, `days` later, as SQL. Orders come from online
 * shops and ERPs, not from a terminal, so their days are Moldova's: the terminals' default zone.
 */
const dayStart = (day: string, days = 0): SQL =>
  sql`((${day}::date + ${days}::int)::timestamp at time zone ${DEFAULT_TIME_ZONE})`;

export async function findOrder(
  db: Queryable,
  merchantId: string,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id)))
    .limit(1);
  return row;
}

/**
 * One page in (updatedAt, id) order, the order incremental syncs rely on; with updatedSince only
 * changes before the sync horizon (sync-horizon.ts), so a sync misses no write still open.
 */
export async function orderPage(
  db: Db,
  options: {
    merchantId: string;
    updatedSince?: Date | undefined;
    externalOrderId?: string | undefined;
    status?: OrderStatus | undefined;
    after?: SortKey | undefined;
    limit: number;
  },
): Promise<{ rows: OrderRow[]; hasMore: boolean; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(orders.merchantId, options.merchantId)];
  if (options.updatedSince)
    conditions.push(
      gte(orders.updatedAt, options.updatedSince),
      sql`${orders.updatedAt} < ${await syncHorizon(db)}::timestamptz`,
    );
  if (options.externalOrderId) conditions.push(eq(orders.externalOrderId, options.externalOrderId));
  if (options.status) conditions.push(eq(orders.status, options.status));
  if (options.after)
    conditions.push(sql`(${orders.updatedAt}, ${orders.id}) > (${options.after.at}, ${options.after.id})`);
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(options.limit + 1);
  return paginate(rows, options.limit, (r) => ({ at: r.updatedAt, id: r.id }));
}

/**
 * The console's list: newest first by creation, by status and calendar days (the terminals'
 * time zone, both days included); keyset pages on (merchant_id[, status], created_at, id).
 */
export async function recentOrderPage(
  db: Queryable,
  options: {
    merchantId: string;
    status?: OrderStatus | undefined;
    fromDay?: string | undefined;
    toDay?: string | undefined;
    before?: SortKey | undefined;
    limit: number;
  },
): Promise<{ rows: OrderRow[]; hasMore: boolean; nextCursor: string | null }> {
  const o = orders;
  const conditions: (SQL | undefined)[] = [
    eq(o.merchantId, options.merchantId),
    options.status === undefined ? undefined : eq(o.status, options.status),
    options.fromDay === undefined ? undefined : gte(o.createdAt, dayStart(options.fromDay)),
    options.toDay === undefined ? undefined : lt(o.createdAt, dayStart(options.toDay, 1)),
    options.before === undefined
      ? undefined
      : sql`(${o.createdAt}, ${o.id}) < (${options.before.at}, ${options.before.id})`,
  ];
  const rows = await db
    .select()
    .from(o)
    .where(and(...conditions))
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(options.limit + 1);
  return paginate(rows, options.limit, (r) => ({ at: r.createdAt, id: r.id }));
}
