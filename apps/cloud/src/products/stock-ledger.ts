// The stock ledger: on-hand stock changes only by a movement, written in the same transaction
// as the product's on_hand_milli, so that the column always equals the sum of the product's
// movements. Each movement names its source (an adjustment's idempotency key, a sale, a
// refund, an operator's action); the same source moves stock once, however often it is retried.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { products, stockMovements } from '../db/schema.js';
import { emitEvent } from '../events/emit-event.js';
import { newId } from '../ids.js';
import { presentInventory } from './product-schemas.js';

type ProductRow = typeof products.$inferSelect;
export type StockMovement = typeof stockMovements.$inferSelect;
export type StockSourceKind = StockMovement['sourceKind'];

export interface StockMovementInput {
  merchantId: string;
  productId: string;
  deltaMilli: number;
  reason: string;
  source: { kind: StockSourceKind; id: string };
  /** Adjustments: what was asked, so a reused source id with another request is told apart. */
  requestHash?: string;
}

export type StockMovementResult =
  | { kind: 'applied'; movement: StockMovement; product: ProductRow }
  | { kind: 'duplicate'; movement: StockMovement };

/**
 * Records the movement and moves on-hand stock by it (emitting inventory.updated), or, when
 * the source already moved stock, returns that earlier movement and changes nothing.
 */
export async function recordStockMovement(tx: Tx, input: StockMovementInput): Promise<StockMovementResult> {
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      id: newId('stm'),
      merchantId: input.merchantId,
      productId: input.productId,
      deltaMilli: input.deltaMilli,
      reason: input.reason,
      sourceKind: input.source.kind,
      sourceId: input.source.id,
      requestHash: input.requestHash ?? null,
    })
    .onConflictDoNothing({
      target: [stockMovements.merchantId, stockMovements.sourceKind, stockMovements.sourceId],
    })
    .returning();
  if (!movement) {
    const [earlier] = await tx
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.merchantId, input.merchantId),
          eq(stockMovements.sourceKind, input.source.kind),
          eq(stockMovements.sourceId, input.source.id),
        ),
      );
    return { kind: 'duplicate', movement: earlier! };
  }
  const [product] = await tx
    .update(products)
    .set({ onHandMilli: sql`${products.onHandMilli} + ${input.deltaMilli}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, input.productId), eq(products.merchantId, input.merchantId)))
    .returning();
  if (!product) throw new Error(`stock movement for a product ${input.productId} the merchant lacks`);
  await emitEvent(tx, {
    merchantId: input.merchantId,
    type: 'inventory.updated',
    data: { object: presentInventory(product) },
  });
  return { kind: 'applied', movement, product };
}

/**
 * An operator's "on hand is now X": a movement of the difference (none when nothing changes).
 * The product row is locked first so a concurrent movement cannot slip between read and write.
 */
export async function setOnHand(
  tx: Tx,
  options: { merchantId: string; productId: string; onHandMilli: number; reason: string },
): Promise<ProductRow | undefined> {
  const [current] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.merchantId, options.merchantId)))
    .for('update');
  if (!current || current.onHandMilli === options.onHandMilli) return current;
  const id = newId('stm');
  const result = await recordStockMovement(tx, {
    merchantId: options.merchantId,
    productId: options.productId,
    deltaMilli: options.onHandMilli - current.onHandMilli,
    reason: options.reason,
    source: { kind: 'admin', id },
  });
  return result.kind === 'applied' ? result.product : current;
}
