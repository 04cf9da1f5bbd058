// The stock ledger: on-hand stock changes only by a movement, written in the same transaction
// as the product's on_hand_milli or, for pushed receipts, as a pending row that a consumer
// adds to it later (pending-stock.ts), so that the column plus the product's pending rows
// always equals the sum of its movements. Each movement names its source (an adjustment's
// idempotency key, a sale, a refund, an operator's action); the same source moves stock once,
// however often it is retried. Writers that read on-hand first apply what is pending for the
// products they write, before they lock any (pending-stock.ts says why).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { products, stockMovements } from '../db/schema.js';
import { emitEvent, emitEvents } from '../events/emit-event.js';
import { newId } from '../ids.js';
import { moveOnHand, takePendingStock } from './pending-stock.js';
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
  // The on-hand the answer and the event show includes every push answered before: this
  // writer's event announces what the pushes moved too.
  await takePendingStock(tx, input.merchantId, [input.productId]);
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
  const { merchantId, productId, onHandMilli, reason } = options;
  await setOnHandMany(tx, merchantId, [{ productId, onHandMilli }], reason);
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.merchantId, merchantId)));
  return row;
}

/** Rows per statement when many products' stock is set (an import). */
const SET_CHUNK = 1_000;

/** `products.id` among the ids of a JSON array: one parameter rather than thousands of bound ones. */
const idIn = (ids: readonly string[]) =>
  sql`${products.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/**
 * "On hand is now X" for many products of the merchant (an import): each product's row is
 * locked before its stock is read (all in id order, so two batches queue rather than
 * deadlock), and the differences are recorded as movements.
 */
export async function setOnHandMany(
  tx: Tx,
  merchantId: string,
  targets: readonly { productId: string; onHandMilli: number }[],
  reason: string,
): Promise<void> {
  const sorted = [...targets].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
  );
  // What the pushes left pending for all of them first, before any product is locked.
  const moved = await takePendingStock(
    tx,
    merchantId,
    sorted.map((t) => t.productId),
  );
  for (let start = 0; start < sorted.length; start += SET_CHUNK) {
    const chunk = sorted.slice(start, start + SET_CHUNK);
    const current = await tx
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), idIn(chunk.map((t) => t.productId))))
      .orderBy(asc(products.id))
      .for('no key update');
    const wanted = new Map(chunk.map((t) => [t.productId, t.onHandMilli]));
    const counted = current.filter((p) => wanted.get(p.id) !== p.onHandMilli);
    await recordStockMovements(
      tx,
      merchantId,
      counted.map((p) => ({
        productId: p.id,
        deltaMilli: wanted.get(p.id)! - p.onHandMilli,
        reason,
        source: { kind: 'admin', id: newId('stm') },
      })),
    );
    // Products the count leaves as the pushes made them: announced here, the pushes' change.
    await announceInventory(
      tx,
      merchantId,
      current.filter((p) => moved.has(p.id) && !counted.includes(p)),
    );
  }
}

const ofCodes = (merchantId: string, codes: readonly string[]) =>
  and(
    eq(products.merchantId, merchantId),
    sql`${products.code} in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
  );

/**
 * For a writer of these products (by code) that sets their on-hand: applies what pushes left
 * pending for them (pending-stock.ts), before the writer locks any, and answers the ids of
 * those that moved, for the writer to announce.
 */
export async function takePendingStockOf(
  tx: Tx,
  merchantId: string,
  codes: readonly string[],
): Promise<Set<string>> {
  const rows = await tx.select({ id: products.id }).from(products).where(ofCodes(merchantId, codes));
  return takePendingStock(
    tx,
    merchantId,
    rows.map((r) => r.id),
  );
}

/**
 * For a writer that sets on-hand in the same statement as the rest of the product (the
 * upsert of many products), after takePendingStockOf: locks the merchant's live and deleted
 * products with these codes, in id order, and tells their stock, so the writer can set each to
 * its target and record the difference with recordCountedStock before the transaction ends.
 */
export async function holdStock(
  tx: Tx,
  merchantId: string,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ code: products.code, onHandMilli: products.onHandMilli })
    .from(products)
    .where(ofCodes(merchantId, codes))
    .orderBy(asc(products.id))
    .for('no key update');
  return new Map(rows.map((r) => [r.code, r.onHandMilli]));
}

