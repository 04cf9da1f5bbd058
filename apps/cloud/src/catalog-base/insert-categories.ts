// The one insert of categories: the console's and administration API's create (one), and the
// products CSV import (the categories its paths name that the tree lacks).
import { z } from 'zod';
import type { Tx } from '../db/database.js';
import { categories } from '../db/schema.js';
import { takeCatalogVersions } from './catalog-version.js';

/** A category's name, as every writer of categories takes it. */
export const CategoryName = z.string().min(1).max(100);

/** Rows per statement: six bound parameters each, far below the protocol's 65,535. */
const INSERT_CHUNK = 1_000;

/**
 * Inserts the categories, each with its own catalog version (the feed to terminals). A parent
 * must be a live category of the merchant or come earlier in `rows`; the caller checks that.
 */
export async function insertCategories(
  tx: Tx,
  merchantId: string,
  rows: readonly { id: string; parentId: string | null; name: string; position: number }[],
): Promise<(typeof categories.$inferSelect)[]> {
  const inserted: (typeof categories.$inferSelect)[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const first = await takeCatalogVersions(tx, merchantId, chunk.length);
    inserted.push(
      ...(await tx
        .insert(categories)
        .values(chunk.map((row, i) => ({ ...row, merchantId, version: first + i })))
        .returning()),
    );
  }
  return inserted;
}
