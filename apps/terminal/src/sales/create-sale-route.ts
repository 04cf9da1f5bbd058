import { parseSaleRequest, saleRequestSchema } from '@fiscal-pos/fiscal';
import { lotForSale } from '../delivery-lots/sell-lot.js';
import { defineRoute, FISCAL_OPERATION_ERRORS, TURNOVER_LIMIT_ERRORS } from '../http/define-route.js';
import { cardLimitIssues } from './card-amount-limit.js';
import { createSale, lotItemsOf } from './create-sale.js';
import { saleResultSchema } from '../fiscal-documents/sale-contract.js';
import { presentSaleResult, saleQrCode } from '../fiscal-documents/sale-presenter.js';
import { saleReceipt } from '../fiscal-documents/sale-receipt.js';
import { saleReplay } from './sale-replay.js';
import type { SalesDeps } from './sales-deps.js';

export const createSaleRoute = defineRoute<SalesDeps>()({
  method: 'POST',
  path: '/api/sales',
  operationId: 'createSale',
  summary: 'Register a fiscal sale',
  description:
    'Sells a delivery lot when deliveryLotId or qrPayload is given (items with lotLineId are its lines, the others extra lines; the lot is marked sold in the sale’s transaction and its webhook is sent after the answer). Takes the fiscal lock, charges card payments without an RRN on the card terminal, records the receipt durably, registers it with the fiscal server (offline when unreachable) and prints fire-and-forget. A card charge is taken back when the sale is not written or the fiscal server refuses it.',
  tag: 'Sales',
  authenticated: true,
  body: 'envelope',
  request: {
    schema: saleRequestSchema,
    parse: (raw, d) => {
      const parsed = parseSaleRequest(raw, d.vatTable());
      if (!parsed.ok) return parsed;
      const issues = cardLimitIssues(parsed.value);
      return issues.length === 0 ? parsed : { ok: false, issues };
    },
  },
  response: saleResultSchema,
  errors: [
    ...FISCAL_OPERATION_ERRORS,
    ...TURNOVER_LIMIT_ERRORS,
    'FISCAL_DAY_EXPIRED',
    'CARD_PAYMENT_DECLINED',
    'CARD_PAYMENT_ERROR',
    'CARD_TERMINAL_UNAVAILABLE',
    'DELIVERY_LOT_NOT_FOUND',
    'DELIVERY_LOT_NOT_OPEN',
  ],
  replay: saleReplay,
  async handler({ services: d, body: draft, idempotencyKey, reply }) {
    const lot = lotForSale(d, draft, lotItemsOf(draft));
    const {
      saleId,
      operation: op,
      sale,
    } = await createSale(d.ctx, d.sales, {
      draft,
      idempotencyKey,
      cashier: d.cashier,
      card: d.card,
      fromLot: lot ? { lot, lots: d.lots } : null,
      deliveries: d.deliveries,
    });
    if (draft.delivery) d.deliveryWorker.wake();
    if (lot?.webhookUrl) {
      // The webhook goes once the answer is out: a slow receiver never delays the sale.
      reply.raw.once('close', () => d.lotWebhooks.send(lot.id));
    }
    // The sale and its operation as this request left them, not read back: the sync worker
    // may already be sending the operation again (`sent`), and the answer says what this
    // request did. A replay presents the same record read from storage (saleReplay).
    const header = d.header();
    if (sale.printReceipt) {
      // Queued durably before the answer; the answer never waits for paper.
      d.printQueue.enqueue(
        saleReceipt(header, sale, op, saleQrCode(header.registrationNumber, sale, op)),
        `sale ${saleId}`,
      );
    }
    return presentSaleResult(sale, op, header.registrationNumber);
  },
});
