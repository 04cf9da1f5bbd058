import { ACPS_CASH, type SaleDraft } from '@fiscal-pos/fiscal';
import type { OperationAmounts } from '../fiscal-operations/perform-fiscal-operation.js';
import type { StoredSale } from '../fiscal-documents/sale-store.js';

/**
 * The rows a sale writes, from its calculation: one definition for the sale use case and for
 * the history benchmark, which builds its million sales through the same rows.
 */
export function saleOperationAmounts(draft: SaleDraft): OperationAmounts {
  const { calculation } = draft;
  const cashPaid = draft.payments.filter((p) => p.type === ACPS_CASH).reduce((sum, p) => sum + p.amount, 0);
  return {
    totalAmount: calculation.total,
    cashDelta: cashPaid - calculation.change,
    vat: calculation.vatBreakdown.map((v) => ({
      code: v.code,
      rateBp: v.rateBp,
      taxableBase: v.taxableBase,
      vatAmount: v.vatAmount,
      gross: v.gross,
    })),
    payments: calculation.paymentBreakdown,
  };
}

export interface SaleRowOptions {
  id: string;
  purchaseId: string;
  fiscalOperationId: string;
  cashier: { id: string | null; name: string | null };
  createdAt: string;
  /** The RRN of the payment at this position when the terminal charged it itself. */
  chargedRrn: (position: number) => string | null;
}

export function saleRow(draft: SaleDraft, o: SaleRowOptions): StoredSale {
  const { calculation } = draft;
  return {
    id: o.id,
    purchaseId: o.purchaseId,
    fiscalOperationId: o.fiscalOperationId,
    subtotal: calculation.subtotal,
    cartDiscountAmount: calculation.cartDiscountAmount,
    cartMarkupAmount: calculation.cartMarkupAmount,
    total: calculation.total,
    amountReceived: calculation.amountReceived,
    changeAmount: calculation.change,
    delivery: draft.delivery,
    printReceipt: draft.printReceipt,
    cashierId: o.cashier.id,
    cashierName: o.cashier.name,
    createdAt: o.createdAt,
    items: draft.items.map((item, index) => {
      const line = calculation.items[index];
      if (!line) throw new Error(`calculation lacks item ${index}`);
      return {
        productId: item.id,
        lotLineId: item.lotLineId,
        name: item.name,
        quantityMilli: item.quantity,
        unitPrice: item.unitPrice,
        originalAmount: line.originalPrice,
        discountAmount: line.discountAmount,
        markupAmount: line.markupAmount,
        netAmount: line.netAmount,
        vatCode: line.vatCode,
        vatRateBp: line.vatRateBp,
        vatAmount: line.vatAmount,
        allowDecimals: item.allowDecimals,
      };
    }),
    payments: draft.payments.map((p, position) => ({
      paymentType: p.type,
      amount: p.amount,
      rrn: p.rrn ?? o.chargedRrn(position),
      notes: null,
    })),
  };
}
