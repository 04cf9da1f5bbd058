import type { OperationStore } from '../fiscal-operations/operation-store.js';
import type { ReceiptHeader } from '../receipts/receipt-parts.js';
import { refundQrCode } from './refund-presenter.js';
import { refundReceipt } from './refund-receipt.js';
import type { RefundStore } from './refund-store.js';
import { saleQrCode } from './sale-presenter.js';
import { saleReceipt } from './sale-receipt.js';
import type { SaleStore } from './sale-store.js';
import type { ReceiptDelivery } from '../receipt-delivery/delivery-outbox.js';
import { receiptMessage, type ReceiptMessage } from '../receipt-delivery/receipt-message.js';

/**
 * The message of a delivery, built from the document as it is stored: the sale's receipt, or the
 * receipt of one of its refunds, laid out by the same code as the printed one.
 */
export function deliveredReceipt(
  stores: { sales: SaleStore; refunds: RefundStore; operations: OperationStore },
  header: () => ReceiptHeader,
): (delivery: ReceiptDelivery) => Promise<ReceiptMessage> {
  return (delivery) => {
    const sale = stores.sales.get(delivery.saleId);
    if (!sale) throw new Error(`sale ${delivery.saleId} of delivery ${delivery.id} does not exist`);
    const saleOp = stores.operations.require(sale.fiscalOperationId);
    const h = header();
    if (delivery.refundId === null) {
      const qr = saleQrCode(h.registrationNumber, sale, saleOp);
      return Promise.resolve(
        receiptMessage(saleReceipt(h, sale, saleOp, qr), {
          kind: 'sale',
          language: delivery.language,
          receiptNumber: saleOp.receiptNumber ?? 0,
          total: sale.total,
          qrCodeData: qr,
        }),
      );
    }
    const refund = stores.refunds.get(delivery.refundId);
    if (!refund) throw new Error(`refund ${delivery.refundId} of delivery ${delivery.id} does not exist`);
    const op = stores.operations.require(refund.fiscalOperationId);
    const qr = refundQrCode(h.registrationNumber, refund, op);
    return Promise.resolve(
      receiptMessage(refundReceipt(h, sale, saleOp.receiptNumber, refund, op, qr), {
        kind: 'refund',
        language: delivery.language,
        receiptNumber: op.receiptNumber ?? 0,
        total: refund.total,
        qrCodeData: qr,
      }),
    );
  };
}
