// An inventory adjustment from the integration API: a stock movement of kind `adjustment`
// whose source id is the client's Idempotency-Key. A retry with the same key and the same
// request gets the first adjustment back and moves nothing; the same key with another request
// is 409 idempotency_conflict.
import { createHash } from 'node:crypto';
import { canonicalJson, fromMilli, toMilli } from '@fiscal-pos/fiscal';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { products } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import { onHandInBounds, StockDelta } from '../limits.js';
import { Inventory, presentInventory } from './product-schemas.js';
import { applyPendingStock } from './pending-stock.js';
import { recordStockMovement, type StockMovement } from './stock-ledger.js';

export const AdjustmentBody = z
  .object({
    productId: z.string().min(1).max(100),
    delta: StockDelta,
    reason: z.string().min(1).max(200).describe('Why stock changed, e.g. "stocktake", "damaged"'),
  })
  .meta({ id: 'InventoryAdjustmentWrite' });
export type AdjustmentBody = z.output<typeof AdjustmentBody>;

export const InventoryAdjustment = z
  .object({
    id: z.string(),
    productId: z.string(),
    delta: z.number().describe('Units added (negative: removed), 3 decimals'),
    reason: z.string(),
    createdAt: z.iso.datetime(),
    inventory: Inventory.describe("The product's stock now"),
  })
  .meta({ id: 'InventoryAdjustment' });
export type InventoryAdjustment = z.infer<typeof InventoryAdjustment>;

export type AdjustInventoryResult = { kind: 'applied' | 'replayed'; adjustment: InventoryAdjustment };

const present = (movement: StockMovement, product: typeof products.$inferSelect): InventoryAdjustment => ({
  id: movement.id,
  productId: movement.productId,
  delta: fromMilli(movement.deltaMilli),
  reason: movement.reason,
  createdAt: movement.createdAt.toISOString(),
  inventory: presentInventory(product),
});

export async function adjustInventory(
  db: Db,
  options: { merchantId: string; idempotencyKey: string; body: AdjustmentBody },
): Promise<AdjustInventoryResult> {
  const { merchantId, idempotencyKey, body } = options;
  const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.merchantId, merchantId), eq(products.id, body.productId), isNull(products.deletedAt)),
      );
    if (!product) throw new ProblemError('not_found', `No product ${body.productId}.`);
    const result = await recordStockMovement(tx, {
      merchantId,
      productId: product.id,
      deltaMilli: toMilli(body.delta)!,
      reason: body.reason,
      source: { kind: 'adjustment', id: idempotencyKey },
      requestHash,
    });
    if (result.kind === 'applied') {
      // Thrown inside the transaction: the movement is undone and the key stays free. One that
      // brings stock back towards the bounds (sales took it far below 0) is always taken.
      const after = result.product.onHandMilli;
      if (!onHandInBounds(after) && Math.abs(after) > Math.abs(after - result.movement.deltaMilli))
        throw new ProblemError('invalid_request', 'The adjustment would take stock out of bounds.', [
          {
            path: 'body.delta',
            message: `on-hand would be ${fromMilli(result.product.onHandMilli)} units; a product holds at most ${fromMilli(1_000_000_000_000)} either way`,
          },
        ]);
      return { kind: 'applied', adjustment: present(result.movement, result.product) };
    }
    if (result.movement.requestHash !== requestHash)
      throw new ProblemError('idempotency_conflict', 'This Idempotency-Key was used for another adjustment.');
    await applyPendingStock(tx, merchantId);
    const [current] = await tx.select().from(products).where(eq(products.id, result.movement.productId));
    return { kind: 'replayed', adjustment: present(result.movement, current!) };
  });
}
