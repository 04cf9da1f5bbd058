// Importing the products CSV (product-csv.ts reads the cells). Every row is checked, with the
// product schema the APIs use (ProductWriteBody) on the product as it would be stored, and
// every error is reported by row and column; then either nothing is written (errors, or a
// validation run) or every row is, in one transaction, through the same writer as the
// administration API's save (upsertProducts). Products are matched by code; a column the file
// does not have keeps each product's stored value, an empty cell clears an optional field. A
// category path naming categories the tree lacks creates them (insertCategories, the insert of
// the APIs' create), in the same transaction.
import { canonicalJson, fromMilli, fromMinor } from '@fiscal-pos/fiscal';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.js';
import { categories, products, type LocalizedText } from '../db/schema.js';
import { CategoryName, insertCategories } from '../catalog-base/insert-categories.js';
import { newId } from '../ids.js';
import { StockQuantity } from '../limits.js';
import { ProductWriteBody } from './product-schemas.js';
import { catalogColumns, storedInput, upsertProducts, writing, type ProductInput } from './save-product.js';
import { setOnHandMany } from './stock-ledger.js';
import {
  parseBarcodesCell,
  parseBooleanCell,
  parseCategoryPath,
  parseDecimalCell,
  readCsv,
  type CsvColumn,
  type CsvIssue,
  type CsvTable,
} from './product-csv.js';

export type ImportMode = 'validate' | 'apply';

/** The answer lists at most this many errors; errorCount has them all. */
export const MAX_REPORTED_ERRORS = 1_000;
const STOCK_REASON = 'CSV import';

export interface ImportResult {
  mode: ImportMode;
  /** True when the rows were written (apply mode, no errors). */
  applied: boolean;
  /** Product rows in the file (empty rows not counted). */
  rows: number;
  /** What the rows do, or would do: new products, changed products, products left as they are. */
  created: number;
  updated: number;
  unchanged: number;
  /** Products whose on-hand stock the file sets to another figure. */
  stockChanged: number;
  /** Categories the rows' paths name that did not exist: created (or to be). */
  categoriesCreated: number;
  errorCount: number;
  errors: CsvIssue[];
}

type ProductRow = typeof products.$inferSelect;

/** A row as it will be written: the product, and whether it changes anything. */
interface PlannedRow {
  input: ProductInput;
  catalogChanged: boolean;
  stockChanged: boolean;
  created: boolean;
}

/** A category the import creates for a path that names it: below a stored one, or a new one. */
interface NewCategory {
  id: string;
  parentId: string | null;
  name: string;
  position: number;
}

/**
 * The category tree by path: "Băuturi > Sucuri" -> its id, or why not. A name the tree lacks
 * at its place is planned as a new category (with the rest of the path below it), once however
 * many rows name it; `created` lists them parents first, as they must be written.
 */
function categoryResolver(rows: readonly { id: string; parentId: string | null; name: string }[]) {
  const children = new Map<string | null, { id: string; name: string }[]>();
  const place = (parentId: string | null, category: { id: string; name: string }) => {
    const siblings = children.get(parentId) ?? [];
    siblings.push(category);
    children.set(parentId, siblings);
  };
  for (const row of rows) place(row.parentId, row);
  const created: NewCategory[] = [];
  const resolve = (path: string): { id: string } | { error: string } => {
    const names = parseCategoryPath(path);
    for (const name of names) {
      if (name === '') return { error: `an empty category name in "${path}"` };
      const checked = CategoryName.safeParse(name);
      if (!checked.success) return { error: `category "${name}": ${checked.error.issues[0]!.message}` };
    }
    // Every name is checked before any is planned: a refused path creates nothing. Below a new
    // category every name is new, so a name twice among stored siblings is found first.
    let parent: string | null = null;
    for (const name of names) {
      const found: { id: string; name: string }[] = (children.get(parent) ?? []).filter(
        (c) => c.name === name,
      );
      if (found.length > 1) return { error: `two categories are named "${name}" there; rename one` };
      let next = found[0];
      if (!next) {
        next = { id: newId('cat'), name };
        created.push({ id: next.id, parentId: parent, name, position: 0 });
        place(parent, next);
      }
      parent = next.id;
    }
    return { id: parent! };
  };
  return { resolve, created };
}

/** The CSV column of each field of the product schema the file sets. */
const COLUMN_OF_FIELD: Readonly<Record<string, CsvColumn>> = {
  code: 'code',
  sku: 'sku',
  barcodes: 'barcodes',
  unit: 'unit',
  price: 'price',
  active: 'active',
  vatCode: 'vat_code',
  categoryId: 'category_path',
};

/** The CSV column an issue of the product schema is about. */
function columnOf(path: readonly PropertyKey[]): CsvColumn | null {
  const [field, sub] = path;
  const language = sub === 'ru' || sub === 'en' ? sub : 'ro';
  if (field === 'name' || field === 'description') return `${field}_${language}`;
  return typeof field === 'string' ? (COLUMN_OF_FIELD[field] ?? null) : null;
}

