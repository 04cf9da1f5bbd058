// On-hand stock moved by its movements, and announced. A writer that changes stock on purpose
// (an adjustment, an operator's count, an import) moves on-hand in its own transaction
// (stock-ledger.ts). The ingest of terminals' receipts does not: it records the movements and,
// beside them, one stock_pending row per product with their sum, and leaves on-hand to
// applyPendingStock. So pushes lock no product row (two groups selling the same products no
// longer queue on each other) and a product sold a hundred times in a second is updated and
// announced (inventory.updated) once, not a hundred times. The invariant is kept by every
// transaction, not by the consumer's promptness: on_hand_milli + the product's pending rows =
// the sum of its movements, so a crash between a push and its application loses and doubles
// nothing (the rows wait for the next consumer). Reads of stock apply their merchant's
// pending rows first (readers see every answered push), and a consumer in every cloud process
// (stock-applier.ts) applies everyone's within STOCK_APPLY_MS.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Queryable, type Tx } from '../db/database.js';
import { insertEvents, isoTimestamp } from '../events/emit-event.js';
import { newId } from '../ids.js';

/**
 * CTEs that move each product of `delta` (a CTE of merchant_id, product_id, delta_milli, one row
 * per product) by its delta (`changed` returns the products) and, unless `eventIds` is null,
 * emit one inventory.updated per product, rendered from the updated row (presentInventory's
 * shape), with its deliveries; `eventIds` (a JSON array) holds an id for each product that may
 * change, handed out in product id order. The products are locked in id order, so
 * transactions moving the same products queue instead of deadlocking, and with NO KEY UPDATE,
 * the lock an update takes anyway. The update is driven by the locked rows, one primary-key
 * probe each: joined back to delta instead, the planner (which expects one row from
 * jsonb_to_recordset) chose a nested loop, quadratic in the products changed
 * (docs/benchmarks.md, issue 10).
 */
export function moveOnHand(eventIds: readonly string[] | null): SQL {
  const move = sql`locked as (
      select p.id, delta.delta_milli from products p
      join delta on delta.product_id = p.id and delta.merchant_id = p.merchant_id
      order by p.id for no key update of p),
    changed as (
      update products set on_hand_milli = products.on_hand_milli + locked.delta_milli, updated_at = now()
      from locked
      where products.id = locked.id
      returning products.id, products.merchant_id, products.code, products.unit, products.on_hand_milli,
        products.updated_at)`;
  if (eventIds === null) return move;
  return sql`${move},
    ${insertEvents(
      sql`select ${JSON.stringify(eventIds)}::jsonb ->> (row_number() over (order by c.id) - 1)::int as id,
          c.merchant_id, 'inventory.updated' as type,
          jsonb_build_object('object', jsonb_build_object(
            'productId', c.id,
            'productCode', c.code,
            'onHand', round(c.on_hand_milli::numeric / 1000, 3),
            'unit', c.unit,
            'updatedAt', ${isoTimestamp(sql`c.updated_at`)})) as data,
          row_number() over (order by c.id) as ord
        from changed c`,
    )}`;
}

/** Rows one background pass takes at most: a bounded transaction, the rest at the next pass. */
export const PENDING_BATCH = 20_000;

interface Applied {
  /** Pending rows applied. */
  taken: number;
  /** Webhook deliveries queued for the inventory.updated events. */
  deliveries: number;
  /** The products whose on-hand moved. */
  moved: string[];
}

const NOTHING: Applied = { taken: 0, deliveries: 0, moved: [] };

/**
 * Applies the merchant's pending stock and announces it, for a read of stock that must see
 * every push answered before it. It waits for a consumer applying some of those rows to
 * commit, so the caller's next statement reads on-hand with them. When nothing is pending it is
 * one read (an index probe) and writes nothing.
 */
export async function applyPendingStock(db: Queryable, merchantId: string): Promise<Applied> {
  const [pending] = rowsOf<{ any: boolean }>(
    await db.execute(
      sql`select exists (select 1 from stock_pending where merchant_id = ${merchantId}) as any`,
    ),
  );
  if (!pending!.any) return NOTHING;
  return db.transaction((tx) =>
    applyTaken(tx, sql`delete from stock_pending where merchant_id = ${merchantId}`, true),
  );
}

/**
 * For a writer of these products' stock, inside its transaction: applies their pending stock
 * without announcing it, and answers which moved. The writer announces them itself, once, with
 * the on-hand it leaves (two inventory.updated of one product in one transaction would carry
 * the same updatedAt, and a receiver could not tell which is the later). The writer calls it
 * before it locks any product: it waits for a consumer holding some of these rows, and that
 * consumer may be waiting for a product lock (consumers never wait for pending rows, and every
 * transaction locks products in id order, so no cycle is possible).
 */
export async function takePendingStock(
  tx: Tx,
  merchantId: string,
  productIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const { moved } = await applyTaken(
    tx,
    sql`delete from stock_pending where merchant_id = ${merchantId}
      and product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))`,
    false,
  );
  return new Set(moved);
}

/**
 * The consumer's pass: applies up to PENDING_BATCH pending rows of any merchants and announces
 * them, skipping rows another process is applying, so two consumers never wait for each other.
 * Answers the number of rows taken (PENDING_BATCH: more may be waiting) and of deliveries queued.
 */
export async function applyAllPendingStock(db: Queryable): Promise<Applied> {
  const [pending] = rowsOf<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from stock_pending) as any`),
  );
  if (!pending!.any) return NOTHING;
  return db.transaction((tx) =>
    applyTaken(
      tx,
      sql`delete from stock_pending where ctid in (
        select ctid from stock_pending limit ${PENDING_BATCH} for update skip locked)`,
      true,
    ),
  );
}

/**
 * Takes the rows `take` deletes and moves on-hand by their sum per product, in the caller's
 * transaction: the rows leave stock_pending as on-hand takes them.
 */
async function applyTaken(tx: Tx, take: SQL, announce: boolean): Promise<Applied> {
  const sums = rowsOf<{ merchant_id: string; product_id: string; delta_milli: string; taken: number }>(
    await tx.execute(sql`
      with taken as (${take} returning merchant_id, product_id, delta_milli)
      select merchant_id, product_id, sum(delta_milli)::text as delta_milli,
        (select count(*) from taken)::int as taken
      from taken group by merchant_id, product_id`),
  );
  if (sums.length === 0) return NOTHING;
  // Movements that cancel out (a sale and its refusal) change nothing and announce nothing.
  const moved = sums.filter((s) => s.delta_milli !== '0');
  const taken = sums[0]!.taken;
  if (moved.length === 0) return { taken, deliveries: 0, moved: [] };
  const delta = moved.map((s) => ({
    merchant_id: s.merchant_id,
    product_id: s.product_id,
    delta_milli: s.delta_milli,
  }));
  const result = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with delta as (
        select * from jsonb_to_recordset(${JSON.stringify(delta)}::jsonb)
          as d(merchant_id text, product_id text, delta_milli bigint)),
      ${moveOnHand(announce ? moved.map(() => newId('evt')) : null)}
      select id from ${announce ? sql`delivery` : sql`changed`}`),
  );
  return {
    taken,
    deliveries: announce ? result.length : 0,
    moved: moved.map((s) => s.product_id),
  };
}
