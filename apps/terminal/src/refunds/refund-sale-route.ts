import { parseRefundRequest, refundRequestSchema } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { defineRoute, FISCAL_OPERATION_ERRORS, TURNOVER_LIMIT_ERRORS } from '../http/define-route.js';
import { loadSale, type SalesDeps } from '../sales/sales-deps.js';
import { createRefund } from './create-refund.js';
import { refundResultSchema } from '../fiscal-documents/refund-contract.js';
import { presentRefundResult, refundQrCode } from '../fiscal-documents/refund-presenter.js';
import { refundReceipt } from '../fiscal-documents/refund-receipt.js';
import { refundReplay } from './refund-replay.js';

export const refundSaleRoute = defineRoute<SalesDeps>()({
  method: 'POST',
  path: '/api/sales/:saleId/refund',
  operationId: 'refundSale',
  summary: 'Return (part of) a sale: a fiscal refund document',
  description:
    'A fiscal operation of type refund, performed like a sale: fiscal lock, fiscal day, registration with the fiscal server (offline when unreachable), receipt number, receipt printed. items omitted: everything not yet returned. A returned line is worth its share of the line’s final amount, priced cumulatively so that returning everything, in any number of parts, gives back the sale exactly, VAT per code included. payments omitted: back the way it was paid, in proportion, cash last. Card money the terminal charged goes back on the card terminal by RRN inside the operation, never more than is left of the purchase after the card endpoints’ own voids and refunds; a card refund cannot be taken back, so a retry with the same Idempotency-Key resends it under the same reference and documents it. Cash comes out of the drawer: 409 INSUFFICIENT_CASH_BALANCE.',
  tag: 'Sales',
  authenticated: true,
  body: 'envelope',
  params: z.object({ saleId: z.string().meta({ description: 'saleId of the sale result (UUID)' }) }),
  request: { schema: refundRequestSchema, parse: (raw) => parseRefundRequest(raw) },
  response: refundResultSchema,
  errors: [
    ...FISCAL_OPERATION_ERRORS,
    ...TURNOVER_LIMIT_ERRORS,
    'FISCAL_DAY_EXPIRED',
    'SALE_NOT_FOUND',
    'SALE_NOT_REFUNDABLE',
    'INSUFFICIENT_CASH_BALANCE',
    'CARD_PAYMENT_DECLINED',
    'CARD_PAYMENT_ERROR',
    'CARD_TERMINAL_UNAVAILABLE',
  ],
  replay: refundReplay,
  async handler({ services: d, params, body: request, idempotencyKey }) {
    const { sale, op: saleOperation } = loadSale(d, params.saleId);
    const { refundId, operation: op } = await createRefund(d.ctx, d.refunds, {
      sale,
      saleOperation,
      request,
      idempotencyKey,
      card: d.card,
      deliveries: d.deliveries,
    });
    if (sale.delivery) d.deliveryWorker.wake();
    const refund = d.refunds.get(refundId)!;
    const header = d.header();
    const qrCodeData = refundQrCode(header.registrationNumber, refund, op);
    if (request.printReceipt) {
      // Queued durably; the answer never waits for paper.
      d.printQueue.enqueue(
        refundReceipt(header, sale, saleOperation.receiptNumber, refund, op, qrCodeData),
        `refund ${refundId}`,
      );
    }
    return presentRefundResult(refund, op, header.registrationNumber);
  },
});
