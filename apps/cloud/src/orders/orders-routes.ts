// The order endpoints of the integration API: each handler calls one use case and presents.
import { z } from 'zod';
import { Instant } from '@fiscal-pos/platform-protocol';
import { decodeCursor, PageQuery, pageOf } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute, type Answer } from '../http/route.js';
import { integrationKey } from '../integration-access/integration-key-auth.js';
import type { AppContext } from '../context.js';
import { changeOrderStatus, type ChangeOrderStatusOptions } from './change-order-status.js';
import { createOrder } from './create-order.js';
import { ORDER_STATUSES } from './order-lifecycle.js';
import { CancelOrderBody, OrderParams, CreateOrderBody, Order, presentOrder } from './order-schemas.js';
import { findOrder, orderPage } from './order-store.js';

export const createOrderRoute = defineRoute(integrationKey(['orders:write']), {
  method: 'POST',
  path: '/orders',
  operationId: 'createOrder',
  summary: 'Creates a customer order in Draft (no fiscal document); idempotent on externalOrderId',
  body: CreateOrderBody,
  responses: {
    201: { description: 'Created', schema: Order },
    200: {
      description:
        'Same externalOrderId and body as an earlier request: that order (Idempotent-Replayed: true)',
      schema: Order,
    },
    409: { description: 'Same externalOrderId with another body', schema: ProblemSchema },
    422: { description: 'A line refers to an unknown or inactive product', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, body }) => {
    const result = await createOrder(ctx.db, { merchantId: auth.merchantId, body });
    if (result.kind === 'replayed')
      return { status: 200, body: result.order, headers: { 'idempotent-replayed': 'true' } };
    ctx.notifyDeliveries();
    return {
      status: 201,
      body: result.order,
      headers: { location: `/api/public/v1/orders/${result.order.id}` },
    };
  },
});

export const getOrderRoute = defineRoute(integrationKey(['orders:read', 'orders:write']), {
  method: 'GET',
  path: '/orders/{id}',
  operationId: 'getOrder',
  summary: 'One order',
  params: OrderParams,
  responses: {
    200: { description: 'The order', schema: Order },
    404: { description: 'No such order', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    const row = await findOrder(ctx.db, auth.merchantId, params.id);
    if (!row) throw new ProblemError('not_found', `No order ${params.id}.`);
    return { status: 200, body: presentOrder(row) };
  },
});

const OrderPage = pageOf(Order, 'OrderPage');

export const listOrdersRoute = defineRoute(integrationKey(['orders:read', 'orders:write']), {
  method: 'GET',
  path: '/orders',
  operationId: 'listOrders',
  summary: 'Orders, oldest change first, cursor-paginated',
  query: PageQuery.extend({
    updatedSince: Instant.optional().describe(
      'Only orders changed at or after this instant, before the oldest write still open: ask again from the largest updatedAt read and nothing is missed',
    ),
    externalOrderId: z.string().max(100).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
  }),
  responses: { 200: { description: 'A page of orders', schema: OrderPage } },
  handler: async ({ ctx, auth, query }) => {
    const page = await orderPage(ctx.db, {
      merchantId: auth.merchantId,
      updatedSince: query.updatedSince === undefined ? undefined : new Date(query.updatedSince),
      externalOrderId: query.externalOrderId,
      status: query.status,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: query.limit,
    });
    return {
      status: 200,
      body: { data: page.rows.map(presentOrder), hasMore: page.hasMore, nextCursor: page.nextCursor },
    };
  },
});

const statusChangeResponses = (change: string) => ({
  200: {
    description: `The order after the change; when it was ${change} already, the order unchanged (Idempotent-Replayed: true) and no event`,
    schema: Order,
  },
  404: { description: 'No such order', schema: ProblemSchema },
  409: { description: 'The order is in a status this change cannot leave', schema: ProblemSchema },
});

/** Applies a status change; a change commits `order.updated`, which this process's worker is told of. */
async function applyStatusChange(
  ctx: AppContext,
  options: ChangeOrderStatusOptions,
): Promise<Answer<ReturnType<typeof statusChangeResponses>>> {
  const result = await changeOrderStatus(ctx.db, options);
  if (result.kind === 'unchanged')
    return { status: 200, body: result.order, headers: { 'idempotent-replayed': 'true' } };
  ctx.notifyDeliveries();
  return { status: 200, body: result.order };
}

export const confirmOrderRoute = defineRoute(integrationKey(['orders:write']), {
  method: 'POST',
  path: '/orders/{id}/confirm',
  operationId: 'confirmOrder',
  summary: 'Confirms a draft order (checkout completed); idempotent',
  params: OrderParams,
  responses: statusChangeResponses('confirmed'),
  handler: ({ ctx, auth, params }) =>
    applyStatusChange(ctx, { merchantId: auth.merchantId, orderId: params.id, to: 'confirmed' }),
});

export const cancelOrderRoute = defineRoute(integrationKey(['orders:write']), {
  method: 'POST',
  path: '/orders/{id}/cancel',
  operationId: 'cancelOrder',
  summary: 'Cancels a draft or confirmed order; idempotent; a fulfilled order cannot be cancelled',
  params: OrderParams,
  body: CancelOrderBody.optional(),
  responses: statusChangeResponses('cancelled'),
  handler: ({ ctx, auth, params, body }) =>
    applyStatusChange(ctx, {
      merchantId: auth.merchantId,
      orderId: params.id,
      to: 'cancelled',
      cancelReason: body?.reason ?? 'other',
    }),
});
