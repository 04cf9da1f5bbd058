import type { VatTable } from '@fiscal-pos/fiscal';
import { pinVerifierSchema, type PinVerifier } from '@fiscal-pos/platform-protocol';
import type { Db } from '../storage/database.js';
import type { CatalogFeed, CatalogProduct as FeedProduct } from '@fiscal-pos/platform-protocol';
import type {
  CatalogCashierList,
  CatalogCategoryList,
  CatalogCounts,
  CatalogProduct,
  CatalogProductPage,
} from './catalog-contract.js';

interface ProductRow {
  id: string;
  code: string;
  sku: string | null;
  name_json: string;
  price_bani: number;
  vat_code: CatalogProduct['vatCode'];
  unit: string;
  category_id: string | null;
  active: number;
  version: number;
  barcodes: string | null;
}

export interface ProductFilter {
  /** Case-insensitive substring of the name in any of its languages. */
  name: string | null;
  barcode: string | null;
  categoryId: string | null;
  active: boolean | null;
  /** The id the previous page ended with. */
  after: string | null;
  limit: number;
}

export interface StoredSyncState {
  cursor: string;
  lastSyncAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** Every translation of a name, lower-cased the way the search lower-cases what it looks for. */
function searchTextOf(name: FeedProduct['name']): string {
  return [name.ro, name.ru, name.en]
    .filter((text) => text !== undefined)
    .join('\n')
    .toLocaleLowerCase('ro');
}

/** The same list SQLite builds with group_concat, barcodes never holding the separator's control character. */
const BARCODE_SEPARATOR = '\u001f';

const PRODUCT_COLUMNS = `p.id, p.code, p.sku, p.name_json, p.price_bani, p.vat_code, p.unit, p.category_id,
  p.active, p.version,
  (SELECT group_concat(barcode, char(31)) FROM catalog_product_barcodes b WHERE b.product_id = p.id) AS barcodes`;

function productOf(row: ProductRow): CatalogProduct {
  return {
    id: row.id,
    code: row.code,
    sku: row.sku,
    barcodes: row.barcodes === null ? [] : row.barcodes.split(BARCODE_SEPARATOR).sort(),
    name: JSON.parse(row.name_json) as CatalogProduct['name'],
    price: row.price_bani / 100,
    vatCode: row.vat_code,
    unit: row.unit,
    categoryId: row.category_id,
    active: row.active === 1,
    version: row.version,
  };
}

/** A trigram index answers substrings of at least three characters. */
const TRIGRAM = 3;
/** Products a name search walks in id order before it asks the trigram index (products()). */
const WALK_ROWS = 100;
/**
 * Matches of the index up to which a page is sorted out of them; a substring more products hold
 * is found sooner by walking them in id order (products()).
 */
const SORT_MATCHES = 500;
/** Products a sync changes after which the trigram index is merged into one segment (applyPage). */
const OPTIMIZE_AFTER = 1_000;
const SEARCH_INDEX = 'catalog_products_search';

/** The catalog kept on the terminal: the feed's pages applied, and the reads of the catalog endpoints. */
export class CatalogStore {
  /** Products and deletions applied since the trigram index was last merged. */
  private changedSinceOptimize = 0;

  constructor(private readonly db: Db) {}

