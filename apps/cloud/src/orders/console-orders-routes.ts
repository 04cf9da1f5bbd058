// The console's orders: the list (newest first, by status and calendar days), one order, and
// the status changes, each through the use case the integration API's routes call
// (change-order-status.ts), so an order changed here emits the same order.updated.
import { z } from 'zod';
import { consoleUser } from '../console-access/console-user.js';
import type { AppContext } from '../context.js';
import { CalendarDay } from '../http/calendar-day.js';
import { decodeCursor, PageQuery, pageOf } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { changeOrderStatus, type ChangeOrderStatusOptions } from './change-order-status.js';
import { ORDER_STATUSES } from './order-lifecycle.js';
import { CancelOrderBody, OrderParams, Order, presentOrder } from './order-schemas.js';
import { findOrder, recentOrderPage } from './order-store.js';

const viewer = consoleUser({ role: 'viewer' });
const manager = consoleUser({ role: 'manager' });
const Day = CalendarDay.describe(
  "A calendar day (YYYY-MM-DD) in Europe/Chisinau: orders come from shops and ERPs, not a terminal's zone",
);

const listConsoleOrdersRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/orders',
  operationId: 'listConsoleOrders',
  summary: 'Orders, newest first, by status and the days they were created, cursor-paginated',
  query: PageQuery.extend({
    status: z.enum(ORDER_STATUSES).optional(),
    from: Day.optional().describe('Created from this day on, included'),
    to: Day.optional().describe('Created up to this day, included'),
  }),
  responses: {
    200: { description: 'A page of orders', schema: pageOf(Order, 'ConsoleOrderPage') },
    400: { description: 'Bad query', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, query }) => {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to)
      throw new ProblemError('invalid_request', 'from is after to.', [
        { path: 'query.from', message: 'must not be after to' },
      ]);
    const page = await recentOrderPage(ctx.db, {
      merchantId: user.merchantId,
      status: query.status,
      fromDay: query.from,
      toDay: query.to,
      before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: query.limit,
    });
    return {
      status: 200,
      body: { data: page.rows.map(presentOrder), hasMore: page.hasMore, nextCursor: page.nextCursor },
    };
  },
});

const getConsoleOrderRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/orders/{id}',
  operationId: 'getConsoleOrder',
  summary: 'One order',
  params: OrderParams,
  responses: {
    200: { description: 'The order', schema: Order },
    404: { description: 'No such order of this merchant', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, params }) => {
    const row = await findOrder(ctx.db, user.merchantId, params.id);
    if (!row) throw new ProblemError('not_found', `No order ${params.id}.`);
    return { status: 200, body: presentOrder(row) };
  },
});

const changeResponses = {
  200: {
    description: 'The order after the change (unchanged when it had that status already)',
    schema: Order,
  },
  404: { description: 'No such order of this merchant', schema: ProblemSchema },
  409: { description: 'The order is in a status this change cannot leave', schema: ProblemSchema },
};

async function change(ctx: AppContext, options: ChangeOrderStatusOptions) {
  const result = await changeOrderStatus(ctx.db, options);
  if (result.kind === 'changed') ctx.notifyDeliveries();
  return { status: 200 as const, body: result.order };
}

const confirmConsoleOrderRoute = defineRoute(manager, {
  method: 'POST',
  path: '/orders/{id}/confirm',
  operationId: 'confirmConsoleOrder',
  summary: 'Confirms a draft order',
  params: OrderParams,
  responses: changeResponses,
  handler: ({ ctx, user, params }) =>
    change(ctx, { merchantId: user.merchantId, orderId: params.id, to: 'confirmed' }),
});

const cancelConsoleOrderRoute = defineRoute(manager, {
  method: 'POST',
  path: '/orders/{id}/cancel',
  operationId: 'cancelConsoleOrder',
  summary: 'Cancels a draft or confirmed order, with a reason (other when none is given)',
  params: OrderParams,
  body: CancelOrderBody.optional(),
  responses: changeResponses,
  handler: ({ ctx, user, params, body }) =>
    change(ctx, {
      merchantId: user.merchantId,
      orderId: params.id,
      to: 'cancelled',
      cancelReason: body?.reason ?? 'other',
    }),
});

const fulfilConsoleOrderRoute = defineRoute(manager, {
  method: 'POST',
  path: '/orders/{id}/fulfil',
  operationId: 'fulfilConsoleOrder',
  summary: 'Marks a confirmed order fulfilled (handed over); final',
  params: OrderParams,
  responses: changeResponses,
  handler: ({ ctx, user, params }) =>
    change(ctx, { merchantId: user.merchantId, orderId: params.id, to: 'fulfilled' }),
});

export const CONSOLE_ORDER_ROUTES = [
  listConsoleOrdersRoute,
  getConsoleOrderRoute,
  confirmConsoleOrderRoute,
  cancelConsoleOrderRoute,
  fulfilConsoleOrderRoute,
];
