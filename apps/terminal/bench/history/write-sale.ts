import { randomUUID } from 'node:crypto';
import { timeOrderedId } from '../../src/storage/time-ordered-id.js';
import { DEFAULT_VAT_TABLE, type SaleDraft } from '@fiscal-pos/fiscal';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { saleOperationAmounts, saleRow } from '../../src/sales/sale-rows.js';
import { SaleStore } from '../../src/fiscal-documents/sale-store.js';
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
 * answer to the sale before it, the shift, the numbers, the operation written `sent` and the
 * sale (one durable transaction, OperationStore.withHeld), then the fiscal server's answer,
 * held for the next sale's transaction; a refusal is written at once by `transaction` (in a
 * transaction of its own, or inline inside a larger one), and writeHeldAnswers the last answer.
 */
export function writeSale(
  rt: SaleStores,
  server: InstantFiscalServer,
  draft: SaleDraft,
  createdAt: string,
  transaction: (step: () => void) => void,
): void {
  const written = rt.operations.withHeld(() => {
    const state = rt.terminalState.get();
    const shift = rt.shifts.forDocument(createdAt, () => rt.operations.cashBalance(state.reportNumber));
    const numbers = rt.terminalState.issueReceiptNumber(createdAt, state, DEFAULT_VAT_TABLE);
    const op = rt.operations.insert(
      {
        id: timeOrderedId(Date.parse(createdAt)),
        operationType: 'receipt',
        ...numbers,
        ...saleOperationAmounts(draft),
        shiftId: shift.id,
        createdAt,
      },
      'sent',
    );
    rt.sales.insert(
      saleRow(draft, {
        id: timeOrderedId(Date.parse(createdAt)),
        purchaseId: randomUUID(),
        fiscalOperationId: op.id,
        cashier: shift.cashier ?? { id: 'cashier-1', name: 'Cashier' },
        createdAt,
        chargedRrn: () => null,
      }),
      op.seq,
    );
    return op;
  });
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
  if (outcome.kind === 'registered')
    rt.operations.hold(written, 'sent', 'success', {
      mevId: outcome.mevId,
      fiscalCode: outcome.fiscalCode,
      mevResponseXml: outcome.responseXml,
      errorMessage: null,
      completedAt: createdAt,
    });
  else
    transaction(() =>
      rt.operations.transition(written, 'sent', 'failed', {
        mevResponseXml: outcome.responseXml,
        errorMessage: `${outcome.faultCode}: ${outcome.reason}`,
        completedAt: createdAt,
      }),
    );
}

/** Writes the registrations writeSale held for a next sale (FiscalRegistrar.flushAnswers' lazy commit). */
export function writeHeldAnswers(rt: SaleStores, transaction: (step: () => void) => void): void {
  transaction(() => rt.operations.withHeld(() => undefined));
}