/** inventory.updated of each product as it is, one statement for all. */
export async function announceInventory(
  tx: Tx,
  merchantId: string,
  rows: readonly Pick<ProductRow, 'id' | 'code' | 'onHandMilli' | 'unit' | 'updatedAt'>[],
): Promise<void> {
  await emitEvents(
    tx,
    merchantId,
    rows.map((product) => ({ type: 'inventory.updated', data: { object: presentInventory(product) } })),
  );
}

/**
 * The movements of stock a writer has just set on the products (after holdStock): one
 * movement of the difference each, one inventory.updated each, in two statements.
 */
export async function recordCountedStock(
  tx: Tx,
  merchantId: string,
  counted: readonly { product: ProductRow; deltaMilli: number }[],
  reason: string,
): Promise<void> {
  if (counted.length === 0) return;
  const input = counted.map(({ product, deltaMilli }) => {
    const id = newId('stm');
    return { id, product_id: product.id, delta_milli: deltaMilli, source_id: id };
  });
  await tx.execute(sql`
    insert into stock_movements (id, merchant_id, product_id, delta_milli, reason, source_kind, source_id)
    select m.id, ${merchantId}, m.product_id, m.delta_milli, ${reason}, 'admin', m.source_id
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as m(id text, product_id text, delta_milli bigint, source_id text)`);
  await announceInventory(
    tx,
    merchantId,
    counted.map(({ product }) => product),
  );
}

/** One movement of a batch: a line of a receipt, or its reversal. */
export interface BatchMovement {
  productId: string;
  deltaMilli: number;
  reason: string;
  source: { kind: StockSourceKind; id: string };
}

const movementRows = (movements: readonly BatchMovement[]) =>
  JSON.stringify(
    movements.map((m) => ({
      id: newId('stm'),
      product_id: m.productId,
      delta_milli: m.deltaMilli,
      reason: m.reason,
      source_kind: m.source.kind,
      source_id: m.source.id,
    })),
  );

/**
 * A CTE `recorded` storing every movement whose source has not moved stock yet and whose
 * product is the merchant's (another merchant's or an unknown product id moves nothing),
 * returning the new ones; then `delta`, their sum per product, those that do not cancel out
 * (a sale and its reversal in one batch: the ledger keeps both, on-hand stays).
 */
const recordAndSum = (merchantId: string, movements: readonly BatchMovement[]) => sql`
    recorded as (
      insert into stock_movements (id, merchant_id, product_id, delta_milli, reason, source_kind, source_id)
      select m.id, ${merchantId}, m.product_id, m.delta_milli, m.reason, m.source_kind, m.source_id
      from jsonb_to_recordset(${movementRows(movements)}::jsonb)
        as m(id text, product_id text, delta_milli bigint, reason text, source_kind text, source_id text)
      where exists (select 1 from products p where p.id = m.product_id and p.merchant_id = ${merchantId})
      on conflict (merchant_id, source_kind, source_id) do nothing
      returning product_id, delta_milli),
    delta as (
      select ${merchantId}::text as merchant_id, product_id, sum(delta_milli)::bigint as delta_milli
      from recorded group by product_id having sum(delta_milli) <> 0)`;

/**
 * Many movements of one merchant at once (an operator's counts), in one statement whatever
 * their number: records the new ones, moves each product's on-hand by their sum and emits one
 * inventory.updated per product that changed (pending-stock.ts, moveOnHand).
 */
async function recordStockMovements(
  tx: Tx,
  merchantId: string,
  movements: readonly BatchMovement[],
): Promise<void> {
  if (movements.length === 0) return;
  const eventIds = [...new Set(movements.map((m) => m.productId))].map(() => newId('evt'));
  await tx.execute(sql`
    with ${recordAndSum(merchantId, movements)},
    ${moveOnHand(eventIds)}
    select count(*) from delivery`);
}

/**
 * The movements of pushed receipts, in one statement: records the new ones and leaves their sum
 * per product in stock_pending for the consumer (pending-stock.ts). No product row is locked or
 * written, so pushes selling the same products do not queue on each other, and no event is
 * emitted: the consumer announces each product once for all the pushes it applies.
 */
export async function recordPushedMovements(
  tx: Tx,
  merchantId: string,
  movements: readonly BatchMovement[],
): Promise<void> {
  if (movements.length === 0) return;
  await tx.execute(sql`
    with ${recordAndSum(merchantId, movements)}
    insert into stock_pending (merchant_id, product_id, delta_milli)
    select merchant_id, product_id, delta_milli from delta`);
}
