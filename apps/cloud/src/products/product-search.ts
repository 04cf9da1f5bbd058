// The console's product list: the merchant's live products in code order, optionally only
// those a search matches (code, SKU, a barcode, a name in any language) or those in a category
// and the categories below it, or only active or inactive ones; a page at a time after the
// last code served.
import { and, asc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { applyPendingStock } from './pending-stock.js';
import { products } from '../db/schema.js';
import { PageQuery } from '../http/cursor.js';
import { ProblemError } from '../http/problem.js';
import { presentProduct, type Product } from './product-schemas.js';

export const ProductSearchQuery = PageQuery.extend({
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Part of the code, SKU or a name (any language), or a whole barcode'),
  categoryId: z.string().min(1).max(100).optional().describe('Products in this category or below it'),
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .describe('Only active (true) or inactive (false) products'),
});
export type ProductSearchQuery = z.output<typeof ProductSearchQuery>;

const CodeCursor = z.object({ c: z.string() });
const encode = (code: string) => Buffer.from(JSON.stringify({ c: code })).toString('base64url');
function decode(cursor: string): string {
  try {
    return CodeCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).c;
  } catch {
    throw new ProblemError('invalid_request', 'The cursor is not one this API returned.', [
      { path: 'query.cursor', message: 'invalid cursor' },
    ]);
  }
}

/** `%`, `_` and `\` in what the merchant typed are matched as themselves. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchProducts(
  db: Queryable,
  merchantId: string,
  query: ProductSearchQuery,
): Promise<{ data: Product[]; hasMore: boolean; nextCursor: string | null }> {
  await applyPendingStock(db, merchantId); // on-hand with every push answered (pending-stock.ts)
  const conditions: SQL[] = [eq(products.merchantId, merchantId), isNull(products.deletedAt)];
  if (query.cursor !== undefined) conditions.push(gt(products.code, decode(query.cursor)));
  if (query.active !== undefined) conditions.push(eq(products.active, query.active));
  if (query.q !== undefined) {
    const like = contains(query.q);
    conditions.push(
      or(
        ilike(products.code, like),
        ilike(products.sku, like),
        sql`${products.name}->>'ro' ilike ${like}`,
        sql`${products.name}->>'ru' ilike ${like}`,
        sql`${products.name}->>'en' ilike ${like}`,
        sql`${query.q} = any(${products.barcodes})`,
      )!,
    );
  }
  if (query.categoryId !== undefined)
    conditions.push(sql`${products.categoryId} in (
      with recursive below as (
        select id from categories where id = ${query.categoryId} and merchant_id = ${merchantId}
        union select c.id from categories c join below on c.parent_id = below.id)
      select id from below)`);
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.code))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(presentProduct),
    hasMore,
    nextCursor: hasMore ? encode(page.at(-1)!.code) : null,
  };
}
