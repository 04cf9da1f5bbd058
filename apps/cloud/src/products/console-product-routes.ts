// The console's catalog of products under /api/console/v1: the list (search, category,
// active; by code, a page at a time), a product with its content blocks, create, change,
// deactivate and activate, its stock with the ledger, stock adjustments, and the products CSV
// (import checked or applied, export), and delete. Viewers read; managers and owners write. Each handler
// calls the use case the integration or administration API calls for the same change, with
// the session's merchant: another merchant's product id is 404 like an unknown one.
import { DEFAULT_TIME_ZONE, LocalizedText } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import { consoleUser } from '../console-access/console-user.js';
import type { CloudRoute } from '../context.js';
import { PageQuery, pageOf } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { adjustInventory, AdjustmentBody, InventoryAdjustment } from './adjust-inventory.js';
import { exportProducts } from './export-products.js';
import { importProducts, MAX_REPORTED_ERRORS } from './import-products.js';
import { CSV_COLUMNS, MAX_CSV_BYTES, MAX_CSV_ROWS } from './product-csv.js';
import {
  Inventory,
  presentInventory,
  presentProductDetail,
  Product,
  ProductDetail,
  ProductWriteBody,
} from './product-schemas.js';
import { ProductSearchQuery, searchProducts } from './product-search.js';
import { findProductById, listContentBlocks } from './product-store.js';
import { createProduct, deleteProduct, saveContentBlock, updateProduct } from './save-product.js';
import { listStockMovements, StockMovementView } from './stock-movement-list.js';
import { ContentBlockList } from './products-routes.js';

const viewer = consoleUser({ role: 'viewer' });
const manager = consoleUser({ role: 'manager' });

const ProductIdParams = z.object({ id: z.string().min(1).max(100) });
const invalid = { description: 'Bad input (errors[] names the fields)', schema: ProblemSchema };
const notFound = { description: 'No such product of the merchant', schema: ProblemSchema };
const conflict = { description: 'Another product has this code or SKU', schema: ProblemSchema };

const noProduct = (id: string) => new ProblemError('not_found', `No product ${id}.`);

const listProductsRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/products',
  operationId: 'consoleListProducts',
  summary: 'Live products by code, a page at a time; q searches code, SKU, names and barcodes',
  query: ProductSearchQuery,
  responses: { 200: { description: 'A page of products', schema: pageOf(Product, 'ConsoleProductPage') } },
  handler: async ({ ctx, user, query }) => ({
    status: 200,
    body: await searchProducts(ctx.db, user.merchantId, query),
  }),
});

const getProductRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/products/{id}',
  operationId: 'consoleGetProduct',
  summary: 'One product with its content blocks (ro / ru / en)',
  params: ProductIdParams,
  responses: { 200: { description: 'The product', schema: ProductDetail }, 404: notFound },
  handler: async ({ ctx, user, params }) => {
    const row = await findProductById(ctx.db, user.merchantId, params.id);
    if (!row) throw noProduct(params.id);
    const blocks = await listContentBlocks(ctx.db, user.merchantId);
    return {
      status: 200,
      body: presentProductDetail(
        row,
        blocks.map((b) => b.key),
      ),
    };
  },
});

const createProductRoute = defineRoute(manager, {
  method: 'POST',
  path: '/products',
  operationId: 'consoleCreateProduct',
  summary: 'Creates a product (as POST /api/public/v1/products does; emits product.created)',
  body: ProductWriteBody,
  responses: { 201: { description: 'Created', schema: Product }, 400: invalid, 409: conflict },
  handler: async ({ ctx, user, body }) => {
    const product = await createProduct(ctx.db, user.merchantId, body);
    ctx.notifyDeliveries();
    return { status: 201, body: product };
  },
});

const ProductChangeBody = ProductWriteBody.partial().meta({ id: 'ConsoleProductChange' });

const updateProductRoute = defineRoute(manager, {
  method: 'PATCH',
  path: '/products/{id}',
  operationId: 'consoleUpdateProduct',
  summary: "Changes the fields given of a product's catalog fields and content (emits product.updated)",
  description: 'Fields left out stay; null clears an optional field. Stock changes by adjustments only.',
  params: ProductIdParams,
  body: ProductChangeBody,
  responses: {
    200: { description: 'The product', schema: Product },
    400: invalid,
    404: notFound,
    409: conflict,
  },
  handler: async ({ ctx, user, params, body }) => {
    const product = await updateProduct(ctx.db, user.merchantId, { id: params.id }, { merge: body });
    if (!product) throw noProduct(params.id);
    ctx.notifyDeliveries();
    return { status: 200, body: product };
  },
});

