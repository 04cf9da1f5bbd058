import { fromMilli, fromMinor, parseRefundRequest, refundRequestSchema } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { presentVatBreakdown } from '../fiscal-documents/fiscal-document-presenter.js';
import { loadSale, type SalesDeps } from '../sales/sales-deps.js';
import { refundQuoteSchema } from '../fiscal-documents/refund-contract.js';
import { assertRefundable, priceRefund } from './price-refund.js';

/*
 * A quote is its own path rather than a `dryRun` flag of the refund: a terminal that predates it
 * answers 404, where one that ignored an unknown flag would give the money back for real.
 */
export const refundQuoteRoute = defineRoute<SalesDeps>()({
  method: 'POST',
  path: '/api/sales/:saleId/refund/quote',
  operationId: 'quoteRefund',
  summary: 'What a refund would give back now, without making it',
  description:
    'The body of POST /api/sales/{saleId}/refund, priced the same way (each returned unit is worth its cumulative share of its line, so a partial return cannot be known in advance), answered without writing anything and without the fiscal lock: the amounts per line, the VAT per code and the payments the money would go back by. Nothing is reserved: a refund made meanwhile changes what is left, and the refund itself checks the drawer and the card terminal.',
  tag: 'Sales',
  authenticated: true,
  body: 'envelope',
  params: z.object({ saleId: z.string().meta({ description: 'saleId of the sale result (UUID)' }) }),
  request: { schema: refundRequestSchema, parse: (raw) => parseRefundRequest(raw) },
  response: refundQuoteSchema,
  errors: ['SALE_NOT_FOUND', 'SALE_NOT_REFUNDABLE'],
  handler({ services: d, params, body: request }) {
    const { sale, op } = loadSale(d, params.saleId);
    assertRefundable(sale, op);
    const refund = priceRefund(d.refunds, sale, op, request);
    return {
      saleId: sale.id,
      total: fromMinor(refund.total),
      items: refund.lines.map((line) => ({
        index: line.index,
        quantity: fromMilli(line.quantity),
        amount: fromMinor(line.amount),
        vatAmount: fromMinor(line.vatAmount),
      })),
      vatBreakdown: presentVatBreakdown(refund.vatBreakdown),
      paymentBreakdown: refund.payments.map((p) => ({ type: p.code, amount: fromMinor(p.amount) })),
    };
  },
});
