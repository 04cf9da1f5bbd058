import { acpsLabel, fromMilli, fromMinor, isAcpsCode, receiptQrUrl } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { ReceiptDelivery } from '../receipt-delivery/delivery-outbox.js';
import { presentFiscalDocument, vatPercent } from './fiscal-document-presenter.js';
import { presentSaleRefund } from './refund-presenter.js';
import type { RefundRecord } from './refund-store.js';
import { localDate } from '../receipts/local-date.js';
import type { SaleDetail, SaleResult, SaleSummary } from './sale-contract.js';
import type { SaleHeader, SalePayment, SaleRecord, StoredSale } from './sale-store.js';

function presentPayment(p: SalePayment): SaleDetail['payments'][number] {
  return {
    paymentType: p.paymentType,
    amount: fromMinor(p.amount),
    rrn: p.rrn,
    notes: p.notes,
    card: p.card,
  };
}

export function saleQrCode(
  registrationNumber: string,
  sale: Pick<StoredSale, 'total'>,
  op: FiscalOperationRecord,
): string {
  return receiptQrUrl(registrationNumber, sale.total, op.receiptNumber ?? 0, localDate(op.createdAt));
}

/** data of POST /api/sales, rebuilt from storage so a replay after a restart answers the same. */
export function presentSaleResult(
  sale: SaleRecord,
  op: FiscalOperationRecord,
  registrationNumber: string,
): SaleResult {
  const delivery = sale.delivery;
  const deliveryRequested =
    delivery !== null && (delivery.customerPhone !== null || delivery.customerEmail !== null);
  return {
    saleId: sale.id,
    purchaseId: sale.purchaseId,
    serverSaleId: sale.id,
    ...presentFiscalDocument(op),
    shiftId: sale.shiftId,
    shiftNumber: sale.shiftNumber,
    receiptNumber: op.receiptNumber,
    total: fromMinor(sale.total),
    subtotal: fromMinor(sale.subtotal),
    amountReceived: fromMinor(sale.amountReceived),
    change: fromMinor(sale.changeAmount),
    payments: sale.payments.map(presentPayment),
    qrCodeData: saleQrCode(registrationNumber, sale, op),
    receiptDelivery: deliveryRequested
      ? { smsSent: delivery.customerPhone !== null, emailSent: delivery.customerEmail !== null }
      : null,
    createdAt: sale.createdAt,
  };
}

/** Item of GET /api/sales. `status` is the fiscal operation's synchronisation status. */
export function presentSaleSummary(
  sale: SaleHeader & { status: string; primaryPaymentType: string | null },
): SaleSummary {
  const primary = sale.primaryPaymentType;
  return {
    id: sale.id,
    purchaseId: sale.purchaseId,
    serverSaleId: sale.id,
    fiscalOperationId: sale.fiscalOperationId,
    shiftId: sale.shiftId,
    shiftNumber: sale.shiftNumber,
    cashierId: sale.cashierId,
    cashierName: sale.cashierName,
    subtotal: fromMinor(sale.subtotal),
    total: fromMinor(sale.total),
    paymentAmount: fromMinor(sale.amountReceived),
    changeAmount: fromMinor(sale.changeAmount),
    paymentType: primary !== null && isAcpsCode(primary) ? acpsLabel(primary) : primary,
    status: sale.status,
    createdAt: sale.createdAt,
  };
}

/** data of GET /api/sales/{saleId}. */
export function presentSaleDetail(
  sale: SaleRecord,
  op: FiscalOperationRecord,
  registrationNumber: string,
  refunds: readonly RefundRecord[],
  deliveries: readonly ReceiptDelivery[],
): SaleDetail {
  // A refused refund gave nothing back.
  const returned = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const i of refund.items) returned.set(i.index, (returned.get(i.index) ?? 0) + i.quantityMilli);
  }
  return {
    id: sale.id,
    purchaseId: sale.purchaseId,
    serverSaleId: sale.id,
    fiscalOperationId: op.id,
    shiftId: sale.shiftId,
    shiftNumber: sale.shiftNumber,
    cashierId: sale.cashierId,
    cashierName: sale.cashierName,
    subtotal: fromMinor(sale.subtotal),
    cartDiscountAmount: fromMinor(sale.cartDiscountAmount),
    cartMarkupAmount: fromMinor(sale.cartMarkupAmount),
    total: fromMinor(sale.total),
    amountReceived: fromMinor(sale.amountReceived),
    changeAmount: fromMinor(sale.changeAmount),
    delivery: sale.delivery,
    createdAt: sale.createdAt,
    items: sale.items.map((i, index) => ({
      productId: i.productId,
      lotLineId: i.lotLineId,
      productName: i.name,
      quantity: fromMilli(i.quantityMilli),
      unitPrice: fromMinor(i.unitPrice),
      originalPrice: fromMinor(i.originalAmount),
      discountAmount: fromMinor(i.discountAmount),
      markupAmount: fromMinor(i.markupAmount),
      netAmount: fromMinor(i.netAmount),
      vatCode: i.vatCode,
      vatPercent: vatPercent(i.vatRateBp),
      vatAmount: fromMinor(i.vatAmount),
      returnedQuantity: fromMilli(returned.get(index) ?? 0),
    })),
    payments: sale.payments.map(presentPayment),
    refunds: refunds.map(presentSaleRefund),
    deliveries: deliveries.map((d) => ({
      channel: d.channel,
      recipient: d.recipient,
      refundId: d.refundId,
      status: d.status,
      attempts: d.attempts,
      lastError: d.lastError,
      sentAt: d.sentAt,
    })),
    fiscalOperation: {
      id: op.id,
      mevId: op.mevId,
      fiscalCode: op.fiscalCode,
      offlineFiscalCode: op.offlineFiscalCode,
      receiptNumber: op.receiptNumber,
      reportNumber: op.reportNumber,
      status: op.status,
      isOffline: op.isOffline,
      errorMessage: op.status === 'failed' ? op.errorMessage : null,
      mevResponseXml: op.mevResponseXml,
      qrCodeData: saleQrCode(registrationNumber, sale, op),
    },
  };
}