/** Deactivating (no longer sold, kept with its history) and activating again. */
const activeRoute = (active: boolean) =>
  defineRoute(manager, {
    method: 'POST',
    path: `/products/{id}/${active ? 'activate' : 'deactivate'}`,
    operationId: active ? 'consoleActivateProduct' : 'consoleDeactivateProduct',
    summary: active
      ? 'Sells the product again (emits product.updated)'
      : 'Stops selling the product: terminals no longer offer it; its history and stock stay',
    params: ProductIdParams,
    responses: { 200: { description: 'The product', schema: Product }, 404: notFound },
    handler: async ({ ctx, user, params }) => {
      const product = await updateProduct(ctx.db, user.merchantId, { id: params.id }, { merge: { active } });
      if (!product) throw noProduct(params.id);
      ctx.notifyDeliveries();
      return { status: 200, body: product };
    },
  });

const deleteProductRoute = defineRoute(manager, {
  method: 'DELETE',
  path: '/products/{id}',
  operationId: 'consoleDeleteProduct',
  summary: 'Deletes a product (as DELETE /api/public/v1/products/{code} does; emits product.deleted)',
  description:
    'Terminals drop it at their next catalog sync; its sales and stock ledger stay. A product later ' +
    'created or imported with the same code comes back under its old id.',
  params: ProductIdParams,
  responses: { 204: { description: 'Deleted' }, 404: notFound },
  handler: async ({ ctx, user, params }) => {
    if (!(await deleteProduct(ctx.db, user.merchantId, { id: params.id }))) throw noProduct(params.id);
    ctx.notifyDeliveries();
    return { status: 204 };
  },
});

const listContentBlocksRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/content-blocks',
  operationId: 'consoleListContentBlocks',
  summary: "The merchant's content block definitions (key and labels), in display order",
  responses: { 200: { description: 'Block definitions', schema: ContentBlockList } },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: { data: await listContentBlocks(ctx.db, user.merchantId) },
  }),
});

const ContentBlockBody = z
  .object({
    labels: LocalizedText.describe("The block's heading in each language"),
    position: z.number().int().min(0).max(1_000_000).default(0).describe('Order among the blocks'),
  })
  .meta({ id: 'ConsoleContentBlockWrite' });

const saveContentBlockRoute = defineRoute(manager, {
  method: 'PUT',
  path: '/content-blocks/{key}',
  operationId: 'consoleSaveContentBlock',
  summary: 'Defines a content block (its headings in ro / ru / en and its place), or changes one',
  description: "Products carry each block's text under its key (PATCH /products/{id}, content).",
  params: z.object({
    key: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,99}$/, 'lowercase letters, digits, - and _, up to 100')
      .describe('The key products use for the block, e.g. ingredients'),
  }),
  body: ContentBlockBody,
  responses: { 200: { description: 'The block definitions now', schema: ContentBlockList }, 400: invalid },
  handler: async ({ ctx, user, params, body }) => {
    await saveContentBlock(ctx.db, user.merchantId, { key: params.key, ...body });
    return { status: 200, body: { data: await listContentBlocks(ctx.db, user.merchantId) } };
  },
});

const ProductStock = z
  .object({ inventory: Inventory, movements: pageOf(StockMovementView, 'StockMovementPage') })
  .meta({ id: 'ConsoleProductStock' });

const getStockRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/products/{id}/stock',
  operationId: 'consoleGetProductStock',
  summary: 'On-hand stock of a product and its ledger, newest movement first',
  params: ProductIdParams,
  query: PageQuery,
  responses: { 200: { description: 'Stock and ledger', schema: ProductStock }, 404: notFound },
  handler: async ({ ctx, user, params, query }) => {
    const row = await findProductById(ctx.db, user.merchantId, params.id);
    if (!row) throw noProduct(params.id);
    const movements = await listStockMovements(ctx.db, {
      merchantId: user.merchantId,
      productId: row.id,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { status: 200, body: { inventory: presentInventory(row), movements } };
  },
});

const ConsoleAdjustmentBody = AdjustmentBody.omit({ productId: true }).meta({ id: 'ConsoleStockAdjustment' });

// The ledger keeps the Idempotency-Key (as the public route's): the audit only records it.
const adjustStockRoute = defineRoute(consoleUser({ role: 'manager', ownIdempotency: true }), {
  method: 'POST',
  path: '/products/{id}/stock/adjustments',
  operationId: 'consoleAdjustStock',
  summary: 'Adds to or removes from on-hand stock with a reason (a ledger movement; emits inventory.updated)',
  description:
    'As POST /api/public/v1/inventory/adjustments: the Idempotency-Key header is required, a retry with ' +
    'the same key and body returns the first adjustment (200) and moves nothing; another body is 409.',
  params: ProductIdParams,
  body: ConsoleAdjustmentBody,
  idempotencyKey: 'required',
  responses: {
    201: { description: 'Applied', schema: InventoryAdjustment },
    200: { description: 'Replayed: this key was applied before', schema: InventoryAdjustment },
    400: invalid,
    404: notFound,
    409: { description: 'The Idempotency-Key was used for another adjustment', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, params, body, idempotencyKey }) => {
    const result = await adjustInventory(ctx.db, {
      merchantId: user.merchantId,
      idempotencyKey,
      body: { productId: params.id, ...body },
    });
    if (result.kind === 'replayed')
      return { status: 200, body: result.adjustment, headers: { 'idempotent-replayed': 'true' } };
    ctx.notifyDeliveries();
    return { status: 201, body: result.adjustment };
  },
});

