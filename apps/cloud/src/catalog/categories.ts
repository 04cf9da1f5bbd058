// The merchant's category tree. A parent must be a live category of the same merchant and
// not the category itself or one below it (no cycles); a category with live children or
// products cannot be deleted (409), so no product or child ever points at a tombstone.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Queryable, type Tx } from '../db/database.js';
import { categories, products } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';
import { newId } from '../ids.js';
import type { Category } from '@fiscal-pos/platform-protocol';
import type { CategoryBody } from './catalog-schemas.js';
import { catalogTransaction, nextCatalogVersion } from '../catalog-base/catalog-version.js';
import { insertCategories } from '../catalog-base/insert-categories.js';
import { requireCategoryRef } from '../catalog-base/category-ref.js';

type CategoryRow = typeof categories.$inferSelect;

export const presentCategory = (row: CategoryRow): Category => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  position: row.position,
  version: row.version,
});

const live = (merchantId: string, id: string) =>
  and(eq(categories.merchantId, merchantId), eq(categories.id, id), isNull(categories.deletedAt));

export async function listCategories(db: Queryable, merchantId: string): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedAt)))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  return rows.map(presentCategory);
}

/** Whether `ancestorId` is `id` or above it in the tree. */
async function isAtOrBelow(tx: Tx, id: string, ancestorId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with recursive up as (
        select id, parent_id from categories where id = ${id}
        union select c.id, c.parent_id from categories c join up on c.id = up.parent_id)
      select id from up where id = ${ancestorId} limit 1`),
  );
  return rows.length > 0;
}

export async function createCategory(db: Db, merchantId: string, body: CategoryBody): Promise<Category> {
  return catalogTransaction(db, merchantId, async (tx) => {
    await requireCategoryRef(tx, merchantId, body.parentId, 'body.parentId');
    const [row] = await insertCategories(tx, merchantId, [{ id: newId('cat'), ...body }]);
    return presentCategory(row!);
  });
}

/** Renames, moves or reorders a category: the fields the change gives (the admin's PUT gives all). */
export async function updateCategory(
  db: Db,
  merchantId: string,
  id: string,
  change: Partial<CategoryBody>,
): Promise<Category | undefined> {
  return catalogTransaction(db, merchantId, async (tx) => {
    const [existing] = await tx.select().from(categories).where(live(merchantId, id)).for('update');
    if (!existing) return undefined;
    const body: CategoryBody = {
      name: change.name ?? existing.name,
      parentId: change.parentId === undefined ? existing.parentId : change.parentId,
      position: change.position ?? existing.position,
    };
    await requireCategoryRef(tx, merchantId, body.parentId, 'body.parentId');
    if (body.parentId !== null && (await isAtOrBelow(tx, body.parentId, id)))
      throw new ProblemError('invalid_request', 'The body failed validation.', [
        { path: 'body.parentId', message: 'a category cannot sit below itself' },
      ]);
    const [row] = await tx
      .update(categories)
      .set({ ...body, version: await nextCatalogVersion(tx, merchantId), updatedAt: sql`now()` })
      .where(eq(categories.id, id))
      .returning();
    return presentCategory(row!);
  });
}

export async function deleteCategory(db: Db, merchantId: string, id: string): Promise<boolean> {
  return catalogTransaction(db, merchantId, async (tx) => {
    const [existing] = await tx.select().from(categories).where(live(merchantId, id)).for('update');
    if (!existing) return false;
    const [child] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.parentId, id), isNull(categories.deletedAt)))
      .limit(1);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.deletedAt)))
      .limit(1);
    if (child || product)
      throw new ProblemError(
        'catalog_conflict',
        `Category ${id} still holds ${child ? 'categories' : 'products'}; move them first.`,
      );
    await tx
      .update(categories)
      .set({
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: await nextCatalogVersion(tx, merchantId),
      })
      .where(eq(categories.id, id));
    return true;
  });
}
