// Name search over a real SQLite catalog larger than the walk that serves common substrings
// (catalog-store.ts): every page, followed by its cursor to the end, must equal a plain
// substring filter of all products in id order, whichever plan answered it: the first walk
// (a common substring), the matches sorted (a rare one), the whole walk (one too common to
// sort that the first walk does not reach, or shorter than a trigram); with and without
// other filters, at several page sizes, in any case, diacritics kept.
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
  const n = (i * 7_919) % COUNT;
  const id = `prod_${String(n).padStart(5, '0')}`;
  const word = i < 300 ? 'Lapte' : i % 97 === 0 ? 'Rar' : 'Pâine';
  // The last 600 in id order: more than the index sorts, and none in the first walk.
  return {
    id,
    code: `C${i}`,
    sku: null,
    barcodes: [],
    name: { ro: `${word} ${i}`, ru: `Товар ${i}`, ...(n >= 600 ? { en: `Oil ${i}` } : {}) },
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
  const search = (name: string, extra: { categoryId?: string; active?: boolean; limit?: number } = {}) => {
    const limit = extra.limit ?? 20;
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page = store.products({
        name,
        barcode: null,
        categoryId: extra.categoryId ?? null,
        active: extra.active ?? null,
        after,
        limit,
      });
      expect(page.products.length).toBeLessThanOrEqual(limit);
      ids.push(...page.products.map((p) => p.id));
      after = page.nextCursor;
    } while (after !== null);
    return ids;
  };
  const expected = (name: string, extra: { categoryId?: string; active?: boolean } = {}) =>
    all
      .filter((p) =>
        [p.name.ro, p.name.ru, p.name.en].some((n) =>
          n?.toLocaleLowerCase('ro').includes(name.toLocaleLowerCase('ro')),
        ),
      )
      .filter((p) => extra.categoryId === undefined || p.categoryId === extra.categoryId)
      .filter((p) => extra.active === undefined || p.active === extra.active)
      .map((p) => p.id)
      .sort();

  /** Every page of `name` equals the substring filter, which holds `count` products. */
  const pagesAll = (name: string, count: number) => {
    const ids = search(name);
    expect(ids).toEqual(expected(name));
    expect(ids).toHaveLength(count);
  };

  it.each([
    ['товар', 1_200],
    ['pâine', 891],
    ['lapte', 300],
    ['LAPTE 2', 111],
    ['rar', 9],
    ['rar 97', 1],
    ['âine 11', 99],
    ['oil', 600],
    ['OIL 7', 62],
    ['il 11', 47],
    ['ТОВАР 99', 11],
    ['Pâine 1001', 1],
  ])('pages "%s" exactly as a substring filter in id order', pagesAll);

  it.each(['nimic', 'paine', 'tовар', '"', 'oil"', 'rar OR lapte', 'товар*'])(
    'finds nothing for "%s": no product holds it (diacritics and FTS5 syntax are text)',
    (name) => {
      expect(search(name)).toEqual([]);
    },
  );

  it.each([
    ['r', 9],
    ['âi', 891],
    ['ÂI', 891],
    ['L', 745],
    ['97', 22],
    ['s', 0],
  ])('pages "%s", shorter than a trigram, by walking every product', pagesAll);

  it.each([1, 7, 100])('pages the same matches %i at a time', (limit) => {
    for (const name of ['rar', 'oil', 'товар', 'âi']) expect(search(name, { limit })).toEqual(expected(name));
  });

  it('keeps the other filters while walking', () => {
    expect(search('товар', { categoryId: 'cat_even' })).toEqual(
      expected('товар', { categoryId: 'cat_even' }),
    );
    expect(search('lapte', { active: false })).toEqual(expected('lapte', { active: false }));
    expect(search('oil', { active: true, categoryId: 'cat_even' })).toEqual(
      expected('oil', { active: true, categoryId: 'cat_even' }),
    );
    expect(search('rar', { active: true })).toEqual(expected('rar', { active: true }));
  });
});
