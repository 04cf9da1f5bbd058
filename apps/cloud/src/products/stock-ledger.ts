// The stock ledger: on-hand stock changes only by a movement, written in the same transaction
// as the product's on_hand_milli, so that the column always equals the sum of the product's
// movements. Each movement names its source (an adjustment's idempotency key, a sale, a
// refund, an operator's action); the same source moves stock once, however often it is retried.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { products, stockMovements } from '../db/schema.js';
import { emitEvent, emitEvents, insertEvents, isoTimestamp } from '../events/emit-event.js';
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
  for (let start = 0; start < sorted.length; start += SET_CHUNK) {
    const chunk = sorted.slice(start, start + SET_CHUNK);
    const current = await tx
      .select({ id: products.id, onHandMilli: products.onHandMilli })
      .from(products)
      .where(and(eq(products.merchantId, merchantId), idIn(chunk.map((t) => t.productId))))
      .orderBy(asc(products.id))
      .for('no key update');
    const wanted = new Map(chunk.map((t) => [t.productId, t.onHandMilli]));
    await recordStockMovements(
      tx,
      merchantId,
      current
        .filter((p) => wanted.get(p.id) !== p.onHandMilli)
        .map((p) => ({
          productId: p.id,
          deltaMilli: wanted.get(p.id)! - p.onHandMilli,
          reason,
          source: { kind: 'admin', id: newId('stm') },
        })),
    );
  }
}

/**
 * For a writer that sets on-hand in the same statement as the rest of the product (the
 * upsert of many products): locks the merchant's live and deleted products with these codes,
 * in id order, and tells their stock, so the writer can set each to its target and record the
 * difference with recordCountedStock before the transaction ends.
 */
export async function holdStock(
  tx: Tx,
  merchantId: string,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ code: products.code, onHandMilli: products.onHandMilli })
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchantId),
        sql`${products.code} in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
      ),
    )
    .orderBy(asc(products.id))
    .for('no key update');
  return new Map(rows.map((r) => [r.code, r.onHandMilli]));
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
  await emitEvents(
    tx,
    merchantId,
    counted.map(({ product }) => ({
      type: 'inventory.updated',
      data: { object: presentInventory(product) },
    })),
  );
}

/** One movement of a batch: a line of a receipt, or its reversal. */
export interface BatchMovement {
  productId: string;
  deltaMilli: number;
  reason: string;
  source: { kind: StockSourceKind; id: string };
}

/**
 * Many movements of one merchant at once (a push of receipts), in one statement whatever their
 * number: it records every movement whose source has not moved stock yet and whose product is
 * the merchant's (another merchant's or an unknown product id moves nothing), moves each
 * product's on-hand by the sum of its new movements and emits one inventory.updated per product
 * that changed, rendered from the updated row (presentInventory's shape), with its deliveries.
 * The products are locked in id order, so pushes selling the same products at once queue
 * instead of deadlocking, and with NO KEY UPDATE, the lock an update takes anyway: FOR UPDATE
 * would also conflict with the KEY SHARE locks that other pushes' movement rows hold on the
 * products through their foreign key. The events are in the same statement because the locks
 * are held to the commit: a round trip more under them was one more wait for every other push
 * selling those products (docs/benchmarks.md, issue 28).
 */
export async function recordStockMovements(
  tx: Tx,
  merchantId: string,
  movements: readonly BatchMovement[],
): Promise<void> {
  if (movements.length === 0) return;
  const input = movements.map((m) => ({
    id: newId('stm'),
    product_id: m.productId,
    delta_milli: m.deltaMilli,
    reason: m.reason,
    source_kind: m.source.kind,
    source_id: m.source.id,
  }));
  // An event id for each product that may change, handed out in product id order.
  const eventIds = [...new Set(movements.map((m) => m.productId))].map(() => newId('evt'));
  await tx.execute(sql`
    with recorded as (
      insert into stock_movements (id, merchant_id, product_id, delta_milli, reason, source_kind, source_id)
      select m.id, ${merchantId}, m.product_id, m.delta_milli, m.reason, m.source_kind, m.source_id
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as m(id text, product_id text, delta_milli bigint, reason text, source_kind text, source_id text)
      where exists (select 1 from products p where p.id = m.product_id and p.merchant_id = ${merchantId})
      on conflict (merchant_id, source_kind, source_id) do nothing
      returning product_id, delta_milli),
    -- A sale and its reversal in one push cancel out: the ledger keeps both, on-hand stays.
    delta as (
      select product_id, sum(delta_milli)::bigint as delta_milli from recorded
      group by product_id having sum(delta_milli) <> 0),
    -- The update is driven by the locked rows, one primary-key probe each: joined back to
    -- delta instead, the planner (which expects one row from jsonb_to_recordset) chose a
    -- nested loop over the CTEs, quadratic in the products changed (36 of 78 ms at 463).
    locked as (
      select p.id, delta.delta_milli from products p join delta on delta.product_id = p.id
      where p.merchant_id = ${merchantId}
      order by p.id for no key update of p),
    changed as (
      update products set on_hand_milli = products.on_hand_milli + locked.delta_milli, updated_at = now()
      from locked
      where products.id = locked.id
      returning products.id, products.code, products.unit, products.on_hand_milli, products.updated_at),
    ${insertEvents(
      sql`select ${JSON.stringify(eventIds)}::jsonb ->> (row_number() over (order by c.id) - 1)::int as id,
          ${merchantId}::text as merchant_id,
          'inventory.updated' as type,
          jsonb_build_object('object', jsonb_build_object(
            'productId', c.id,
            'productCode', c.code,
            'onHand', round(c.on_hand_milli::numeric / 1000, 3),
            'unit', c.unit,
            'updatedAt', ${isoTimestamp(sql`c.updated_at`)})) as data,
          row_number() over (order by c.id) as ord
        from changed c`,
    )}
    select count(*) from delivery`);
}
