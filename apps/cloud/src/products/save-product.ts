// Writes to products: the seed, the administration API (upsert by code) and the integration
// API (create, update and delete by code, or by id on the deprecated URLs). Each write takes the next catalog version (the feed to
// terminals) and emits its event in the same transaction; stock moves only through the ledger.
import type { VatCode } from '@fiscal-pos/fiscal';
import { toMinor } from '@fiscal-pos/fiscal';
import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.js';
import { contentBlocks, products, type LocalizedText } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { emitEvent, emitEvents } from '../events/emit-event.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import {
  catalogTransaction,
  nextCatalogVersion,
  takeCatalogVersions,
} from '../catalog-base/catalog-version.js';
import { requireCategoryRef } from '../catalog-base/category-ref.js';
import { presentProduct, type Product, type ProductWriteBody } from './product-schemas.js';
import {
  announceInventory,
  holdStock,
  recordCountedStock,
  setOnHand,
  takePendingStockOf,
} from './stock-ledger.js';

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

/** The stored catalog fields of an input; its category id is the caller's to check. */
export const catalogColumns = (input: ProductInput) => ({
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
});

/** The stored catalog fields of an input, with the version it takes. */
async function catalogValues(tx: Tx, merchantId: string, input: ProductInput) {
  await requireCategoryRef(tx, merchantId, input.categoryId, 'body.categoryId');
  return {
    ...catalogColumns(input),
    version: await nextCatalogVersion(tx, merchantId),
    updatedAt: sql`now()`,
    deletedAt: null,
  };
}

/**
 * Runs a product write of the merchant, holding its catalog first (catalogTransaction); a code
 * or SKU another product holds is 409 catalog_conflict.
 */
export async function writing<T>(db: Db, merchantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await catalogTransaction(db, merchantId, work);
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
): Promise<Product> {
  const product = presentProduct(stored);
  await emitEvent(tx, { merchantId, type: event, data: { object: product } });
  return product;
}

/** Creates the product, or replaces the one with the same code (reviving a deleted one). */
export async function saveProduct(db: Db, merchantId: string, input: ProductInput): Promise<Product> {
  return writing(db, merchantId, async (tx) => {
    await requireCategoryRef(tx, merchantId, input.categoryId, 'body.categoryId');
    const [saved] = await upsertProducts(tx, merchantId, [input], 'set with the product');
    return saved!.product;
  });
}

/** Products per statement: bounds the JSON of one statement and the rows one plan handles. */
const UPSERT_CHUNK = 1_000;
/** On conflict, every catalog column and on-hand take the incoming value (the product is replaced). */
const REPLACED = Object.fromEntries(
  (
    [
      'barcodes',
      'name',
      'description',
      'priceMinor',
      'vatCode',
      'unit',
      'category',
      'sku',
      'categoryId',
      'active',
      'content',
      'version',
      'onHandMilli',
    ] as const
  ).map((key) => [key, sql.raw(`excluded.${getTableColumns(products)[key].name}`)]),
);

/**
 * The one writer of products by code, for the administration API's save (one product) and the
 * CSV import (thousands): creates each product or replaces the one with its code (reviving a
 * deleted one), each with its own catalog version, sets on-hand stock where the input says
 * (in the same statement, with a ledger movement of the difference) and emits
 * product.created or product.updated for each, in the caller's transaction. Codes must be
 * distinct; category ids are the caller's to check.
 */
