// The catalog kept on the terminal, against a real cloud: a full sync of products, categories,
// VAT rates and cashiers, read back over the terminal's raw catalog endpoints (search, barcode,
// category, active, cursor paging), changes and deletions in the cloud arriving by the
// incremental sync (several feed pages), the cloud's VAT rates used by sales (a change during an
// open fiscal day waits for its Z report), and the cloud going away: the terminal keeps selling
// from its copy and health says what failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { readStoredApiKey } from '../../src/storage/api-key-file.js';
import { cashSale, tempDir, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';

const env = useSimulator();
let cloud: TestCloud;
let merchantId: string;
let terminal: TerminalHandle;
let key: string;
const ids: Record<string, string> = {};

interface Product {
  id: string;
  code: string;
  name: { ro: string };
  price: number;
  barcodes: string[];
  active: boolean;
  categoryId: string | null;
}
type Json = Record<string, unknown>;

const at = () => `/merchants/${merchantId}`;
const get = async <T = Json>(path: string) => {
  const res = await terminal.call<T>('GET', path, undefined, { 'X-API-Key': key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const sync = () => terminal.call<Json>('POST', '/api/catalog/sync', undefined, { 'X-API-Key': key });
const product = (name: string, extra: Json = {}) => ({
  name: { ro: name },
  price: 10,
  vatCode: 'B',
  unit: 'pcs',
  ...extra,
});
const putProduct = async (code: string, body: Json) =>
  (await cloud.admin<{ id: string }>('PUT', `${at()}/products/${code}`, body)).id;

beforeAll(async () => {
  cloud = await startCloudForTerminals();
  merchantId = await cloud.merchant();
  const food = await cloud.admin<{ id: string }>('POST', `${at()}/categories`, { name: 'Alimente' });
  const fruit = await cloud.admin<{ id: string }>('POST', `${at()}/categories`, {
    name: 'Fructe',
    parentId: food.id,
  });
  ids.food = food.id;
  ids.fruit = fruit.id;
  ids.apple = await putProduct(
    'APL',
    product('Mere Golden', { categoryId: fruit.id, barcodes: ['4840000000017'], price: 12.5, vatCode: 'A' }),
  );
  ids.water = await putProduct(
    'WAT',
    product('Apă plată', { categoryId: food.id, barcodes: ['4840000000024', '4840000000031'], price: 9.5 }),
  );
  ids.bread = await putProduct('BRD', product('Pâine albă', { categoryId: food.id }));
  ids.old = await putProduct('OLD', product('Apă veche', { active: false }));
  await cloud.admin('PUT', `${at()}/vat-rates/A`, { rateBasisPoints: 900 });
  await cloud.admin('POST', `${at()}/cashiers`, { name: 'Ana', role: 'administrator', pin: '0421' });

  const { activationCode } = await cloud.terminal(merchantId);
  const dataDir = tempDir('catalog');
  await activateTerminal({ cloudUrl: cloud.url, code: activationCode, dataDir });
  key = readStoredApiKey(dataDir)!;
  terminal = await env.start({
    dataDir,
    card: 'none',
    // Two changes per feed page: a sync takes several pages, as a large catalog would.
    config: {
      platform: { ...loadTerminalConfig({}).platform, catalogSyncIntervalMs: 600_000, catalogPageSize: 2 },
    },
  });
});
afterAll(async () => {
  await cloud?.close();
});

describe('the catalog on the terminal', () => {
  it('syncs the whole catalog at start, page by page', async () => {
    const state = await sync();
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ state: 'synced', lastError: null, lastSyncAt: expect.any(String) });
    const health = await terminal.call<Json>('GET', '/api/catalog/health', undefined, { 'X-API-Key': '' });
    expect(health.body).toMatchObject({
      status: 'ok',
      sync: { state: 'synced', cursor: (state.body as { cursor: string }).cursor },
      counts: { products: 4, categories: 2, vatRates: 6, cashiers: 1 },
    });
  });

  it('searches products by name (any case, diacritics kept), exact barcode, category and active, with cursor paging', async () => {
    const names = (page: { products: Product[] }) => page.products.map((p) => p.name.ro).sort();
    expect(names(await get('/api/catalog/products?search=APĂ'))).toEqual(['Apă plată', 'Apă veche']);
    expect(names(await get('/api/catalog/products?search=apă&active=true'))).toEqual(['Apă plată']);
    // Inside a word, and short: the trigram index serves 3 characters and more, a scan fewer.
    expect(names(await get('/api/catalog/products?search=LDE'))).toEqual(['Mere Golden']);
    expect(names(await get('/api/catalog/products?search=ţă'))).toEqual([]);
    expect(names(await get('/api/catalog/products?search=tă'))).toEqual(['Apă plată']);
    expect(names(await get('/api/catalog/products?search=%22'))).toEqual([]);
    expect(names(await get('/api/catalog/products?active=false'))).toEqual(['Apă veche']);
    expect(names(await get('/api/catalog/products?barcode=4840000000031'))).toEqual(['Apă plată']);
    expect(names(await get('/api/catalog/products?barcode=484000000003'))).toEqual([]);
    expect(names(await get(`/api/catalog/products?categoryId=${ids.fruit}`))).toEqual(['Mere Golden']);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { products: Product[]; nextCursor: string | null } = await get(
        `/api/catalog/products?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.products.length).toBeLessThanOrEqual(3);
      seen.push(...page.products.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen.sort()).toEqual([ids.apple, ids.water, ids.bread, ids.old].sort());

    const apple = await get<Product & Json>(`/api/catalog/products/${ids.apple}`);
    expect(apple).toMatchObject({
      code: 'APL',
      barcodes: ['4840000000017'],
      price: 12.5,
      vatCode: 'A',
      categoryId: ids.fruit,
      active: true,
    });
    const missing = await terminal.call('GET', '/api/catalog/products/prod_nope', undefined, {
      'X-API-Key': key,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'PRODUCT_NOT_FOUND', message: expect.any(String) } });
    const invalid = await terminal.call<{ error: { code: string; details: unknown[] } }>(
      'GET',
      '/api/catalog/products?limit=0&active=yes',
      undefined,
      { 'X-API-Key': key },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('VALIDATION_ERROR');
    expect(invalid.body.error.details).toHaveLength(2);
    const anonymous = await terminal.call('GET', '/api/catalog/products', undefined, { 'X-API-Key': '' });
    expect(anonymous.body).toEqual({ error: { code: 'MISSING_API_KEY', message: expect.any(String) } });
  });

  it('serves categories, the cloud’s VAT rates (used by sales) and cashiers without their PIN', async () => {
    const { categories } = await get<{ categories: Json[] }>('/api/catalog/categories');
    expect(categories.map((c) => [c.name, c.parentId])).toEqual([
      ['Alimente', null],
      ['Fructe', ids.food],
    ]);
    const vat = await get<{ source: string; vatRates: Json[] }>('/api/catalog/vat-rates');
    expect(vat.source).toBe('cloud');
    expect(vat.vatRates).toContainEqual({ code: 'A', rateBasisPoints: 900, exempt: false });
    expect(vat.vatRates).toContainEqual({ code: '_', rateBasisPoints: 0, exempt: true });
    const cashiers = await terminal.call('GET', '/api/catalog/cashiers', undefined, { 'X-API-Key': key });
    expect(cashiers.body).toEqual({
      cashiers: [{ id: expect.any(String), name: 'Ana', role: 'administrator', version: expect.any(Number) }],
    });
    expect(JSON.stringify(cashiers.body)).not.toMatch(/scrypt|salt|hash|pin/i);

    // 109.00 at code A is 9.00 of VAT at the cloud's 9 %, not 8.07 at the default 8 %.
    const sale = await terminal.call<{ data: { vatBreakdown: Record<string, Json> } }>(
      'POST',
      '/api/sales',
      { ...cashSale(109), items: [{ name: 'Mere', unitPrice: 109, quantity: 1, vatCode: 'A' }] },
      { 'X-API-Key': key },
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(sale.body.data.vatBreakdown.A).toMatchObject({ percent: 9, vatAmount: 9 });
  });

  it('brings changes and deletions made in the cloud by the incremental sync', async () => {
    const before = (await get<{ sync: { cursor: string } }>('/api/catalog/health')).sync.cursor;
    await putProduct(
      'APL',
      product('Mere Golden', { categoryId: ids.fruit, barcodes: ['4840000000048'], price: 14, vatCode: 'A' }),
    );
    await cloud.admin('DELETE', `${at()}/products/BRD`);
    ids.kiwi = await putProduct('KIW', product('Kiwi', { categoryId: ids.fruit }));
    await cloud.admin('PUT', `${at()}/vat-rates/A`, { rateBasisPoints: 1000 });

    const state = await sync();
    expect(state.body).toMatchObject({ state: 'synced' });
    expect(Number((state.body as { cursor: string }).cursor)).toBeGreaterThan(Number(before));
    const apple = await get<Product>(`/api/catalog/products/${ids.apple}`);
    expect(apple).toMatchObject({ price: 14, barcodes: ['4840000000048'] });
    expect(
      (await get<{ products: Product[] }>('/api/catalog/products?barcode=4840000000017')).products,
    ).toEqual([]);
    const gone = await terminal.call('GET', `/api/catalog/products/${ids.bread}`, undefined, {
      'X-API-Key': key,
    });
    expect(gone.status).toBe(404);
    expect(
      (await get<{ products: Product[] }>(`/api/catalog/products?categoryId=${ids.fruit}`)).products
        .map((p) => p.code)
        .sort(),
    ).toEqual(['APL', 'KIW']);
    expect((await get<{ counts: Json }>('/api/catalog/health')).counts).toMatchObject({ products: 4 });
  });

  it('keeps a VAT rate the cloud changed during an open fiscal day pending until its Z report', async () => {
    // The day's first sale fixed A at 9 %; the sync above brought 10 %.
    const rates = await get<{ vatRates: Json[]; pending: Json[] | null }>('/api/catalog/vat-rates');
    expect(rates.vatRates).toContainEqual({ code: 'A', rateBasisPoints: 900, exempt: false });
    expect(rates.pending).toContainEqual({ code: 'A', rateBasisPoints: 1000, exempt: false });
    const sellA = async (amount: number) => {
      const sale = await terminal.call<{ data: { vatBreakdown: Record<string, Json> } }>(
        'POST',
        '/api/sales',
        { ...cashSale(amount), items: [{ name: 'Mere', unitPrice: amount, quantity: 1, vatCode: 'A' }] },
        { 'X-API-Key': key },
      );
      expect(sale.status, JSON.stringify(sale.body)).toBe(200);
      return sale.body.data.vatBreakdown.A;
    };
    expect(await sellA(109)).toMatchObject({ percent: 9, vatAmount: 9 });

    const z = await terminal.call<{ data: { reportData: { vatBreakdown: Json } } }>(
      'POST',
      '/api/reports/z',
      { printReport: false },
      { 'X-API-Key': key },
    );
    expect(z.status, JSON.stringify(z.body)).toBe(200);
    expect(z.body.data.reportData.vatBreakdown.A).toEqual({
      code: 'A',
      percent: 9,
      vatAmount: 18,
      taxableBase: 200,
      gross: 218,
    });
    expect(await sellA(110)).toMatchObject({ percent: 10, vatAmount: 10 });
    const after = await get<{ vatRates: Json[]; pending: Json[] | null }>('/api/catalog/vat-rates');
    expect(after.vatRates).toContainEqual({ code: 'A', rateBasisPoints: 1000, exempt: false });
    expect(after.pending).toBeNull();
  });

  it('keeps selling from its copy when the cloud is away, and health says what failed', async () => {
    await cloud.stop();
    const state = await sync();
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      state: 'failing',
      lastError: expect.stringMatching(/did not answer/),
    });
    const sale = await terminal.call('POST', '/api/sales', cashSale(25), { 'X-API-Key': key });
    expect(sale.status).toBe(200);
    expect((await get<{ products: Product[] }>('/api/catalog/products?search=kiwi')).products).toHaveLength(
      1,
    );
    const health = await get<{ data: { platform: Json } }>('/api/health');
    expect(health.data.platform).toMatchObject({
      activated: true,
      cloudUrl: cloud.url,
      lastError: expect.stringMatching(/did not answer/),
      catalogVersion: expect.stringMatching(/^\d+$/),
    });
    const metrics = await (await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': key } })).text();
    expect(metrics).toMatch(/^platform_link_state 0$/m);
    expect(metrics).toMatch(/^platform_catalog_version [1-9]\d*$/m);
  });
});
