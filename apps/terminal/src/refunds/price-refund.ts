import {
  calculateRefund,
  keptPayments,
  type RefundCalculation,
  type RefundRequest,
  type VatCode,
} from '@fiscal-pos/fiscal';
import { DomainError } from '../domain-error.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { SaleRecord } from '../fiscal-documents/sale-store.js';
import type { RefundStore } from '../fiscal-documents/refund-store.js';

/** A refund of a sale the fiscal server refused is refused: that sale was never sold. */
export function assertRefundable(sale: SaleRecord, saleOperation: FiscalOperationRecord): void {
  if (saleOperation.status === 'failed') {
    throw new DomainError(
      'SALE_NOT_REFUNDABLE',
      `Sale ${sale.id} was refused by the fiscal server: it was never sold, so nothing can be returned`,
    );
  }
}

/**
 * What a return of the sale is worth now (calculateRefund over what its standing refunds already
 * took, per line as their rows recorded it): the refund prices it under the fiscal lock, the
 * quote without it. VALIDATION_ERROR when the request asks for more than is left.
 */
export function priceRefund(
  refunds: RefundStore,
  sale: SaleRecord,
  saleOperation: FiscalOperationRecord,
  request: Pick<RefundRequest, 'items' | 'payments'>,
): RefundCalculation {
  const returned = refunds.returnedSoFar(sale.id);
  const refund = calculateRefund({
    lines: sale.items.map((item, index) => {
      const taken = returned.lines.get(index);
      return {
        quantity: item.quantityMilli,
        netAmount: item.netAmount,
        vatAmount: item.vatAmount,
        vatCode: item.vatCode as VatCode,
        vatRateBp: item.vatRateBp,
        returnedQuantity: taken?.quantityMilli ?? 0,
        returnedAmount: taken?.amount ?? 0,
        returnedVat: taken?.vatAmount ?? 0,
        allowDecimals: item.allowDecimals,
      };
    }),
    payments: keptPayments(saleOperation.payments, sale.total).map((p) => ({
      type: p.code,
      kept: p.amount,
      returned: returned.payments.get(p.code) ?? 0,
    })),
    items: request.items,
    requestedPayments: request.payments,
  });
  if (refund.issues.length > 0) throw DomainError.validation(refund.issues);
  return refund;
}
