// Name search over a real SQLite catalog larger than the walk that serves common substrings
// (catalog-store.ts): every page, followed by its cursor to the end, must equal a plain
// substring filter of all products in id order, whether the walk or the trigram index
// answered it; rare, common and clustered substrings, with and without other filters.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogStore } from '../../src/catalog/catalog-store.js';
import type {
  CatalogFeed as CatalogFeedPage,
  CatalogProduct as FeedProduct,
} from '@fiscal-pos/platform-protocol';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';

const COUNT = 1_200;
let dir: string;
let db: Db;
let store: CatalogStore;
const all: FeedProduct[] = [];

function feedProduct(i: number): FeedProduct {
  // Ids in an order unlike the names', words in every product, in a cluster, and in a few.
  const id = `prod_${String((i * 7_919) % COUNT).padStart(5, '0')}`;
  const word = i < 300 ? 'Lapte' : i % 97 === 0 ? 'Rar' : 'Pâine';
  return {
    id,
    code: `C${i}`,
    sku: null,
    barcodes: [],
    name: { ro: `${word} ${i}`, ru: `Товар ${i}` },
    price: 1,
    vatCode: 'B',
    unit: 'pcs',
    categoryId: i % 2 === 0 ? 'cat_even' : null,
    active: i % 3 !== 0,
    version: i + 1,
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-search-'));
  db = openFiscalDatabase(join(dir, 'terminal.db'));
  store = new CatalogStore(db);
  for (let i = 0; i < COUNT; i++) all.push(feedProduct(i));
  const page: CatalogFeedPage = {
    products: all,
    categories: [],
    vatRates: [],
    cashiers: [],
    deleted: { products: [], categories: [], cashiers: [] },
    nextCursor: String(COUNT),
    complete: true,
  };
  store.applyPage(page, new Date());
});
afterAll(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('catalog name search', () => {
  const search = (name: string, extra: { categoryId?: string; active?: boolean } = {}) => {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page = store.products({
        name,
        barcode: null,
        categoryId: extra.categoryId ?? null,
        active: extra.active ?? null,
        after,
        limit: 20,
      });
      expect(page.products.length).toBeLessThanOrEqual(20);
      ids.push(...page.products.map((p) => p.id));
      after = page.nextCursor;
    } while (after !== null);
    return ids;
  };
  const expected = (name: string, extra: { categoryId?: string; active?: boolean } = {}) =>
    all
      .filter((p) =>
        [p.name.ro, p.name.ru].some((n) => n?.toLocaleLowerCase('ro').includes(name.toLocaleLowerCase('ro'))),
      )
      .filter((p) => extra.categoryId === undefined || p.categoryId === extra.categoryId)
      .filter((p) => extra.active === undefined || p.active === extra.active)
      .map((p) => p.id)
      .sort();

  it.each(['товар', 'pâine', 'lapte', 'LAPTE 2', 'rar', 'rar 97', 'âine 11', 'nimic'])(
    'pages "%s" exactly as a substring filter in id order',
    (name) => {
      expect(search(name)).toEqual(expected(name));
    },
  );

  it('keeps the other filters while walking', () => {
    expect(search('товар', { categoryId: 'cat_even' })).toEqual(
      expected('товар', { categoryId: 'cat_even' }),
    );
    expect(search('lapte', { active: false })).toEqual(expected('lapte', { active: false }));
  });
});
