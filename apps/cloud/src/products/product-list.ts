// The product list, the API's hottest read: PostgreSQL renders each product's JSON, so a page
// reaches Node as ~100 short text values instead of ~100 rows of 15 typed columns to decode
// (JSON.parse of jsonb, arrays, dates), map, present and stringify again. On PostgreSQL that
// work moves to the database server; on PGlite it is still one cheap field per row.
// `productJson` must render exactly what presentProduct renders; a test holds them equal.
import { sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { applyPendingStock } from './pending-stock.js';
import { products } from '../db/schema.js';
import { syncHorizon } from '../db/sync-horizon.js';
import type { SortKey } from '../http/cursor.js';

const iso = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Integer minor units as an exact JSON number (1250 -> 12.5), as fromMinor/fromMilli do. */
const scaled = (column: AnyColumn, divisor: number) =>
  sql`trim_scale(${column}::numeric / ${sql.raw(String(divisor))})`;

const productJson = sql<string>`json_build_object(
  'id', ${products.id}, 'code', ${products.code}, 'barcodes', ${products.barcodes},
  'name', ${products.name}, 'description', ${products.description},
  'price', ${scaled(products.priceMinor, 100)}, 'currency', 'MDL', 'vatCode', ${products.vatCode},
  'unit', ${products.unit}, 'category', ${products.category},
  'sku', ${products.sku}, 'categoryId', ${products.categoryId}, 'active', ${products.active},
  'onHand', ${scaled(products.onHandMilli, 1000)}, 'deleted', ${products.deletedAt} is not null,
  'createdAt', ${iso(products.createdAt)}, 'updatedAt', ${iso(products.updatedAt)})::text`;

export interface ListedPage {
  /** The page's products as the API shows them: JSON objects separated by commas. */
  json: string;
  hasMore: boolean;
  /** Sort key of the page's last product when another page follows. */
  next: SortKey | null;
}

type Variant = 'live' | 'live-after' | 'sync' | 'sync-after';

/**
 * Four query shapes, each prepared once per database (a named statement on a server). One row
 * comes back per page: the products joined in order, how many matched (limit + 1 means more
 * follow) and the sort key of the last one served.
 */
function prepare(db: Db, variant: Variant) {
  const after = variant.endsWith('-after');
  const sync = variant.startsWith('sync');
  const limit = sql.placeholder('limit');
  const page = db
    .select({
      json: sql<string>`${productJson}`.as('json'),
      updatedAt: products.updatedAt,
      id: products.id,
      n: sql<number>`row_number() over (order by ${products.updatedAt}, ${products.id})`.as('n'),
    })
    .from(products)
    .where(
      sql`${products.merchantId} = ${sql.placeholder('merchantId')}
        and ${
          sync
            ? sql`${products.updatedAt} >= ${sql.placeholder('updatedSince')}::timestamptz
                and ${products.updatedAt} < ${sql.placeholder('horizon')}::timestamptz`
            : sql`${products.deletedAt} is null`
        }
        ${after ? sql`and (${products.updatedAt}, ${products.id}) > (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')})` : sql``}`,
    )
    .orderBy(products.updatedAt, products.id)
    // limit + 1: the extra product's presence says a next page exists.
    .limit(sql.placeholder('fetch'))
    .as('page');
  return db
    .select({
      json: sql<string>`coalesce(string_agg(${page.json}, ',' order by ${page.n}) filter (where ${page.n} <= ${limit}::int), '')`,
      matched: sql<number>`count(*)::int`,
      lastAtMs: sql<
        string | null
      >`(max(extract(epoch from ${page.updatedAt}) * 1000) filter (where ${page.n} = ${limit}::int))::bigint::text`,
      lastId: sql<string | null>`max(${page.id}) filter (where ${page.n} = ${limit}::int)`,
    })
    .from(page)
    .prepare(`list_products_${variant.replace('-', '_')}`);
}

type Prepared = ReturnType<typeof prepare>;
const preparedByDb = new WeakMap<Db, Map<Variant, Prepared>>();

/**
 * A page of the merchant's products in (updatedAt, id) order after the cursor. Without
 * updatedSince the live catalog, with it every change (deleted products included) at or after
 * that instant and before the sync horizon.
 */
export async function listProductPage(
  db: Db,
  options: {
    merchantId: string;
    limit: number;
    after?: SortKey | undefined;
    updatedSince?: Date | undefined;
  },
): Promise<ListedPage> {
  // On-hand with every push answered before (pending-stock.ts); nothing written when none waits.
  await applyPendingStock(db, options.merchantId);
  const variant: Variant = `${options.updatedSince ? 'sync' : 'live'}${options.after ? '-after' : ''}`;
  // A sync stops short of the writes still open (sync-horizon.ts); the live catalog does not wait.
  const horizon = options.updatedSince ? await syncHorizon(db) : undefined;
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map<Variant, Prepared>()));
  let statement = statements.get(variant);
  if (!statement) statements.set(variant, (statement = prepare(db, variant)));
  const [row] = await statement.execute({
    merchantId: options.merchantId,
    limit: options.limit,
    fetch: options.limit + 1,
    updatedSince: options.updatedSince?.toISOString(),
    horizon,
    afterAt: options.after?.at.toISOString(),
    afterId: options.after?.id,
  });
  const hasMore = row!.matched > options.limit;
  return {
    json: row!.json,
    hasMore,
    next: hasMore ? { at: new Date(Number(row!.lastAtMs)), id: row!.lastId! } : null,
  };
}