  /**
   * One page of the feed in one transaction: upserts, tombstones, then the cursor. A crash
   * repeats at most this page, and applying a page twice changes nothing.
   */
  applyPage(page: CatalogFeed, at: Date): void {
    const db = this.db;
    db.transaction(() => {
      for (const p of page.products) {
        // Triggers keep the full-text index in step with every write of catalog_products (catalog_products_search, migration 0014).
        db.prepare(
          `INSERT INTO catalog_products (id, code, sku, name_json, search_text, price_bani, vat_code, unit, category_id, active, version)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET code = excluded.code, sku = excluded.sku, name_json = excluded.name_json,
             search_text = excluded.search_text, price_bani = excluded.price_bani, vat_code = excluded.vat_code,
             unit = excluded.unit, category_id = excluded.category_id, active = excluded.active, version = excluded.version`,
        ).run(
          p.id,
          p.code,
          p.sku,
          JSON.stringify(p.name),
          searchTextOf(p.name),
          Math.round(p.price * 100),
          p.vatCode,
          p.unit,
          p.categoryId,
          p.active ? 1 : 0,
          p.version,
        );
        db.prepare('DELETE FROM catalog_product_barcodes WHERE product_id = ?').run(p.id);
        for (const barcode of new Set(p.barcodes)) {
          db.prepare('INSERT INTO catalog_product_barcodes (barcode, product_id) VALUES (?, ?)').run(
            barcode,
            p.id,
          );
        }
      }
      for (const c of page.categories) {
        db.prepare(
          `INSERT INTO catalog_categories (id, parent_id, name, position, version) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, name = excluded.name,
             position = excluded.position, version = excluded.version`,
        ).run(c.id, c.parentId, c.name, c.position, c.version);
      }
      for (const v of page.vatRates) {
        db.prepare(
          `INSERT INTO catalog_vat_rates (code, rate_basis_points, exempt, version) VALUES (?, ?, ?, ?)
           ON CONFLICT (code) DO UPDATE SET rate_basis_points = excluded.rate_basis_points,
             exempt = excluded.exempt, version = excluded.version`,
        ).run(v.code, v.rateBasisPoints, v.exempt ? 1 : 0, v.version);
      }
      for (const c of page.cashiers) {
        db.prepare(
          `INSERT INTO catalog_cashiers (id, name, role, pin_verifier, version) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role,
             pin_verifier = excluded.pin_verifier, version = excluded.version`,
        ).run(c.id, c.name, c.role, JSON.stringify(c.pinVerifier), c.version);
      }
      for (const id of page.deleted.products) db.prepare('DELETE FROM catalog_products WHERE id = ?').run(id);
      for (const id of page.deleted.categories)
        db.prepare('DELETE FROM catalog_categories WHERE id = ?').run(id);
      for (const id of page.deleted.cashiers) db.prepare('DELETE FROM catalog_cashiers WHERE id = ?').run(id);
      db.prepare('UPDATE catalog_state SET cursor = ? WHERE id = 1').run(page.nextCursor);
      if (page.complete) {
        db.prepare(
          'UPDATE catalog_state SET last_sync_at = ?, last_error = NULL, last_error_at = NULL WHERE id = 1',
        ).run(at.toISOString());
      }
    })();
    this.changedSinceOptimize += page.products.length + page.deleted.products.length;
    if (page.complete && this.changedSinceOptimize >= OPTIMIZE_AFTER) this.optimizeSearch();
  }

  /**
   * Merges the trigram index into one segment. Each page's transaction adds a segment, and a
   * search looks up every trigram of its text in each one: after the initial sync of 50,000
   * products (8 segments) a rare name costs 4x what it costs on one. It rewrites the index
   * (0.3-0.8 s at 50,000), so only after a sync that changed many products; the small
   * segments of incremental syncs are merged by FTS5's own automerge.
   */
  private optimizeSearch(): void {
    this.db.prepare(`INSERT INTO ${SEARCH_INDEX} (${SEARCH_INDEX}) VALUES ('optimize')`).run();
    this.changedSinceOptimize = 0;
  }

  recordError(message: string, at: Date): void {
    this.db
      .prepare('UPDATE catalog_state SET last_error = ?, last_error_at = ? WHERE id = 1')
      .run(message, at.toISOString());
  }

  syncState(): StoredSyncState {
    const row = this.db
      .prepare<
        [],
        {
          cursor: string;
          last_sync_at: string | null;
          last_error: string | null;
          last_error_at: string | null;
        }
      >('SELECT cursor, last_sync_at, last_error, last_error_at FROM catalog_state WHERE id = 1')
      .get()!;
    return {
      cursor: row.cursor,
      lastSyncAt: row.last_sync_at,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at,
    };
  }

  counts(): CatalogCounts {
    const count = (table: string) =>
      this.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n;
    return {
      products: count('catalog_products'),
      categories: count('catalog_categories'),
      vatRates: count('catalog_vat_rates'),
      cashiers: count('catalog_cashiers'),
    };
  }

  /**
   * Names are searched by substring; the trigram index (migration 0014) serves 3 characters and
   * more. A page is in id order and the index hands back its matches in rowid order, so the
   * index pays only for a substring few products hold: sorting 11,111 matches of 50,000 costs
   * 10-20 ms, where walking the products in id order (on their own index, migration 0021)
   * fills a page of a common substring within a few hundred. So:
   * - the next WALK_ROWS products from the cursor are walked first, which fills a page of a
   *   common substring at once;
   * - then the index is read for up to SORT_MATCHES + 1 matches: up to SORT_MATCHES, the page
   *   is sorted out of them; more, or a substring shorter than a trigram, and the walk goes on
   *   until the page is full or the catalog ends.
   * Each plan picks the page's rows by rowid and id alone; their columns are read for them only.
   */
  products(filter: ProductFilter): CatalogProductPage {
    const text = filter.name?.toLocaleLowerCase('ro') ?? null;
    if (text === null) return this.page(filter, [], []);
    const walk = (rows?: number) => this.page(filter, ['instr(p.search_text, ?) > 0'], [text], rows);
    if ([...text].length < TRIGRAM) return walk();
    const walked = walk(WALK_ROWS);
    // Only a full page proves that no match was left out.
    if (walked.nextCursor !== null) return walked;
    // The phrase in FTS5's quotes: the trigram index finds it as a substring.
    const phrase = `"${text.replaceAll('"', '""')}"`;
    const matches = this.db
      .prepare<[string, number], { rowid: number }>(
        `SELECT rowid FROM ${SEARCH_INDEX} WHERE ${SEARCH_INDEX} MATCH ? LIMIT ?`,
      )
      .all(phrase, SORT_MATCHES + 1);
    if (matches.length > SORT_MATCHES) return walk();
    // The matches just read, rather than the index asked again.
    const rowids = JSON.stringify(matches.map((m) => m.rowid));
    return this.page(filter, ['p.rowid IN (SELECT value FROM json_each(?))'], [rowids]);
  }

