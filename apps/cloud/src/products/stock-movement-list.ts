// A product's stock ledger, newest movement first, a page at a time: what moved its on-hand,
// by how much, why, and from where (a sale, a refund, an adjustment, an operator's count).
import { fromMilli } from '@fiscal-pos/fiscal';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { stockMovements } from '../db/schema.js';
import { decodeCursor, paginate } from '../http/cursor.js';

export const StockMovementView = z
  .object({
    id: z.string(),
    delta: z.number().describe('Units added (negative: removed), 3 decimals'),
    reason: z.string(),
    sourceKind: z.enum(['adjustment', 'sale', 'refund', 'admin']).describe('What moved the stock'),
    sourceId: z.string().describe("The sale's or refund's operation, or the adjustment's Idempotency-Key"),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StockMovement' });
export type StockMovementView = z.infer<typeof StockMovementView>;

export async function listStockMovements(
  db: Queryable,
  options: { merchantId: string; productId: string; limit: number; cursor?: string | undefined },
): Promise<{ data: StockMovementView[]; hasMore: boolean; nextCursor: string | null }> {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const rows = await db
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.merchantId, options.merchantId),
        eq(stockMovements.productId, options.productId),
        after
          ? or(
              lt(stockMovements.createdAt, after.at),
              and(eq(stockMovements.createdAt, after.at), lt(stockMovements.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(options.limit + 1);
  const page = paginate(rows, options.limit, (m) => ({ at: m.createdAt, id: m.id }));
  return {
    data: page.rows.map((m) => ({
      id: m.id,
      delta: fromMilli(m.deltaMilli),
      reason: m.reason,
      sourceKind: m.sourceKind,
      sourceId: m.sourceId,
      createdAt: m.createdAt.toISOString(),
    })),
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}
