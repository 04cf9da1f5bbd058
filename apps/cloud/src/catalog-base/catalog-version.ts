// The per-merchant catalog version: every write to a product's catalog fields, a category, a
// VAT rate or a cashier takes the next version and stores it on the row it wrote. The feed
// (catalog-changes.ts) serves rows whose version is above the terminal's cursor.
//
// Why a counter row and not a sequence: the upsert below locks the merchant's row until the
// transaction ends, so the merchant's catalog writes commit one after another in version
// order. A reader that has seen version n can then never later find a smaller version commit
// (with a sequence, a slow transaction holding version 7 could commit after 8 was read, and a
// cursor at 8 would skip it forever). Writers of different merchants do not wait for each other.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../db/database.js';

/** Takes the merchant's next catalog version; call inside the transaction that writes the row. */
export async function nextCatalogVersion(tx: Tx, merchantId: string): Promise<number> {
  return takeCatalogVersions(tx, merchantId, 1);
}

/**
 * Takes `count` versions at once (a batch of rows, one each) and returns the first; the batch
 * numbers its rows first, first + 1, ... One statement whatever the count.
 */
export async function takeCatalogVersions(tx: Tx, merchantId: string, count: number): Promise<number> {
  const [row] = rowsOf<{ version: string | number }>(
    await tx.execute(sql`
      insert into catalog_versions (merchant_id, version) values (${merchantId}, ${count})
      on conflict (merchant_id) do update set version = catalog_versions.version + ${count}
      returning version`),
  );
  return Number(row!.version) - count + 1;
}

/**
 * Holds the merchant's catalog until the transaction ends, taking no version: a writer that
 * reads the catalog before deciding what to write (an import) sees no other write meanwhile.
 */
async function lockCatalog(tx: Tx, merchantId: string): Promise<void> {
  await takeCatalogVersions(tx, merchantId, 0);
}

/**
 * A transaction writing the merchant's products or categories, which holds the merchant's
 * catalog before it reads or locks any of them: one lock order for every such write. A write
 * that locked its row first and took the catalog last (a delete, an update, a move) met
 * another that held the catalog and then needed that row (a create of the same code, a
 * product or child put in that category, by a foreign key or its conflict): PostgreSQL broke
 * the deadlock with a 500. Holding the catalog first also makes the checks a write makes (a
 * category empty before its delete, a move creating no cycle) see every write before it.
 */
export function catalogTransaction<T>(db: Db, merchantId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockCatalog(tx, merchantId);
    return work(tx);
  });
}
