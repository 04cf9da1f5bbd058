// Checks that a category id a write refers to is one of the merchant's live categories.
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { categories } from '../db/schema.js';
import { ProblemError } from '../http/problem.js';

/** A 400 naming `path` unless the id is null/absent or a live category of the merchant. */
export async function requireCategoryRef(
  db: Queryable,
  merchantId: string,
  categoryId: string | null | undefined,
  path: string,
): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(eq(categories.merchantId, merchantId), eq(categories.id, categoryId), isNull(categories.deletedAt)),
    )
    .limit(1);
  if (!row)
    throw new ProblemError('invalid_request', 'The body failed validation.', [
      { path, message: `no category ${categoryId}` },
    ]);
}
