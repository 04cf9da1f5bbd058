import { defineRoute } from '../http/define-route.js';
import {
  dateRangeQueryFields,
  defineQuery,
  pageQueryFields,
  shiftQueryFields,
} from '../http/query-fields.js';
import { saleListPageSchema } from './sale-contract.js';
import { presentSaleSummary } from './sale-presenter.js';
import type { SalesDeps } from './sales-deps.js';

export const listSalesRoute = defineRoute<Pick<SalesDeps, 'sales'>>()({
  method: 'GET',
  path: '/api/sales',
  operationId: 'listSales',
  summary: 'List sales, newest first',
  tag: 'Sales',
  authenticated: true,
  body: 'envelope',
  query: defineQuery({ ...dateRangeQueryFields, ...shiftQueryFields, ...pageQueryFields }),
  response: saleListPageSchema,
  errors: ['VALIDATION_ERROR'],
  handler({ services: d, query }) {
    const page = d.sales.list(query);
    const { limit, offset } = query;
    return { sales: page.sales.map(presentSaleSummary), total: page.total, limit, offset };
  },
});