/** Text in the three languages from the row's cells over the stored text; ro empty is null. */
function localized(
  cells: CsvTable['rows'][number]['cells'],
  prefix: 'name' | 'description',
  stored: LocalizedText | null | undefined,
): { ro: string | undefined; ru: string | undefined; en: string | undefined } {
  const pick = (language: 'ro' | 'ru' | 'en') => {
    const cell = cells[`${prefix}_${language}`];
    const value = cell === undefined ? stored?.[language] : cell;
    return value === '' ? undefined : value;
  };
  return { ro: pick('ro'), ru: pick('ru'), en: pick('en') };
}

const withoutUndefined = (text: {
  ro: string;
  ru: string | undefined;
  en: string | undefined;
}): LocalizedText => ({
  ro: text.ro,
  ...(text.ru === undefined ? {} : { ru: text.ru }),
  ...(text.en === undefined ? {} : { en: text.en }),
});

/** What the catalog fields of a product are, in one comparable form. */
const catalogKey = (p: ProductInput): string => canonicalJson(catalogColumns(p));

/** One row: the product it makes over the stored one, or its errors by column. */
function planRow(
  cells: CsvTable['rows'][number]['cells'],
  stored: ProductRow | undefined,
  category: ReturnType<typeof categoryResolver>['resolve'],
): PlannedRow | Map<CsvColumn | null, string> {
  const errors = new Map<CsvColumn | null, string>();
  const fail = (column: CsvColumn | null, message: string) => {
    if (!errors.has(column)) errors.set(column, message);
  };
  const code = cells.code ?? '';
  const text = (column: 'vat_code' | 'unit', current: string | undefined) => {
    const value = cells[column] ?? current;
    if (value === undefined || value === '')
      fail(column, stored ? 'must not be empty' : 'required for a new product');
    return value;
  };
  const decimal = (column: 'price' | 'on_hand', decimals: number, negative: boolean) => {
    const cell = cells[column];
    if (cell === undefined || cell === '') return undefined;
    const parsed = parseDecimalCell(cell, decimals, { negative });
    if (typeof parsed === 'number') return parsed;
    fail(column, parsed.error);
    return null;
  };

  if (code === '') fail('code', 'required');
  const name = localized(cells, 'name', stored?.name);
  if (name.ro === undefined) fail('name_ro', stored ? 'must not be empty' : 'required for a new product');
  const description = localized(cells, 'description', stored?.description);
  if (description.ro === undefined && (description.ru !== undefined || description.en !== undefined))
    fail('description_ro', 'required when description_ru or description_en is given');
  const priceMinor = cells.price === undefined ? stored?.priceMinor : decimal('price', 2, false);
  if (priceMinor === undefined) fail('price', stored ? 'must not be empty' : 'required for a new product');
  const vatCode = text('vat_code', stored?.vatCode)?.toUpperCase();
  const unit = text('unit', stored?.unit);
  let categoryId = stored?.categoryId ?? null;
  if (cells.category_path !== undefined) {
    const resolved = cells.category_path === '' ? { id: null } : category(cells.category_path);
    if ('error' in resolved) fail('category_path', resolved.error);
    else categoryId = resolved.id;
  }
  let active = stored?.active ?? true;
  if (cells.active !== undefined && cells.active !== '') {
    const parsed = parseBooleanCell(cells.active);
    if (typeof parsed === 'boolean') active = parsed;
    else fail('active', parsed.error);
  }
  const onHandMilli = decimal('on_hand', 3, true);
  const stockChanged = typeof onHandMilli === 'number' && onHandMilli !== (stored?.onHandMilli ?? 0);
  // A count the file leaves as stored may be below 0 (sales outran it); a new one may not.
  if (stockChanged) {
    const check = StockQuantity.safeParse(fromMilli(onHandMilli));
    if (!check.success) fail('on_hand', check.error.issues[0]!.message);
  }

  // The product as the APIs would receive it, checked by their schema.
  const body = {
    code,
    barcodes: cells.barcodes === undefined ? (stored?.barcodes ?? []) : parseBarcodesCell(cells.barcodes),
    name: withoutUndefined({ ...name, ro: name.ro ?? '' }),
    description:
      description.ro === undefined ? null : withoutUndefined({ ...description, ro: description.ro }),
    price: typeof priceMinor === 'number' ? fromMinor(priceMinor) : Number.NaN,
    vatCode: vatCode ?? '',
    unit: unit ?? '',
    category: stored?.category ?? null,
    sku: cells.sku === undefined ? (stored?.sku ?? null) : cells.sku === '' ? null : cells.sku,
    categoryId,
    active,
    content: stored?.content ?? {},
  };
  const checked = ProductWriteBody.safeParse(body);
  if (!checked.success) for (const issue of checked.error.issues) fail(columnOf(issue.path), issue.message);
  if (errors.size > 0 || !checked.success || typeof priceMinor !== 'number') return errors;

  // The price stored is the one read from the cell's digits, not its float for the schema.
  const { price: _checked, ...fields } = checked.data;
  const input: ProductInput = {
    ...fields,
    priceMinor,
    // A new product (or a deleted one the file brings back) takes the file's figure even when 0.
    ...(stockChanged || (!stored && typeof onHandMilli === 'number') ? { onHandMilli } : {}),
  };
  const catalogChanged = !stored || catalogKey(input) !== catalogKey(storedInput(stored));
  return { input, catalogChanged, stockChanged, created: !stored };
}

