// The integration API's catalog and stock writes. Each handler calls one use case, tells the
// delivery worker that webhooks were queued (the use case emitted them in its transaction)
// and presents.
import { z } from 'zod';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { integrationKey } from '../integration-access/integration-key-auth.js';
import { idPattern } from '../ids.js';
import { adjustInventory, AdjustmentBody, InventoryAdjustment } from './adjust-inventory.js';
import { Product, ProductCodeParams, ProductWriteBody } from './product-schemas.js';
import { createProduct, deleteProduct, updateProduct, type ProductRef } from './save-product.js';

/**
 * A product has one URL, `/products/{code}`, as GET has always had (the spec's
 * get-product-by-code). PUT and DELETE took the product's id there before; clients built on that
 * still send one, so an id that names no product's code is tried as an id, and the answer says
 * the URL is deprecated (RFC 9745 Deprecation, with a Link to the code's URL).
 */
const PRODUCT_ID = idPattern('prod');
const ProductWriteParams = z.object({
  code: z
    .union([
      ProductCodeParams.shape.code,
      z.string().regex(PRODUCT_ID).meta({
        deprecated: true,
        description: "The product's id (the old URL scheme): answered with Deprecation and Link headers",
      }),
    ])
    .describe("The product's code; its id still works here, deprecated"),
});
/** 2026-11-27, when the id URLs were deprecated, as RFC 9745's Deprecation header writes a date. */
const DEPRECATED_SINCE = '@1795737600';
const deprecationHeaders = {
  Deprecation: 'Present when the URL named the product by its id, deprecated: use its code',
  Link: 'With Deprecation: the URL of the product by its code (rel="successor-version")',
};

/** Runs a write on the product the URL names: by its code, or by its id on a deprecated URL. */
async function onProductAt(
  code: string,
  write: (ref: ProductRef) => Promise<Product | undefined>,
): Promise<{ product: Product; headers: Record<string, string> } | undefined> {
  const byCode = await write({ code });
  if (byCode) return { product: byCode, headers: {} };
  const byId = PRODUCT_ID.test(code) ? await write({ id: code }) : undefined;
  if (!byId) return undefined;
  return {
    product: byId,
    headers: {
      deprecation: DEPRECATED_SINCE,
      link: `</api/public/v1/products/${encodeURIComponent(byId.code)}>; rel="successor-version"`,
    },
  };
}
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
    const location = `/api/public/v1/products/${encodeURIComponent(product.code)}`;
    return { status: 201, body: product, headers: { location } };
  },
});

export const updateProductRoute = defineRoute(integrationKey(['products:write']), {
  method: 'PUT',
  path: '/products/{code}',
  operationId: 'updateProduct',
  summary: "Replaces a product's catalog fields (emits product.updated); stock is untouched",
  description: 'The body may give the product another code: its URL is then the new one.',
  params: ProductWriteParams,
  body: ProductWriteBody,
  responses: {
    200: { description: 'The product', schema: Product, headers: deprecationHeaders },
    400: invalid,
    404: notFound,
    409: conflict,
  },
  handler: async ({ ctx, auth, params, body }) => {
    const found = await onProductAt(params.code, (ref) =>
      updateProduct(ctx.db, auth.merchantId, ref, { replace: body }),
    );
    if (!found) throw new ProblemError('not_found', `No product ${params.code}.`);
    ctx.notifyDeliveries();
    return { status: 200, body: found.product, headers: found.headers };
  },
});

export const deleteProductRoute = defineRoute(integrationKey(['products:write']), {
  method: 'DELETE',
  path: '/products/{code}',
  operationId: 'deleteProduct',
  summary: 'Deletes a product (emits product.deleted; lists with updatedSince show it deleted)',
  params: ProductWriteParams,
  responses: {
    204: { description: 'Deleted', headers: deprecationHeaders },
    404: notFound,
  },
  handler: async ({ ctx, auth, params }) => {
    const found = await onProductAt(params.code, (ref) => deleteProduct(ctx.db, auth.merchantId, ref));
    if (!found) throw new ProblemError('not_found', `No product ${params.code}.`);
    ctx.notifyDeliveries();
    return { status: 204, headers: found.headers };
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
  idempotencyKey: 'required',
  responses: {
    201: { description: 'Applied', schema: InventoryAdjustment },
    200: { description: 'Replayed: this key was applied before', schema: InventoryAdjustment },
    400: invalid,
    404: notFound,
    409: { description: 'The Idempotency-Key was used for another adjustment', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, body, idempotencyKey }) => {
    const result = await adjustInventory(ctx.db, { merchantId: auth.merchantId, idempotencyKey, body });
    if (result.kind === 'replayed')
      return { status: 200, body: result.adjustment, headers: { 'idempotent-replayed': 'true' } };
    ctx.notifyDeliveries();
    return { status: 201, body: result.adjustment };
  },
});
