// Writes to products: the seed, the administration API (upsert by code) and the integration
// API (create, update and delete by code, or by id on the deprecated URLs). Each write takes the next catalog version (the feed to
// terminals) and emits its event in the same transaction; stock moves only through the ledger.
import type { VatCode } from '@fiscal-pos/fiscal';
import { toMinor } from '@fiscal-pos/fiscal';
import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { contentBlocks, products, type LocalizedText } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { emitEvent } from '../events/emit-event.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import { nextCatalogVersion } from '../catalog-base/catalog-version.js';
import { requireCategoryRef } from '../catalog-base/category-ref.js';
import { presentProduct, type Product, type ProductWriteBody } from './product-schemas.js';
import { setOnHand } from './stock-ledger.js';

export interface ProductInput {
  code: string;
  barcodes?: string[] | undefined;
  name: LocalizedText;
  description?: LocalizedText | null | undefined;
  priceMinor: number;
  vatCode: VatCode;
  unit: string;
  category?: string | null | undefined;
  sku?: string | null | undefined;
  categoryId?: string | null | undefined;
  active?: boolean | undefined;
  /** Sets on-hand stock by a stock movement of the difference. */
  onHandMilli?: number | undefined;
  content?: Record<string, LocalizedText> | undefined;
}

export type ProductRef = { code: string } | { id: string };

const refersTo = (merchantId: string, ref: ProductRef): SQL =>
  and(
    eq(products.merchantId, merchantId),
    'id' in ref ? eq(products.id, ref.id) : eq(products.code, ref.code),
    isNull(products.deletedAt),
  )!;

/** The stored catalog fields of an input, with the version it takes. */
async function catalogValues(tx: Tx, merchantId: string, input: ProductInput) {
  await requireCategoryRef(tx, merchantId, input.categoryId, 'body.categoryId');
  return {
    code: input.code,
    barcodes: input.barcodes ?? [],
    name: input.name,
    description: input.description ?? null,
    priceMinor: input.priceMinor,
    vatCode: input.vatCode,
    unit: input.unit,
    category: input.category ?? null,
    sku: input.sku ?? null,
    categoryId: input.categoryId ?? null,
    active: input.active ?? true,
    content: input.content ?? {},
    version: await nextCatalogVersion(tx, merchantId),
    updatedAt: sql`now()`,
    deletedAt: null,
  };
}

/** Runs a product write; a code or SKU another product holds is 409 catalog_conflict. */
async function writing<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ProblemError('catalog_conflict', 'Another product of the merchant has this code or SKU.');
    throw error;
  }
}

async function finish(
  tx: Tx,
  merchantId: string,
  stored: typeof products.$inferSelect,
  event: 'product.created' | 'product.updated',
  onHandMilli: number | undefined,
): Promise<Product> {
  const row =
    onHandMilli === undefined
      ? stored
      : ((await setOnHand(tx, {
          merchantId,
          productId: stored.id,
          onHandMilli,
          reason: 'set with the product',
        })) ?? stored);
  const product = presentProduct(row);
  await emitEvent(tx, { merchantId, type: event, data: { object: product } });
  return product;
}

/** Creates the product, or replaces the one with the same code (reviving a deleted one). */
export async function saveProduct(db: Db, merchantId: string, input: ProductInput): Promise<Product> {
  return writing(db, async (tx) => {
    const values = await catalogValues(tx, merchantId, input);
    const [row] = await tx
      .insert(products)
      .values({ id: newId('prod'), merchantId, ...values })
      .onConflictDoUpdate({ target: [products.merchantId, products.code], set: values })
      .returning({ ...getTableColumns(products), created: sql<boolean>`(xmax = 0)` });
    // xmax = 0 on the returned row means the insert happened rather than the update.
    const { created, ...stored } = row!;
    return finish(tx, merchantId, stored, created ? 'product.created' : 'product.updated', input.onHandMilli);
  });
}

const inputOf = ({ price, ...rest }: ProductWriteBody): ProductInput => ({
  ...rest,
  priceMinor: toMinor(price)!,
});

/**
 * The integration API's create: a live product with the code is a conflict; a deleted one
 * comes back under its old id (the unique code is the merchant's identity for the product).
 */
export async function createProduct(db: Db, merchantId: string, body: ProductWriteBody): Promise<Product> {
  return writing(db, async (tx) => {
    const values = await catalogValues(tx, merchantId, inputOf(body));
    const [row] = await tx
      .insert(products)
      .values({ id: newId('prod'), merchantId, ...values })
      .onConflictDoUpdate({
        target: [products.merchantId, products.code],
        set: values,
        setWhere: sql`${products.deletedAt} is not null`,
      })
      .returning();
    if (!row) throw new ProblemError('catalog_conflict', `A product with code ${body.code} exists.`);
    return finish(tx, merchantId, row, 'product.created', undefined);
  });
}

/** The integration API's full replace of a live product's catalog fields; stock is untouched. */
export async function updateProduct(
  db: Db,
  merchantId: string,
  ref: ProductRef,
  body: ProductWriteBody,
): Promise<Product | undefined> {
  return writing(db, async (tx) => {
    const [existing] = await tx
      .select({ id: products.id })
      .from(products)
      .where(refersTo(merchantId, ref))
      .for('update');
    if (!existing) return undefined;
    const values = await catalogValues(tx, merchantId, inputOf(body));
    const [row] = await tx.update(products).set(values).where(eq(products.id, existing.id)).returning();
    return finish(tx, merchantId, row!, 'product.updated', undefined);
  });
}

/**
 * Soft delete: the row stays as a tombstone so incremental syncs and the catalog feed learn about
 * it. Answers the deleted product, or undefined when there was no live one.
 */
export async function deleteProduct(
  db: Db,
  merchantId: string,
  ref: ProductRef,
): Promise<Product | undefined> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: products.id })
      .from(products)
      .where(refersTo(merchantId, ref))
      .for('update');
    if (!found) return undefined;
    const [row] = await tx
      .update(products)
      .set({
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: await nextCatalogVersion(tx, merchantId),
      })
      .where(eq(products.id, found.id))
      .returning();
    const deleted = presentProduct(row!);
    await emitEvent(tx, { merchantId, type: 'product.deleted', data: { object: deleted } });
    return deleted;
  });
}

/** Sets on-hand stock by a movement; the product's updatedAt moves too, so list syncs see it. */
export async function setStock(
  db: Db,
  merchantId: string,
  code: string,
  onHandMilli: number,
): Promise<Product | undefined> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: products.id }).from(products).where(refersTo(merchantId, { code }));
    if (!found) return undefined;
    const row = await setOnHand(tx, {
      merchantId,
      productId: found.id,
      onHandMilli,
      reason: 'set by operator',
    });
    return row && presentProduct(row);
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