interface Plan {
  rows: PlannedRow[];
  stored: Map<string, ProductRow>;
  /** The categories the rows' paths name that the tree lacks, parents first. */
  categories: NewCategory[];
  issues: CsvIssue[];
}

/** Every row checked against the catalog as `db` sees it, and against the other rows. */
async function planImport(db: Queryable, merchantId: string, table: CsvTable): Promise<Plan> {
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
      .from(categories)
      .where(and(eq(categories.merchantId, merchantId), isNull(categories.deletedAt))),
    db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, merchantId), isNull(products.deletedAt))),
  ]);
  const stored = new Map(productRows.map((p) => [p.code, p]));
  const category = categoryResolver(categoryRows);
  const issues: CsvIssue[] = [...table.issues];
  const rows: PlannedRow[] = [];
  const rowOfCode = new Map<string, number>();
  const rowOfSku = new Map<string, number>();
  for (const { row, cells } of table.rows) {
    const planned = planRow(cells, stored.get(cells.code ?? ''), category.resolve);
    const errors = planned instanceof Map ? planned : new Map<CsvColumn | null, string>();
    const code = cells.code ?? '';
    if (code !== '' && !errors.has('code')) {
      const first = rowOfCode.get(code);
      if (first === undefined) rowOfCode.set(code, row);
      else errors.set('code', `code ${code} is also on row ${first}`);
    }
    if (!(planned instanceof Map) && planned.input.sku) {
      const first = rowOfSku.get(planned.input.sku);
      if (first === undefined) rowOfSku.set(planned.input.sku, row);
      else errors.set('sku', `SKU ${planned.input.sku} is also on row ${first}`);
    }
    for (const [column, message] of errors) issues.push({ row, column, message });
    if (errors.size === 0 && !(planned instanceof Map)) rows.push(planned);
  }
  // A SKU a product outside the file keeps is not free (those in the file were checked above).
  for (const p of productRows)
    if (p.sku !== null && !rowOfCode.has(p.code)) {
      const row = rowOfSku.get(p.sku);
      if (row !== undefined)
        issues.push({ row, column: 'sku', message: `SKU ${p.sku} belongs to product ${p.code}` });
    }
  issues.sort((a, b) => a.row - b.row);
  return { rows, stored, categories: category.created, issues };
}

function summary(mode: ImportMode, rows: number, plan: Plan, applied: boolean): ImportResult {
  return {
    mode,
    applied,
    rows,
    created: plan.rows.filter((r) => r.created).length,
    updated: plan.rows.filter((r) => !r.created && r.catalogChanged).length,
    unchanged: plan.rows.filter((r) => !r.created && !r.catalogChanged).length,
    stockChanged: plan.rows.filter((r) => r.stockChanged).length,
    categoriesCreated: plan.categories.length,
    errorCount: plan.issues.length,
    errors: plan.issues.slice(0, MAX_REPORTED_ERRORS),
  };
}

const failed = (mode: ImportMode, issues: CsvIssue[]): ImportResult => ({
  mode,
  applied: false,
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  stockChanged: 0,
  categoriesCreated: 0,
  errorCount: issues.length,
  errors: issues.slice(0, MAX_REPORTED_ERRORS),
});

/**
 * Checks the file and, in apply mode when every row is right, writes it: all rows or none.
 * The rows are checked again inside the writing transaction, which holds the merchant's
 * catalog, so no other catalog write can slip between the check and the write.
 */
export async function importProducts(
  db: Db,
  options: { merchantId: string; csv: Uint8Array; mode: ImportMode },
): Promise<ImportResult> {
  const { merchantId, mode } = options;
  const table = readCsv(options.csv);
  if (Array.isArray(table)) return failed(mode, table);
  const rowCount = table.rows.length + table.issues.length;
  if (mode === 'validate') return summary(mode, rowCount, await planImport(db, merchantId, table), false);
  return writing(db, merchantId, async (tx) => {
    const plan = await planImport(tx, merchantId, table);
    if (plan.issues.length > 0) return summary(mode, rowCount, plan, false);
    await insertCategories(tx, merchantId, plan.categories);
    await upsertProducts(
      tx,
      merchantId,
      plan.rows.filter((r) => r.catalogChanged).map((r) => r.input),
      STOCK_REASON,
    );
    await setOnHandMany(
      tx,
      merchantId,
      plan.rows
        .filter((r) => !r.catalogChanged && r.stockChanged)
        .map((r) => ({ productId: plan.stored.get(r.input.code)!.id, onHandMilli: r.input.onHandMilli! })),
      STOCK_REASON,
    );
    return summary(mode, rowCount, plan, true);
  });
}
