// The integration API's catalog and stock writes. Each handler calls one use case, tells the
// delivery worker that webhooks were queued (the use case emitted them in its transaction)
// and presents.
import { z } from 'zod';
import { requireIdempotencyKey } from '../http/idempotency-key.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { integrationKey } from '../integration-access/integration-key-auth.js';
import { adjustInventory, AdjustmentBody, InventoryAdjustment } from './adjust-inventory.js';
import { Product, ProductWriteBody } from './product-schemas.js';
import { createProduct, deleteProduct, updateProduct } from './save-product.js';

const ProductIdParams = z.object({ id: z.string().min(1).max(100) });
const invalid = { description: 'Bad body (errors[] names the fields)', schema: ProblemSchema };
const conflict = { description: 'Another product has this code or SKU', schema: ProblemSchema };
const notFound = { description: 'No such product', schema: ProblemSchema };

export const createProductRoute = defineRoute(integrationKey(['products:write']), {
  method: 'POST',
  path: '/products',
  operationId: 'createProduct',
  summary: 'Creates a product (emits product.created); stock starts at 0, see inventory adjustments',
  description: 'A deleted product with the same code comes back under its old id.',
  body: ProductWriteBody,
  responses: { 201: { description: 'Created', schema: Product }, 400: invalid, 409: conflict },
  handler: async ({ ctx, auth, body }) => {
    const product = await createProduct(ctx.db, auth.merchantId, body);
    ctx.notifyDeliveries();
    return { status: 201, body: product, headers: { location: `/api/public/v1/products/${product.code}` } };
  },
});

export const updateProductRoute = defineRoute(integrationKey(['products:write']), {
  method: 'PUT',
  path: '/products/{id}',
  operationId: 'updateProduct',
  summary: "Replaces a product's catalog fields by its id (emits product.updated); stock is untouched",
  params: ProductIdParams,
  body: ProductWriteBody,
  responses: {
    200: { description: 'The product', schema: Product },
    400: invalid,
    404: notFound,
    409: conflict,
  },
  handler: async ({ ctx, auth, params, body }) => {
    const product = await updateProduct(ctx.db, auth.merchantId, params.id, { replace: body });
    if (!product) throw new ProblemError('not_found', `No product ${params.id}.`);
    ctx.notifyDeliveries();
    return { status: 200, body: product };
  },
});

export const deleteProductRoute = defineRoute(integrationKey(['products:write']), {
  method: 'DELETE',
  path: '/products/{id}',
  operationId: 'deleteProduct',
  summary: 'Deletes a product by its id (emits product.deleted; lists with updatedSince show it deleted)',
  params: ProductIdParams,
  responses: { 204: { description: 'Deleted' }, 404: notFound },
  handler: async ({ ctx, auth, params }) => {
    if (!(await deleteProduct(ctx.db, auth.merchantId, { id: params.id })))
      throw new ProblemError('not_found', `No product ${params.id}.`);
    ctx.notifyDeliveries();
    return { status: 204 };
  },
});

export const createAdjustmentRoute = defineRoute(integrationKey(['inventory:write']), {
  method: 'POST',
  path: '/inventory/adjustments',
  operationId: 'createInventoryAdjustment',
  summary: 'Adds to or removes from on-hand stock (a ledger movement; emits inventory.updated)',
  description:
    'The Idempotency-Key header is required: a retry with the same key and body returns the first ' +
    'adjustment (200, Idempotent-Replayed: true) and moves nothing; another body is 409.',
  body: AdjustmentBody,
  responses: {
    201: { description: 'Applied', schema: InventoryAdjustment },
    200: { description: 'Replayed: this key was applied before', schema: InventoryAdjustment },
    400: invalid,
    404: notFound,
    409: { description: 'The Idempotency-Key was used for another adjustment', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, body, request }) => {
    const idempotencyKey = requireIdempotencyKey(request);
    const result = await adjustInventory(ctx.db, { merchantId: auth.merchantId, idempotencyKey, body });
    if (result.kind === 'replayed')
      return { status: 200, body: result.adjustment, headers: { 'idempotent-replayed': 'true' } };
    ctx.notifyDeliveries();
    return { status: 201, body: result.adjustment };
  },
});
