// Reading products for the API. Every query is filtered by the merchant of the key.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { contentBlocks, products } from '../db/schema.js';
import { applyPendingStock } from './pending-stock.js';

/** The product with its on-hand after every push answered (pending-stock.ts), as every read below. */
export async function findProduct(db: Queryable, merchantId: string, code: string) {
  await applyPendingStock(db, merchantId);
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.code, code), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

export async function listContentBlocks(db: Queryable, merchantId: string) {
  return db
    .select({ key: contentBlocks.key, labels: contentBlocks.labels })
    .from(contentBlocks)
    .where(eq(contentBlocks.merchantId, merchantId))
    .orderBy(asc(contentBlocks.position), asc(contentBlocks.key));
}

export async function findProductById(db: Queryable, merchantId: string, id: string) {
  await applyPendingStock(db, merchantId);
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return row;
}
