import { z } from 'zod';
import type { Clock } from '../clock.js';
import { DomainError } from '../domain-error.js';
import { defineRoute } from '../http/define-route.js';
import { defineQuery, limitQueryField, type QueryField } from '../http/query-fields.js';
import type { DayVatRates } from '../terminal-state/day-vat-rates.js';
import type { TerminalStateStore } from '../terminal-state/terminal-state-store.js';
import {
  catalogCashierListSchema,
  catalogCategoryListSchema,
  catalogHealthSchema,
  catalogProductPageSchema,
  catalogProductSchema,
  catalogSyncStateSchema,
  catalogVatRateListSchema,
  type CatalogSyncState,
  type CatalogVatRateList,
} from './catalog-contract.js';
import type { CatalogStore } from './catalog-store.js';
import type { PlatformSync } from './platform-sync.js';
import { presentDayVatRates } from './vat-rates-presenter.js';

/** What the catalog endpoints read. */
export interface CatalogDeps {
  catalog: CatalogStore;
  platform: PlatformSync | null;
  vatRates: Pick<DayVatRates, 'tables'>;
  terminalState: TerminalStateStore;
  clock: Clock;
}

/** A terminal that is not activated has no cloud and an empty catalog: it says so. */
function syncStateOf(d: CatalogDeps): CatalogSyncState {
  if (d.platform !== null) return d.platform.syncState();
  return { state: 'standalone', cursor: '0', lastSyncAt: null, lastError: null, lastErrorAt: null };
}

/** No key, like GET /api/health: a monitor sees whether the catalog is fresh. */
export const catalogHealthRoute = defineRoute<CatalogDeps>()({
  method: 'GET',
  path: '/api/catalog/health',
  operationId: 'getCatalogHealth',
  summary: 'Catalog health: sync state, catalog version, last sync, counts (raw JSON, no key)',
  tag: 'Catalog',
  authenticated: false,
  body: 'raw',
  response: catalogHealthSchema,
  errors: [],
  handler: ({ services: d }) => ({
    status: 'ok' as const,
    terminalId: d.terminalState.get().terminalId,
    timestamp: d.clock.now().toISOString(),
    sync: syncStateOf(d),
    counts: d.catalog.counts(),
  }),
});

/** A free-text filter; absent or empty means no filter. */
function textField(description: string, max: number, code: string): QueryField<string | null> {
  return {
    schema: z.string().max(max).optional().meta({ description }),
    read(name, raw) {
      if (raw === undefined) return { value: null, issues: [] };
      if (raw.length <= max) return { value: raw, issues: [] };
      return {
        value: null,
        issues: [{ field: name, code, message: `${name} must be at most ${max} characters` }],
      };
    },
  };
}

/**
 * The catalog's `nextCursor`: the id of a page's last product, as an opaque token that the
 * terminal can tell from one it did not issue (as the sales list's, list-cursor.ts): a
 * hand-made cursor is CURSOR_INVALID, not a silent page from some other place.
 */
const CURSOR_PREFIX = 'p1.';
const encodeProductCursor = (productId: string): string =>
  Buffer.from(CURSOR_PREFIX + productId).toString('base64url');

function decodeProductCursor(text: string): string | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  if (!decoded.startsWith(CURSOR_PREFIX)) return null;
  const productId = decoded.slice(CURSOR_PREFIX.length);
  return encodeProductCursor(productId) === text ? productId : null;
}

const cursorField: QueryField<string | null> = {
  schema: z
    .string()
    .optional()
    .meta({ description: 'nextCursor of the previous page; anything else -> CURSOR_INVALID' }),
  read(name, raw) {
    if (raw === undefined) return { value: null, issues: [] };
    const productId = decodeProductCursor(raw);
    if (productId !== null) return { value: productId, issues: [] };
    return {
      value: null,
      issues: [
        { field: name, code: 'CURSOR_INVALID', message: `${name} is not a nextCursor of this catalog` },
      ],
    };
  },
};

const productQuery = defineQuery({
  search: textField(
    'part of the name, in any language, case-insensitive; over 100 characters -> SEARCH_INVALID',
    100,
    'SEARCH_INVALID',
  ),
  barcode: textField('exact barcode; over 50 characters -> BARCODE_INVALID', 50, 'BARCODE_INVALID'),
  categoryId: textField(
    'only the products of this category (not its subcategories); over 100 characters -> CATEGORY_ID_INVALID',
    100,
    'CATEGORY_ID_INVALID',
  ),
  active: {
    schema: z
      .enum(['true', 'false'])
      .optional()
      .meta({ description: 'true or false; otherwise ACTIVE_INVALID' }),
    read(name, raw) {
      if (raw === undefined) return { value: null, issues: [] };
      if (raw === 'true' || raw === 'false') return { value: raw === 'true', issues: [] };
      return {
        value: null,
        issues: [{ field: name, code: 'ACTIVE_INVALID', message: `${name} must be true or false` }],
      };
    },
  } satisfies QueryField<boolean | null>,
  cursor: cursorField,
  limit: limitQueryField(100),
});