  /**
   * The page of products that meet the filter's other conditions and `where`, in id order;
   * with `walk`, among the next `walk` products from the cursor only (and a page that is not
   * full may have left matches out).
   */
  private page(
    filter: ProductFilter,
    where: string[],
    args: (string | number)[],
    walk?: number,
  ): CatalogProductPage {
    const conditions = this.conditions(filter);
    const all = [...conditions.where, ...where];
    const clause = (list: string[]) => (list.length > 0 ? `WHERE ${list.join(' AND ')}` : '');
    const from =
      walk === undefined
        ? `catalog_products p ${clause(all)}`
        : `(SELECT p.rowid, p.id, p.search_text FROM catalog_products p ${clause(conditions.where)}
            ORDER BY p.id LIMIT ${walk}) p ${clause(where)}`;
    // One row more than the page tells whether another page follows.
    const sql = `SELECT ${PRODUCT_COLUMNS} FROM catalog_products p
      WHERE p.rowid IN (SELECT p.rowid FROM ${from} ORDER BY p.id LIMIT ?) ORDER BY p.id`;
    const rows = this.db
      .prepare<(string | number)[], ProductRow>(sql)
      .all(...conditions.args, ...args, filter.limit + 1);
    const products = rows.slice(0, filter.limit).map(productOf);
    return { products, nextCursor: rows.length > filter.limit ? products.at(-1)!.id : null };
  }

  /** The filter's conditions but the name's. */
  private conditions(filter: ProductFilter): { where: string[]; args: (string | number)[] } {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (filter.barcode !== null) {
      where.push('p.id IN (SELECT product_id FROM catalog_product_barcodes WHERE barcode = ?)');
      args.push(filter.barcode);
    }
    if (filter.categoryId !== null) {
      where.push('p.category_id = ?');
      args.push(filter.categoryId);
    }
    if (filter.active !== null) {
      where.push('p.active = ?');
      args.push(filter.active ? 1 : 0);
    }
    if (filter.after !== null) {
      where.push('p.id > ?');
      args.push(filter.after);
    }
    return { where, args };
  }

  product(id: string): CatalogProduct | null {
    const row = this.db
      .prepare<[string], ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM catalog_products p WHERE p.id = ?`)
      .get(id);
    return row === undefined ? null : productOf(row);
  }

  categories(): CatalogCategoryList['categories'] {
    return this.db
      .prepare<[], { id: string; parentId: string | null; name: string; position: number; version: number }>(
        'SELECT id, parent_id AS parentId, name, position, version FROM catalog_categories ORDER BY parent_id NULLS FIRST, position, name, id',
      )
      .all();
  }

  cashiers(): CatalogCashierList['cashiers'] {
    return this.db
      .prepare<[], CatalogCashierList['cashiers'][number]>(
        'SELECT id, name, role, version FROM catalog_cashiers ORDER BY name, id',
      )
      .all();
  }

  /** A cashier with their PIN verifier, for signing in; null when the cloud has none of this id. */
  cashierForSignIn(id: string): { id: string; name: string; verifier: PinVerifier } | null {
    const row = this.db
      .prepare<[string], { id: string; name: string; pin_verifier: string }>(
        'SELECT id, name, pin_verifier FROM catalog_cashiers WHERE id = ?',
      )
      .get(id);
    if (!row) return null;
    return { id: row.id, name: row.name, verifier: pinVerifierSchema.parse(JSON.parse(row.pin_verifier)) };
  }

  /** The cloud's VAT rates as the sale calculation takes them; null before the first sync brought any. */
  vatTable(): VatTable | null {
    const rows = this.db
      .prepare<[], { code: keyof VatTable; rate_basis_points: number; exempt: number }>(
        'SELECT code, rate_basis_points, exempt FROM catalog_vat_rates ORDER BY code',
      )
      .all();
    if (rows.length === 0) return null;
    const table: VatTable = {};
    for (const row of rows) {
      table[row.code] = { code: row.code, rateBp: row.exempt === 1 ? null : row.rate_basis_points };
    }
    return table;
  }
}
