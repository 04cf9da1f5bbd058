// Writes to the catalog: used by the seed and the admin CLI now, by the console later.
// Each write emits its event in the same transaction.
import type { VatCode } from '@fiscal-pos/fiscal';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { contentBlocks, products, type LocalizedText } from '../db/schema.js';
import { emitEvent } from '../events/emit-event.js';
import { newId } from '../ids.js';
import { presentProduct } from './product-schemas.js';

export interface ProductInput {
  code: string;
  barcodes?: string[];
  name: LocalizedText;
  description?: LocalizedText | null;
  priceMinor: number;
  vatCode: VatCode;
  unit: string;
  category?: string | null;
  active?: boolean;
  onHandMilli?: number;
  content?: Record<string, LocalizedText>;
}

/** Creates the product, or replaces the one with the same code (reviving a deleted one). */
export async function saveProduct(db: Db, merchantId: string, input: ProductInput) {
  return db.transaction(async (tx) => {
    const values = {
      barcodes: input.barcodes ?? [],
      name: input.name,
      description: input.description ?? null,
      priceMinor: input.priceMinor,
      vatCode: input.vatCode,
      unit: input.unit,
      category: input.category ?? null,
      active: input.active ?? true,
      onHandMilli: input.onHandMilli ?? 0,
      content: input.content ?? {},
      updatedAt: sql`now()`,
      deletedAt: null,
    };
    const [row] = await tx
      .insert(products)
      .values({ id: newId('prod'), merchantId, code: input.code, ...values })
      .onConflictDoUpdate({ target: [products.merchantId, products.code], set: values })
      .returning({ ...getTableColumns(products), created: sql<boolean>`(xmax = 0)` });
    // xmax = 0 on the returned row means the insert happened rather than the update.
    const { created, ...stored } = row!;
    const product = presentProduct(stored);
    await emitEvent(tx, {
      merchantId,
      type: created ? 'product.created' : 'product.updated',
      data: { object: product },
    });
    return product;
  });
}

/** Soft delete: the row stays as a tombstone so incremental syncs learn about it. */
export async function deleteProduct(db: Db, merchantId: string, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(products.merchantId, merchantId), eq(products.code, code), isNull(products.deletedAt)))
      .returning();
    if (!row) return false;
    await emitEvent(tx, { merchantId, type: 'product.deleted', data: { object: presentProduct(row) } });
    return true;
  });
}

/** Sets on-hand stock; the product's updatedAt moves too, so syncs pick up the new quantity. */
export async function setStock(db: Db, merchantId: string, code: string, onHandMilli: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ onHandMilli, updatedAt: sql`now()` })
      .where(and(eq(products.merchantId, merchantId), eq(products.code, code), isNull(products.deletedAt)))
      .returning();
    if (!row) return undefined;
    const product = presentProduct(row);
    await emitEvent(tx, {
      merchantId,
      type: 'inventory.updated',
      data: {
        object: {
          productCode: product.code,
          onHand: product.onHand,
          unit: product.unit,
          updatedAt: product.updatedAt,
        },
      },
    });
    return product;
  });
}

export async function saveContentBlock(
  db: Db,
  merchantId: string,
  block: { key: string; labels: LocalizedText; position?: number },
) {
  const values = { labels: block.labels, position: block.position ?? 0, updatedAt: sql`now()` };
  await db
    .insert(contentBlocks)
    .values({ merchantId, key: block.key, ...values })
    .onConflictDoUpdate({ target: [contentBlocks.merchantId, contentBlocks.key], set: values });
}