export async function upsertProducts(
  tx: Tx,
  merchantId: string,
  inputs: readonly ProductInput[],
  stockReason: string,
): Promise<{ product: Product; created: boolean }[]> {
  const saved: { product: Product; created: boolean }[] = [];
  // What terminals' pushes left pending for these products, into on-hand before any is locked.
  const moved = await takePendingStockOf(
    tx,
    merchantId,
    inputs.map((input) => input.code),
  );
  for (let start = 0; start < inputs.length; start += UPSERT_CHUNK) {
    const chunk = inputs.slice(start, start + UPSERT_CHUNK);
    // Taking the versions holds the merchant's catalog, so no product of it is created
    // meanwhile; holdStock locks those that exist, so no writer moves their on-hand meanwhile.
    const first = await takeCatalogVersions(tx, merchantId, chunk.length);
    const held = await holdStock(
      tx,
      merchantId,
      chunk.map((input) => input.code),
    );
    // The rows as one JSON parameter: thousands of bound parameters cost more than the rows.
    const json = JSON.stringify(
      chunk.map((input, i) => {
        const c = catalogColumns(input);
        return {
          id: newId('prod'),
          code: c.code,
          barcodes: c.barcodes,
          name: c.name,
          description: c.description,
          price_minor: c.priceMinor,
          vat_code: c.vatCode,
          unit: c.unit,
          category: c.category,
          sku: c.sku,
          category_id: c.categoryId,
          active: c.active,
          on_hand_milli: input.onHandMilli ?? held.get(input.code) ?? 0,
          version: first + i,
          content: c.content,
        };
      }),
    );
    const rows = await tx
      .insert(products)
      .select(
        sql`select i.id, ${merchantId}, i.code, i.barcodes, i.name, i.description, i.price_minor, i.vat_code,
          i.unit, i.category, i.sku, i.category_id, i.active, i.on_hand_milli, i.version, i.content,
          now(), now(), null
        from jsonb_to_recordset(${json}::jsonb) as i(id text, code text, barcodes text[], name jsonb,
          description jsonb, price_minor bigint, vat_code text, unit text, category text, sku text,
          category_id text, active boolean, on_hand_milli bigint, version bigint, content jsonb)`,
      )
      .onConflictDoUpdate({
        target: [products.merchantId, products.code],
        set: { ...REPLACED, updatedAt: sql`now()`, deletedAt: null },
      })
      // xmax = 0 on the returned row means the insert happened rather than the update.
      .returning({ ...getTableColumns(products), created: sql<boolean>`(xmax = 0)` });
    const counted = rows.flatMap(({ created: _, ...product }) => {
      const deltaMilli = product.onHandMilli - (held.get(product.code) ?? 0);
      return deltaMilli === 0 ? [] : [{ product, deltaMilli }];
    });
    await recordCountedStock(tx, merchantId, counted, stockReason);
    // Products whose stock the write leaves as the pushes made it: announced here, the pushes' change.
    await announceInventory(
      tx,
      merchantId,
      rows.filter((p) => moved.has(p.id) && !counted.some((c) => c.product.id === p.id)),
    );
    const chunkSaved = rows.map(({ created, ...row }) => ({ product: presentProduct(row), created }));
    await emitEvents(
      tx,
      merchantId,
      chunkSaved.map(({ product, created }) => ({
        type: created ? 'product.created' : 'product.updated',
        data: { object: product },
      })),
    );
    saved.push(...chunkSaved);
  }
  return saved;
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
  return writing(db, merchantId, async (tx) => {
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
    return finish(tx, merchantId, row, 'product.created');
  });
}

/** A stored product as the input that would write it again. */
export const storedInput = (row: typeof products.$inferSelect): ProductInput => ({
  code: row.code,
  barcodes: row.barcodes,
  name: row.name,
  description: row.description,
  priceMinor: row.priceMinor,
  vatCode: row.vatCode,
  unit: row.unit,
  category: row.category,
  sku: row.sku,
  categoryId: row.categoryId,
  active: row.active,
  content: row.content,
});

/** The stored product with the fields a change gives (absent or undefined: kept). */
function merged(stored: ProductInput, change: Partial<ProductWriteBody>): ProductInput {
  const or = <T>(given: T | undefined, kept: T) => (given === undefined ? kept : given);
  return {
    code: or(change.code, stored.code),
    barcodes: or(change.barcodes, stored.barcodes),
    name: or(change.name, stored.name),
    description: or(change.description, stored.description),
    priceMinor: change.price === undefined ? stored.priceMinor : toMinor(change.price)!,
    vatCode: or(change.vatCode, stored.vatCode),
    unit: or(change.unit, stored.unit),
    category: or(change.category, stored.category),
    sku: or(change.sku, stored.sku),
    categoryId: or(change.categoryId, stored.categoryId),
    active: or(change.active, stored.active),
    content: or(change.content, stored.content),
  };
}

/**
 * Changes a live product's catalog fields by its id; stock is untouched. `replace` (the
 * integration API's PUT) writes the body as the whole product, absent optional fields cleared;
 * `merge` (the console's edits, deactivation) changes only the fields it gives.
 */
export async function updateProduct(
  db: Db,
  merchantId: string,
  ref: ProductRef,
  change: { replace: ProductWriteBody } | { merge: Partial<ProductWriteBody> },
): Promise<Product | undefined> {
  return writing(db, merchantId, async (tx) => {
    const [existing] = await tx.select().from(products).where(refersTo(merchantId, ref)).for('update');
    if (!existing) return undefined;
    const input = 'replace' in change ? inputOf(change.replace) : merged(storedInput(existing), change.merge);
    const values = await catalogValues(tx, merchantId, input);
    if (input.code !== existing.code) await releaseDeletedCode(tx, merchantId, input.code);
    const [row] = await tx.update(products).set(values).where(eq(products.id, existing.id)).returning();
    return finish(tx, merchantId, row!, 'product.updated');
  });
}

/**
 * A deleted product's code is free to reuse, by a create (which revives the deleted product) or
 * by renaming another product to it: the rename takes the code from the tombstone, which keeps
 * its id and stays deleted under `<code>#deleted-<id>` (the id makes it unique; terminals and
 * feeds know the product by id and already had its deletion, so its version is not moved).
 */
async function releaseDeletedCode(tx: Tx, merchantId: string, code: string): Promise<void> {
  await tx
    .update(products)
    .set({ code: sql`${products.code} || '#deleted-' || ${products.id}` })
    .where(
      and(
        eq(products.merchantId, merchantId),
        eq(products.code, code),
        sql`${products.deletedAt} is not null`,
      ),
    );
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
  return writing(db, merchantId, async (tx) => {
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
