// The name search's indexes on a real SQLite file: the trigram index stays equal to the
// catalog through every write of the feed (new products, renames, other changes, deletions, in
// the pages a sync applies), FTS5's own integrity check agreeing; a large sync leaves it in one
// segment; and migration 0021 upgrades a file that already holds a catalog.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogFeed, CatalogProduct as FeedProduct } from '@fiscal-pos/platform-protocol';
import { CatalogStore } from '../../src/catalog/catalog-store.js';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';
import { runMigrations } from '../../src/storage/migrations.js';

const MIGRATIONS = new URL('../../src/storage/migrations/', import.meta.url);
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-search-index-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function product(i: number, name: string, version = 1): FeedProduct {
  return {
    id: `prod_${String(i).padStart(5, '0')}`,
    code: `C${i}`,
    sku: null,
    barcodes: [],
    name: { ro: name },
    price: 1,
    vatCode: 'B',
    unit: 'pcs',
    categoryId: null,
    active: true,
    version,
  };
}

function feedPage(products: FeedProduct[], deleted: string[] = [], complete = true): CatalogFeed {
  return {
    products,
    categories: [],
    vatRates: [],
    cashiers: [],
    deleted: { products: deleted, categories: [], cashiers: [] },
    nextCursor: '1',
    complete,
  };
}

/** `pages` pages of the feed, 100 products each, `Produs <n>` for n from 0, the sync not complete. */
function applyPages(store: CatalogStore, pages: number): void {
  for (let page = 0; page < pages; page++) {
    const products = Array.from({ length: 100 }, (_, i) =>
      product(page * 100 + i, `Produs ${page * 100 + i}`),
    );
    store.applyPage(feedPage(products, [], false), new Date());
  }
}

const names = (store: CatalogStore, search: string) =>
  store
    .products({ name: search, barcode: null, categoryId: null, active: null, after: null, limit: 100 })
    .products.map((p) => p.name.ro);

/** FTS5 compares the index with its content table ('integrity-check' with rank 1); throws on a difference. */
const checkIndex = (db: Db) =>
  db
    .prepare(
      "INSERT INTO catalog_products_search (catalog_products_search, rank) VALUES ('integrity-check', 1)",
    )
    .run();

const segments = (db: Db) =>
  db.prepare<[], { n: number }>('SELECT COUNT(DISTINCT segid) AS n FROM catalog_products_search_idx').get()!
    .n;

/** A fresh terminal file and its catalog, closed after `work`. */
function withCatalog(work: (db: Db, store: CatalogStore) => void): void {
  const db = openFiscalDatabase(join(dir, 'terminal.db'));
  try {
    work(db, new CatalogStore(db));
  } finally {
    db.close();
  }
}

describe('the name search index', () => {
  it('follows every write of a sync: new, renamed, changed otherwise, deleted, in one page and across pages', () => {
    withCatalog((db, store) => {
      store.applyPage(
        feedPage([product(1, 'Lapte 1L'), product(2, 'Pâine albă'), product(3, 'Brânză')]),
        new Date(),
      );
      checkIndex(db);
      expect(names(store, 'lapte')).toEqual(['Lapte 1L']);

      // A rename, a price change that keeps the name, a deletion and a new product in one page.
      store.applyPage(
        feedPage(
          [
            product(1, 'Chefir 1L', 2),
            { ...product(2, 'Pâine albă', 2), price: 2 },
            product(4, 'Lapte bătut'),
          ],
          ['prod_00003'],
        ),
        new Date(),
      );
      checkIndex(db);
      expect(names(store, 'lapte')).toEqual(['Lapte bătut']);
      expect(names(store, 'chefir')).toEqual(['Chefir 1L']);
      expect(names(store, 'pâine')).toEqual(['Pâine albă']);
      expect(names(store, 'brânz')).toEqual([]);

      // A change of price alone leaves the index as it was (no new segment).
      const before = segments(db);
      store.applyPage(feedPage([{ ...product(2, 'Pâine albă', 3), price: 3 }]), new Date());
      expect(segments(db)).toBe(before);
      checkIndex(db);

      // The same page applied twice (a sync repeated after a crash) changes nothing.
      const again = feedPage([product(5, 'Lapte praf')], ['prod_00004'], false);
      store.applyPage(again, new Date());
      store.applyPage(again, new Date());
      checkIndex(db);
      expect(names(store, 'lapte')).toEqual(['Lapte praf']);
      expect(names(store, '1l')).toEqual(['Chefir 1L']);
    });
  });

  it('is merged into one segment after a sync of many products, and searched the same', () => {
    withCatalog((db, store) => {
      // Eleven pages of 100 products: each page's transaction adds a segment to the index.
      applyPages(store, 11);
      expect(segments(db)).toBeGreaterThan(1);
      store.applyPage(feedPage([product(2_000, 'Produs 2000')]), new Date());
      expect(segments(db)).toBe(1);
      checkIndex(db);
      expect(names(store, 'produs 1099')).toEqual(['Produs 1099']);
      expect(names(store, 'produs 2000')).toEqual(['Produs 2000']);
    });
  });

  it('upgrades a file that already holds a catalog (migration 0021)', () => {
    // The file as the last release left it: every migration before 0021, and a catalog synced.
    const before = join(dir, 'migrations-0020');
    cpSync(new URL(MIGRATIONS), before, { recursive: true });
    for (const file of readdirSync(before)) if (Number(file.slice(0, 4)) >= 21) rmSync(join(before, file));
    const file = join(dir, 'terminal.db');
    const old = new Database(file);
    runMigrations(old, pathToFileURL(`${before}/`));
    const oldStore = new CatalogStore(old);
    applyPages(oldStore, 5);
    const indexes = (db: Db) =>
      db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'catalog_products'",
        )
        .all()
        .map((row) => row.name);
    expect(indexes(old)).not.toContain('catalog_products_walk');
    expect(segments(old)).toBeGreaterThan(1);
    old.close();

    const db = openFiscalDatabase(file);
    try {
      expect(indexes(db)).toContain('catalog_products_walk');
      expect(segments(db)).toBe(1);
      checkIndex(db);
      const store = new CatalogStore(db);
      expect(names(store, 'produs 499')).toEqual(['Produs 499']);
      expect(names(store, 'us 49')).toHaveLength(11);
      expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM catalog_products').get()!.n).toBe(500);
    } finally {
      db.close();
    }
  });
});
