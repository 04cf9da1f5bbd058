import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { saleDetailSchema } from '../fiscal-documents/sale-contract.js';
import { presentSaleDetail } from '../fiscal-documents/sale-presenter.js';
import { loadSale, type SalesDeps } from './sales-deps.js';

export const getSaleRoute = defineRoute<SalesDeps>()({
  method: 'GET',
  path: '/api/sales/:saleId',
  operationId: 'getSale',
  summary: 'One sale with its items, payments, refunds and fiscal operation',
  tag: 'Sales',
  authenticated: true,
  body: 'envelope',
  params: z.object({ saleId: z.string().meta({ description: 'saleId of the sale result (UUID)' }) }),
  response: saleDetailSchema,
  errors: ['SALE_NOT_FOUND'],
  handler({ services: d, params }) {
    const { sale, op } = loadSale(d, params.saleId);
    return presentSaleDetail(
      sale,
      op,
      d.header().registrationNumber,
      d.refunds.forSale(sale.id),
      d.deliveries.forSale(sale.id),
    );
  },
});
