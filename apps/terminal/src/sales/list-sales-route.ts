import { defineRoute } from '../http/define-route.js';
import {
  dateRangeQueryFields,
  defineQuery,
  pageQueryFields,
  shiftQueryFields,
} from '../http/query-fields.js';
import { cursorQueryFields } from '../fiscal-operations/cursor-contract.js';
import { saleListPageSchema } from '../fiscal-documents/sale-contract.js';
import { presentSaleSummary } from '../fiscal-documents/sale-presenter.js';
import type { SalesDeps } from './sales-deps.js';

export const listSalesRoute = defineRoute<Pick<SalesDeps, 'history'>>()({
  method: 'GET',
  path: '/api/sales',
  operationId: 'listSales',
  summary: 'List sales, newest first',
  tag: 'Sales',
  authenticated: true,
  body: 'envelope',
  query: defineQuery({
    ...dateRangeQueryFields,
    ...shiftQueryFields,
    ...pageQueryFields,
    ...cursorQueryFields,
  }),
  response: saleListPageSchema,
  errors: ['VALIDATION_ERROR', 'QUERY_TIMEOUT'],
  async handler({ services: d, query }) {
    const page = await d.history.listSales(query);
    const { limit, offset } = query;
    return {
      sales: page.sales.map(presentSaleSummary),
      total: page.total,
      limit,
      offset,
      nextCursor: page.nextCursor,
    };
  },
});
