// Exporting the merchant's live products as the products CSV (product-csv.ts), in code order,
// with the columns the import reads: an export imported again changes nothing.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { applyPendingStock } from './pending-stock.js';
import { categories, products } from '../db/schema.js';
import {
  asTextCell,
  CATEGORY_SEPARATOR,
  BARCODE_SEPARATOR,
  formatDecimalCell,
  writeCsv,
  type Delimiter,
} from './product-csv.js';

/** Each live category's path from the top: "Băuturi > Sucuri". */
async function categoryPaths(db: Queryable, merchantId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id)!;
    const parent = row.parentId === null || !byId.has(row.parentId) ? '' : pathOf(row.parentId);
    const path = parent === '' ? row.name : `${parent}${CATEGORY_SEPARATOR}${row.name}`;
    paths.set(id, path);
    return path;
  };
  for (const row of rows) pathOf(row.id);
  return paths;
}

export async function exportProducts(
  db: Queryable,
  options: { merchantId: string; delimiter: Delimiter },
): Promise<string> {
  const { merchantId, delimiter } = options;
  await applyPendingStock(db, merchantId); // on-hand with every push answered (pending-stock.ts)
  const [paths, rows] = await Promise.all([
    categoryPaths(db, merchantId),
    db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), isNull(products.deletedAt)))
      .orderBy(asc(products.code)),
  ]);
  const decimalMark = delimiter === ';' ? ',' : '.';
  return writeCsv(
    delimiter,
    rows.map((p) => ({
      code: asTextCell(p.code),
      sku: asTextCell(p.sku ?? ''),
      barcodes: asTextCell(p.barcodes.join(BARCODE_SEPARATOR)),
      name_ro: asTextCell(p.name.ro),
      name_ru: asTextCell(p.name.ru ?? ''),
      name_en: asTextCell(p.name.en ?? ''),
      description_ro: asTextCell(p.description?.ro ?? ''),
      description_ru: asTextCell(p.description?.ru ?? ''),
      description_en: asTextCell(p.description?.en ?? ''),
      category_path: asTextCell(p.categoryId === null ? '' : (paths.get(p.categoryId) ?? '')),
      vat_code: p.vatCode,
      unit: asTextCell(p.unit),
      price: formatDecimalCell(p.priceMinor, 2, decimalMark),
      active: p.active ? 'yes' : 'no',
      on_hand: formatDecimalCell(p.onHandMilli, 3, decimalMark),
    })),
  );
}
