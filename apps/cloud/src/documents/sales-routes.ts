// The sales of the integration API (scope sales:read): the receipts the merchant's terminals
// pushed, with lines, payments, VAT and fiscal codes.
import { z } from 'zod';
import { Instant } from '@fiscal-pos/platform-protocol';
import { decodeCursor, PageQuery, pageOf } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { integrationKey } from '../integration-access/integration-key-auth.js';
import { presentSale, RECEIPT_TYPES, Sale } from './document-schemas.js';
import { findSale, salePage } from './sale-store.js';

const SalePage = pageOf(Sale, 'SalePage');

export const listSalesRoute = defineRoute(integrationKey(['sales:read']), {
  method: 'GET',
  path: '/sales',
  operationId: 'listSales',
  summary:
    'Sales and refunds from the terminals, oldest first (by issue time, or by change with updatedSince), cursor-paginated',
  description:
    'Ordered by when the terminal issued each receipt. A terminal that was offline pushes its receipts later, ' +
    'so a page already read can gain older receipts: to follow new ones, use the sale.* and refund.* webhooks, ' +
    'or poll with updatedSince (ordered by updatedAt then: arrival and each change of fiscal status), asking again ' +
    'from the largest updatedAt read; nothing is missed, late receipts included.',
  query: PageQuery.extend({
    terminalId: z.string().max(100).optional(),
    type: z.enum(RECEIPT_TYPES).optional().describe('Only sales or only refunds; both when absent'),
    from: Instant.optional().describe('Issued at or after this instant'),
    to: Instant.optional().describe('Issued before this instant'),
    updatedSince: Instant.optional().describe(
      'Only receipts that arrived or changed at or after this instant, before the oldest write still open; ordered by updatedAt (incremental sync)',
    ),
  }),
  responses: {
    200: { description: 'A page of sales', schema: SalePage },
    400: { description: 'Bad query', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, query }) => {
    const page = await salePage(ctx.db, {
      merchantId: auth.merchantId,
      terminalId: query.terminalId,
      type: query.type,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      updatedSince: query.updatedSince === undefined ? undefined : new Date(query.updatedSince),
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: query.limit,
    });
    return {
      status: 200,
      body: { data: page.rows.map(presentSale), hasMore: page.hasMore, nextCursor: page.nextCursor },
    };
  },
});

export const getSaleRoute = defineRoute(integrationKey(['sales:read']), {
  method: 'GET',
  path: '/sales/{id}',
  operationId: 'getSale',
  summary: 'One sale or refund with its lines, payments, VAT and fiscal codes',
  params: z.object({ id: z.string().max(100) }),
  responses: {
    200: { description: 'The sale', schema: Sale },
    404: { description: 'No such sale', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    const row = await findSale(ctx.db, auth.merchantId, params.id);
    if (!row) throw new ProblemError('not_found', `No sale ${params.id}.`);
    return { status: 200, body: presentSale(row) };
  },
});
