import { randomUUID } from 'node:crypto';
import { ACPS_CASH, type SaleDraft } from '@fiscal-pos/fiscal';
import { OperationStore, type FiscalOperationRecord } from '../../src/fiscal-operations/operation-store.js';
import { SaleStore } from '../../src/sales/sale-store.js';
import { ShiftStore } from '../../src/shifts/shift-store.js';
import type { Db } from '../../src/storage/database.js';
import { TerminalStateStore } from '../../src/terminal-state/terminal-state-store.js';
import type { InstantFiscalServer } from './instant-fiscal-server.js';

export interface SaleStores {
  terminalState: TerminalStateStore;
  shifts: ShiftStore;
  operations: OperationStore;
  sales: SaleStore;
}

export function saleStores(db: Db): SaleStores {
  return {
    terminalState: new TerminalStateStore(db),
    shifts: new ShiftStore(db),
    operations: new OperationStore(db),
    sales: new SaleStore(db),
  };
}

/**
 * One cash sale written with the calls createSale and the registrar make, in their order: the
 * shift, the numbers, the operation and the sale (one durable transaction), `sent` (one lazy
 * transaction), the fiscal server's answer (another). `transaction` runs each of the three:
 * in a transaction of its own, or inline inside a larger one.
 */
export function writeSale(
  rt: SaleStores,
  server: InstantFiscalServer,
  draft: SaleDraft,
  createdAt: string,
  transaction: (step: () => void) => void,
): void {
  const { calculation } = draft;
  let op: FiscalOperationRecord | undefined;
  transaction(() => {
    const state = rt.terminalState.get();
    const shift = rt.shifts.forDocument(createdAt, () => rt.operations.cashBalance(state.reportNumber));
    const numbers = rt.terminalState.issueReceiptNumber(createdAt);
    const cashPaid = draft.payments.filter((p) => p.type === ACPS_CASH).reduce((sum, p) => sum + p.amount, 0);
    op = rt.operations.insert({
      id: randomUUID(),
      operationType: 'receipt',
      ...numbers,
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
      shiftId: shift.id,
      createdAt,
    });
    rt.sales.insert({
      id: randomUUID(),
      purchaseId: randomUUID(),
      fiscalOperationId: op.id,
      subtotal: calculation.subtotal,
      cartDiscountAmount: calculation.cartDiscountAmount,
      cartMarkupAmount: calculation.cartMarkupAmount,
      total: calculation.total,
      amountReceived: calculation.amountReceived,
      changeAmount: calculation.change,
      delivery: draft.delivery,
      printReceipt: draft.printReceipt,
      cashierId: shift.cashier?.id ?? 'cashier-1',
      cashierName: shift.cashier?.name ?? 'Cashier',
      createdAt,
      items: draft.items.map((item, index) => {
        const line = calculation.items[index]!;
        return {
          productId: item.id,
          lotLineId: null,
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
        };
      }),
      payments: draft.payments.map((p) => ({
        paymentType: p.type,
        amount: p.amount,
        rrn: p.rrn ?? null,
        notes: null,
      })),
    });
  });
  if (!op) throw new Error('the sale was not written');
  const written = op;
  transaction(() => rt.operations.transition(written.id, 'pending', 'sent', { countAttempt: true }));
  const outcome = server.answer({
    operationId: written.id,
    type: 'receipt',
    receiptNumber: written.receiptNumber,
    reportNumber: written.reportNumber,
    totalAmount: written.totalAmount,
    vat: written.vat,
    payments: written.payments,
    occurredAt: createdAt,
  });
  transaction(() => {
    if (outcome.kind === 'registered')
      rt.operations.transition(written.id, 'sent', 'success', {
        mevId: outcome.mevId,
        fiscalCode: outcome.fiscalCode,
        mevResponseXml: outcome.responseXml,
        errorMessage: null,
        completedAt: createdAt,
      });
    else
      rt.operations.transition(written.id, 'sent', 'failed', {
        mevResponseXml: outcome.responseXml,
        errorMessage: `${outcome.faultCode}: ${outcome.reason}`,
        completedAt: createdAt,
      });
  });
}
