import { fromMilli, fromMinor, receiptQrUrl } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { localDate } from '../receipts/local-date.js';
import { presentFiscalDocument } from './fiscal-document-presenter.js';
import type { RefundResult, SaleRefund } from './refund-contract.js';
import type { RefundRecord } from './refund-store.js';

export function refundQrCode(
  registrationNumber: string,
  refund: RefundRecord,
  op: FiscalOperationRecord,
): string {
  return receiptQrUrl(registrationNumber, refund.total, op.receiptNumber ?? 0, localDate(op.createdAt));
}

/** data of POST /api/sales/{saleId}/refund, rebuilt from storage so a replay answers the same. */
export function presentRefundResult(
  refund: RefundRecord,
  op: FiscalOperationRecord,
  registrationNumber: string,
): RefundResult {
  return {
    refundId: refund.id,
    saleId: refund.saleId,
    ...presentFiscalDocument(op),
    receiptNumber: op.receiptNumber ?? 0,
    total: fromMinor(refund.total),
    payments: refund.payments.map((p) => ({
      paymentType: p.paymentType,
      amount: fromMinor(p.amount),
      card: p.card,
    })),
    qrCodeData: refundQrCode(registrationNumber, refund, op),
    createdAt: refund.createdAt,
  };
}

/** A sale's refund in its detail: lines and money given back per payment type. */
export function presentSaleRefund(refund: RefundRecord): SaleRefund {
  const byType = new Map<string, number>();
  for (const p of refund.payments) byType.set(p.paymentType, (byType.get(p.paymentType) ?? 0) + p.amount);
  return {
    refundId: refund.id,
    fiscalOperationId: refund.fiscalOperationId,
    status: refund.status,
    total: fromMinor(refund.total),
    reason: refund.reason,
    items: refund.items.map((i) => ({
      index: i.index,
      quantity: fromMilli(i.quantityMilli),
      amount: fromMinor(i.amount),
    })),
    payments: [...byType].map(([type, amount]) => ({ type, amount: fromMinor(amount) })),
    createdAt: refund.createdAt,
  };
}
