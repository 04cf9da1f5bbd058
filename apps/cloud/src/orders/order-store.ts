// Reading orders for the API. Every query is filtered by the merchant of the key.
import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { orders } from '../db/schema.js';
import { paginate, type SortKey } from '../http/cursor.js';
import type { OrderStatus } from './order-lifecycle.js';

export type OrderRow = typeof orders.$inferSelect;

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

/** One page in (updatedAt, id) order, the order incremental syncs rely on. */
export async function orderPage(
  db: Queryable,
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
  if (options.updatedSince) conditions.push(gte(orders.updatedAt, options.updatedSince));
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