export const listCatalogProductsRoute = defineRoute<CatalogDeps>()({
  method: 'GET',
  path: '/api/catalog/products',
  operationId: 'listCatalogProducts',
  summary: 'Products of the catalog kept on the terminal, by id, with filters and cursor paging (raw JSON)',
  tag: 'Catalog',
  authenticated: true,
  body: 'raw',
  query: productQuery,
  response: catalogProductPageSchema,
  errors: ['VALIDATION_ERROR'],
  handler: ({ services: d, query: q }) => {
    const page = d.catalog.products({
      name: q.search,
      barcode: q.barcode,
      categoryId: q.categoryId,
      active: q.active,
      after: q.cursor,
      limit: q.limit,
    });
    return { ...page, nextCursor: page.nextCursor === null ? null : encodeProductCursor(page.nextCursor) };
  },
});

export const getCatalogProductRoute = defineRoute<CatalogDeps>()({
  method: 'GET',
  path: '/api/catalog/products/:productId',
  operationId: 'getCatalogProduct',
  summary: 'One product of the catalog kept on the terminal (raw JSON)',
  tag: 'Catalog',
  authenticated: true,
  body: 'raw',
  params: z.object({ productId: z.string() }),
  response: catalogProductSchema,
  errors: ['PRODUCT_NOT_FOUND'],
  handler: ({ services: d, params }) => {
    const product = d.catalog.product(params.productId);
    if (product === null)
      throw new DomainError('PRODUCT_NOT_FOUND', `No product ${params.productId} in the catalog`);
    return product;
  },
});

export const listCatalogCategoriesRoute = defineRoute<CatalogDeps>()({
  method: 'GET',
  path: '/api/catalog/categories',
  operationId: 'listCatalogCategories',
  summary: 'The category tree, flat: top-level first, then by position (raw JSON)',
  tag: 'Catalog',
  authenticated: true,
  body: 'raw',
  response: catalogCategoryListSchema,
  errors: [],
  handler: ({ services: d }) => ({ categories: d.catalog.categories() }),
});

export const listCatalogVatRatesRoute = defineRoute<CatalogDeps>()({
  method: 'GET',
  path: '/api/catalog/vat-rates',
  operationId: 'listCatalogVatRates',
  summary: 'The VAT rates sales are calculated with, and those waiting for the Z report (raw JSON)',
  tag: 'Catalog',
  authenticated: true,
  body: 'raw',
  response: catalogVatRateListSchema,
  errors: [],
  handler: ({ services: d }): CatalogVatRateList => {
    const { inUse, pending } = presentDayVatRates(d.vatRates.tables());
    return {
      source: (d.platform?.vatTable() ?? null) === null ? 'configuration' : 'cloud',
      vatRates: inUse,
      pending,
    };
  },
});

export const listCatalogCashiersRoute = defineRoute<CatalogDeps>()({
  method: 'GET',
  path: '/api/catalog/cashiers',
  operationId: 'listCatalogCashiers',
  summary: 'Cashiers, without anything of their PIN (raw JSON)',
  tag: 'Catalog',
  authenticated: true,
  body: 'raw',
  response: catalogCashierListSchema,
  errors: [],
  handler: ({ services: d }) => ({ cashiers: d.catalog.cashiers() }),
});

export const syncCatalogRoute = defineRoute<CatalogDeps>()({
  method: 'POST',
  path: '/api/catalog/sync',
  operationId: 'syncCatalog',
  summary: 'Sync with the cloud now and answer how it went (raw JSON)',
  description:
    'Runs one platform sync (terminal refresh, then the catalog feed until complete) and answers the sync ' +
    'state after it: a failed sync is 200 with state failing and lastError (the terminal keeps selling ' +
    'from its copy). No body, no Idempotency-Key: repeating it is harmless.',
  tag: 'Catalog',
  authenticated: true,
  body: 'raw',
  response: catalogSyncStateSchema,
  errors: ['TERMINAL_NOT_ACTIVATED'],
  handler: async ({ services: d }) => {
    if (d.platform === null)
      throw new DomainError(
        'TERMINAL_NOT_ACTIVATED',
        'This terminal is not activated: it has no cloud to sync with',
      );
    await d.platform.syncNow();
    return d.platform.syncState();
  },
});
