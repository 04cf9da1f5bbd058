// The stock ledger: on-hand stock changes only by a movement, written in the same transaction
// as the product's on_hand_milli, so that the column always equals the sum of the product's
// movements. Each movement names its source (an adjustment's idempotency key, a sale, a
// refund, an operator's action); the same source moves stock once, however often it is retried.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/database.js';
import { products, stockMovements } from '../db/schema.js';
import { emitEvent, emitEvents } from '../events/emit-event.js';
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

/** One movement of a batch: a line of a receipt, or its reversal. */
export interface BatchMovement {
  productId: string;
  deltaMilli: number;
  reason: string;
  source: { kind: StockSourceKind; id: string };
}

/**
 * Many movements of one merchant at once (a push of receipts), in a handful of statements
 * whatever their number: one insert of every movement whose source has not moved stock yet
 * and whose product is the merchant's (another merchant's or an unknown product id moves
 * nothing), then each product's on-hand by the sum of its new movements and one
 * inventory.updated per product that changed. Products are locked in id order first, so
 * batches selling the same products at once wait for each other instead of deadlocking.
 * Returns how many movements were recorded.
 */
export async function recordStockMovements(
  tx: Tx,
  merchantId: string,
  movements: readonly BatchMovement[],
): Promise<number> {
  if (movements.length === 0) return 0;
  const input = movements.map((m) => ({
    id: newId('stm'),
    product_id: m.productId,
    delta_milli: m.deltaMilli,
    reason: m.reason,
    source_kind: m.source.kind,
    source_id: m.source.id,
  }));
  const recorded = rowsOf<{ product_id: string; delta_milli: string | number }>(
    await tx.execute(sql`
      insert into stock_movements (id, merchant_id, product_id, delta_milli, reason, source_kind, source_id)
      select m.id, ${merchantId}, m.product_id, m.delta_milli, m.reason, m.source_kind, m.source_id
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as m(id text, product_id text, delta_milli bigint, reason text, source_kind text, source_id text)
      where exists (select 1 from products p where p.id = m.product_id and p.merchant_id = ${merchantId})
      on conflict (merchant_id, source_kind, source_id) do nothing
      returning product_id, delta_milli`),
  );
  const byProduct = new Map<string, number>();
  for (const r of recorded)
    byProduct.set(r.product_id, (byProduct.get(r.product_id) ?? 0) + Number(r.delta_milli));
  // A sale and its reversal in one push cancel out: the ledger keeps both, on-hand is unchanged.
  const deltas = [...byProduct].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (deltas.length === 0) return recorded.length;
  const ids = deltas.map(([id]) => id);
  const ofMerchant = and(eq(products.merchantId, merchantId), inArray(products.id, ids));
  // NO KEY UPDATE, the lock the update itself takes: FOR UPDATE would also wait for the KEY SHARE
  // locks that other pushes' movement rows hold on the product (their foreign key), and two
  // pushes each holding one and waiting for the other's would deadlock.
  await tx
    .select({ id: products.id })
    .from(products)
    .where(ofMerchant)
    .orderBy(products.id)
    .for('no key update');
  const delta = sql`(select d.delta from jsonb_to_recordset(${JSON.stringify(
    deltas.map(([pid, d]) => ({ pid, delta: d })),
  )}::jsonb) as d(pid text, delta bigint) where d.pid = ${sql.raw('"products"."id"')})`;
  const changed = await tx
    .update(products)
    .set({ onHandMilli: sql`${products.onHandMilli} + ${delta}`, updatedAt: sql`now()` })
    .where(ofMerchant)
    .returning();
  await emitEvents(
    tx,
    merchantId,
    changed.map((product) => ({ type: 'inventory.updated', data: { object: presentInventory(product) } })),
  );
  return recorded.length;
}
