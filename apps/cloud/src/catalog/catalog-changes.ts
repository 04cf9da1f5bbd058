// The catalog feed: what changed in a merchant's catalog after a cursor, in version order.
// The cursor is the last catalog version the terminal applied (catalog-version.ts explains
// why versions become visible in order, so a cursor never skips a change). Every write leaves
// its row with its new version, deletions included (tombstones), so one ordered scan of
// "version > cursor" over the four kinds is the whole change set; nothing depends on clocks.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../db/database.js';
import { cashiers, categories, products, vatRates } from '../db/schema.js';
import { presentCatalogProduct } from '../products/product-schemas.js';
import type { CatalogCashier, CatalogFeed } from '@fiscal-pos/platform-protocol';
import { SettableVatCode } from './catalog-schemas.js';
import { presentCashier } from './cashiers.js';
import { presentCategory } from './categories.js';
import { parsePinHash } from './pin-hash.js';
import { presentVatRate, withDefaults } from './vat-rates.js';

type Kind = 'product' | 'category' | 'cashier' | 'vatRate';
interface Change {
  kind: Kind;
  id: string;
  version: number;
  deleted: boolean;
}

/** The next `fetch` changes after the cursor; each branch reads its (merchant_id, version) index. */
async function changesAfter(tx: Tx, merchantId: string, cursor: number, fetch: number): Promise<Change[]> {
  const branch = (kind: Kind, table: string, id: string, deleted: string) =>
    sql`(select ${kind}::text as kind, ${sql.raw(id)} as id, version, ${sql.raw(deleted)} as deleted
      from ${sql.raw(table)} where merchant_id = ${merchantId} and version > ${cursor}
      order by version limit ${fetch})`;
  const rows = rowsOf<{ kind: Kind; id: string; version: string | number; deleted: boolean }>(
    await tx.execute(sql`
      select * from (
        ${branch('product', 'products', 'id', 'deleted_at is not null')}
        union all ${branch('category', 'categories', 'id', 'deleted_at is not null')}
        union all ${branch('cashier', 'cashiers', 'id', 'deleted_at is not null')}
        union all ${branch('vatRate', 'vat_rates', 'code', 'false')}
      ) changes order by version limit ${fetch}`),
  );
  return rows.map((r) => ({ ...r, version: Number(r.version) }));
}

const idsOf = (changes: Change[], kind: Kind, deleted: boolean) =>
  changes.filter((c) => c.kind === kind && c.deleted === deleted).map((c) => c.id);

/**
 * At most `limit` changes after `cursor` (0: the whole catalog), as the feed shows them.
 * `complete` is false when more changes follow `nextCursor`.
 */
export async function catalogChangesSince(
  db: Db,
  merchantId: string,
  cursor: number,
  limit: number,
): Promise<CatalogFeed> {
  // One snapshot for the change list and the rows it names, so a row deleted or changed
  // between the two reads is still served as the list saw it.
  return db.transaction(
    async (tx) => {
      const found = await changesAfter(tx, merchantId, cursor, limit + 1);
      const page = found.slice(0, limit);
      const productIds = idsOf(page, 'product', false);
      const categoryIds = idsOf(page, 'category', false);
      const cashierIds = idsOf(page, 'cashier', false);
      const vatCodes = idsOf(page, 'vatRate', false).filter(
        (code) => SettableVatCode.safeParse(code).success,
      );
      const [productRows, categoryRows, cashierRows, vatRows, storedCodes] = await Promise.all([
        productIds.length === 0
          ? []
          : tx.select().from(products).where(inArray(products.id, productIds)).orderBy(asc(products.version)),
        categoryIds.length === 0
          ? []
          : tx
              .select()
              .from(categories)
              .where(inArray(categories.id, categoryIds))
              .orderBy(asc(categories.version)),
        cashierIds.length === 0
          ? []
          : tx.select().from(cashiers).where(inArray(cashiers.id, cashierIds)).orderBy(asc(cashiers.version)),
        vatCodes.length === 0
          ? []
          : tx
              .select()
              .from(vatRates)
              .where(
                and(
                  eq(vatRates.merchantId, merchantId),
                  inArray(
                    vatRates.code,
                    vatCodes.map((code) => SettableVatCode.parse(code)),
                  ),
                ),
              )
              .orderBy(asc(vatRates.version)),
        // A full sync also sends the defaults of the codes the merchant never set, and `_`.
        cursor === 0
          ? tx.select({ code: vatRates.code }).from(vatRates).where(eq(vatRates.merchantId, merchantId))
          : [],
      ]);
      const defaults =
        cursor === 0 ? withDefaults([]).filter((rate) => !storedCodes.some((s) => s.code === rate.code)) : [];
      return {
        products: productRows.map(presentCatalogProduct),
        categories: categoryRows.map(presentCategory),
        vatRates: [...defaults, ...vatRows.map(presentVatRate)],
        cashiers: cashierRows.map((row): CatalogCashier => ({
          ...presentCashier(row),
          pinVerifier: parsePinHash(row.pinHash),
        })),
        deleted: {
          products: idsOf(page, 'product', true),
          categories: idsOf(page, 'category', true),
          cashiers: idsOf(page, 'cashier', true),
        },
        nextCursor: String(page.at(-1)?.version ?? cursor),
        complete: found.length <= limit,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
