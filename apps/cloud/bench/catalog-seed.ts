/**
 * A merchant's catalog at a real shop's size, written in one statement each (the admin API would
 * take minutes to write 50,000 products one by one): one catalog version per product, as years
 * of edits leave it. Used by the terminal's catalog benchmark.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.js';

export async function seedBenchCatalog(db: Db, merchantId: string, count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO products (id, merchant_id, code, barcodes, name, price_minor, vat_code, unit, version)
    SELECT 'prod_bench' || g, ${merchantId}, 'B-' || lpad(g::text, 6, '0'),
           ARRAY['48' || lpad(g::text, 11, '0')],
           jsonb_build_object('ro', 'Produs ' || g || ' ' || md5(g::text), 'ru', 'Товар ' || g),
           100 + g % 10000, (ARRAY['A','B','C','D','E'])[1 + g % 5], 'pcs', g
      FROM generate_series(1, ${count}) AS g`);
  await db.execute(sql`
    INSERT INTO catalog_versions (merchant_id, version) VALUES (${merchantId}, ${count})
    ON CONFLICT (merchant_id) DO UPDATE SET version = excluded.version`);
}

/** Changes the price of the first `changed` bench products, each in a new catalog version. */
export async function changeBenchProducts(
  db: Db,
  merchantId: string,
  count: number,
  changed: number,
): Promise<void> {
  await db.execute(sql`
    UPDATE products SET price_minor = price_minor + 1, version = ${count} + substring(id from 11)::int
     WHERE merchant_id = ${merchantId} AND substring(id from 11)::int <= ${changed}`);
  await db.execute(
    sql`UPDATE catalog_versions SET version = ${count + changed} WHERE merchant_id = ${merchantId}`,
  );
}
