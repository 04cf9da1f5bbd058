import { z } from 'zod';
import { Instant } from '@fiscal-pos/platform-protocol';
import { decodeCursor, encodeCursor, PageQuery, pageOf } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { JsonText, defineRoute } from '../http/route.js';
import { integrationKey } from '../integration-access/integration-key-auth.js';
import { listProductPage } from './product-list.js';
import { findProduct, listContentBlocks } from './product-store.js';
import { LocalizedText } from '@fiscal-pos/platform-protocol';
import {
  Inventory,
  Product,
  ProductDetail,
  presentInventory,
  presentProductDetail,
  ProductCodeParams,
} from './product-schemas.js';

const ProductListQuery = PageQuery.extend({
  updatedSince: Instant.optional().describe(
    'Only products changed at or after this instant, deleted ones included (incremental sync), before the oldest write still open: ask again from the largest updatedAt read and nothing is missed',
  ),
});
const ProductPage = pageOf(Product, 'ProductPage');

export const listProductsRoute = defineRoute(integrationKey(['products:read']), {
  method: 'GET',
  path: '/products',
  operationId: 'listProducts',
  summary: 'Products with on-hand stock, oldest change first, cursor-paginated',
  query: ProductListQuery,
  responses: {
    200: { description: 'A page of products', schema: ProductPage },
    400: { description: 'Bad query', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, query }) => {
    const page = await listProductPage(ctx.db, {
      merchantId: auth.merchantId,
      limit: query.limit,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      updatedSince: query.updatedSince === undefined ? undefined : new Date(query.updatedSince),
    });
    // The ProductPage shape, assembled around the product JSON the database rendered.
    const nextCursor = page.next ? encodeCursor(page.next) : null;
    return {
      status: 200,
      body: new JsonText<z.output<typeof ProductPage>>(
        `{"data":[${page.json}],"hasMore":${page.hasMore},"nextCursor":${JSON.stringify(nextCursor)}}`,
      ),
    };
  },
});

export const getProductRoute = defineRoute(integrationKey(['products:read']), {
  method: 'GET',
  path: '/products/{code}',
  operationId: 'getProduct',
  summary: 'One product with its content blocks',
  params: ProductCodeParams,
  responses: {
    200: { description: 'The product', schema: ProductDetail },
    404: { description: 'No such product', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    const row = await findProduct(ctx.db, auth.merchantId, params.code);
    if (!row) throw new ProblemError('not_found', `No product with code ${params.code}.`);
    const blocks = await listContentBlocks(ctx.db, auth.merchantId);
    return {
      status: 200,
      body: presentProductDetail(
        row,
        blocks.map((b) => b.key),
      ) satisfies ProductDetail,
    };
  },
});

export const ContentBlockList = z
  .object({ data: z.array(z.object({ key: z.string(), labels: LocalizedText })) })
  .meta({ id: 'ContentBlockList' });

export const listContentBlocksRoute = defineRoute(integrationKey(['products:read']), {
  method: 'GET',
  path: '/content-blocks',
  operationId: 'listContentBlocks',
  summary: "The merchant's editorial block definitions, in display order",
  responses: { 200: { description: 'Block definitions', schema: ContentBlockList } },
  handler: async ({ ctx, auth }) => ({
    status: 200,
    body: { data: await listContentBlocks(ctx.db, auth.merchantId) } satisfies z.infer<
      typeof ContentBlockList
    >,
  }),
});

export const getInventoryRoute = defineRoute(integrationKey(['inventory:read']), {
  method: 'GET',
  path: '/inventory',
  operationId: 'getInventory',
  summary: 'On-hand quantity of one product',
  query: z.object({ productCode: z.string().min(1).max(100) }),
  responses: {
    200: { description: 'Stock of the product', schema: Inventory },
    404: { description: 'No such product', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, query }) => {
    const row = await findProduct(ctx.db, auth.merchantId, query.productCode);
    if (!row) throw new ProblemError('not_found', `No product with code ${query.productCode}.`);
    return { status: 200, body: presentInventory(row) satisfies Inventory };
  },
});