const ImportReport = z
  .object({
    mode: z.enum(['validate', 'apply']),
    applied: z.boolean().describe('True when every row was written; false when nothing was'),
    rows: z.number().int().describe('Product rows in the file (empty rows not counted)'),
    created: z.number().int().describe('New products the rows make (or would make)'),
    updated: z.number().int().describe('Products the rows change'),
    unchanged: z.number().int().describe('Products the rows leave as they are'),
    stockChanged: z.number().int().describe('Products whose on-hand stock the file sets to another figure'),
    categoriesCreated: z
      .number()
      .int()
      .describe("Categories the rows' category_path names that did not exist: created (or to be)"),
    errorCount: z.number().int(),
    errors: z
      .array(
        z.object({
          row: z
            .number()
            .int()
            .describe('As a spreadsheet numbers it: 1 is the header; 0 is the file as a whole'),
          column: z.enum(CSV_COLUMNS).nullable(),
          message: z.string(),
        }),
      )
      .describe(`The first ${MAX_REPORTED_ERRORS} errors, by row`),
  })
  .meta({ id: 'ProductImportReport' });

const importProductsRoute = defineRoute(manager, {
  method: 'POST',
  path: '/products/import',
  operationId: 'consoleImportProducts',
  summary: 'Imports the products CSV: checks every row; with mode=apply writes them all or none',
  description:
    `The body is the CSV (Content-Type: text/csv), UTF-8, \`,\` or \`;\` between cells, at most ` +
    `${MAX_CSV_ROWS} rows and ${MAX_CSV_BYTES / 1024 / 1024} MiB; the columns are ${CSV_COLUMNS.join(', ')} ` +
    '(docs/console.md, "Products CSV"). Products are matched by code. The answer counts what the rows do ' +
    'and lists the errors by row and column; with errors nothing is written.',
  query: z.object({
    mode: z
      .enum(['validate', 'apply'])
      .default('validate')
      .describe('validate: check only (the default); apply: write every row if none has an error'),
  }),
  body: z.instanceof(Buffer),
  bodyMediaType: 'text/csv',
  // The file's limit plus room for whatever a client adds; readCsv holds the file to its own.
  bodyLimit: MAX_CSV_BYTES + 64 * 1024,
  responses: {
    200: { description: 'What the rows do, and their errors', schema: ImportReport },
    413: { description: `The body is over ${MAX_CSV_BYTES / 1024 / 1024} MiB`, schema: ProblemSchema },
    415: { description: 'The body is not text/csv', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, query, body }) => {
    const report = await importProducts(ctx.db, { merchantId: user.merchantId, csv: body, mode: query.mode });
    if (report.applied) ctx.notifyDeliveries();
    return { status: 200, body: report };
  },
});

const exportProductsRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/products/export.csv',
  operationId: 'consoleExportProducts',
  summary: 'The live products as the products CSV (the columns the import reads), by code',
  query: z.object({
    delimiter: z
      .enum(['comma', 'semicolon'])
      .default('comma')
      .describe('semicolon: `;` between cells and decimal commas, as Excel in the ro and ru locales reads'),
  }),
  responses: {
    200: {
      description: 'The CSV, UTF-8 with a BOM',
      schema: z.string(),
      mediaType: 'text/csv; charset=utf-8',
    },
  },
  handler: async ({ ctx, user, query }) => {
    const csv = await exportProducts(ctx.db, {
      merchantId: user.merchantId,
      delimiter: query.delimiter === 'semicolon' ? ';' : ',',
    });
    // The day it was exported on in Moldova's calendar, the terminals' default zone (products are
    // the merchant's, not one terminal's): just after midnight there the UTC date is yesterday's.
    const day = ctx.clock.now().toLocaleDateString('en-CA', { timeZone: DEFAULT_TIME_ZONE });
    return {
      status: 200,
      body: csv,
      headers: { 'content-disposition': `attachment; filename="products-${day}.csv"` },
    };
  },
});

export const CONSOLE_PRODUCT_ROUTES: readonly CloudRoute[] = [
  listProductsRoute,
  exportProductsRoute,
  importProductsRoute,
  getProductRoute,
  createProductRoute,
  updateProductRoute,
  activeRoute(false),
  activeRoute(true),
  deleteProductRoute,
  listContentBlocksRoute,
  saveContentBlockRoute,
  getStockRoute,
  adjustStockRoute,
];
