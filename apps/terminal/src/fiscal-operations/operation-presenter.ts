import { fromBp, fromMinor, keyedVatEntries } from '@fiscal-pos/fiscal';
import type { FiscalOperation } from './operation-contract.js';
import type { ListedFiscalOperation } from './operation-store.js';

/** Item of GET /api/fiscal/operations, amounts in MDL. */
export function presentOperation(op: ListedFiscalOperation): FiscalOperation {
  const vatBreakdown: Record<string, number> = {};
  const vatDetails: Record<
    string,
    { percent: number; rate: number; cost: number; gross: number; taxableBase: number }
  > = {};
  // A report's VAT can hold a code at two rates: keyed apart, as in the report itself.
  for (const [key, line] of keyedVatEntries(op.vat)) {
    const percent = line.rateBp === null ? 0 : fromBp(line.rateBp);
    vatBreakdown[key] = fromMinor(line.vatAmount);
    vatDetails[key] = {
      percent,
      rate: line.rateBp === null ? 0 : line.rateBp / 10_000,
      cost: fromMinor(line.vatAmount),
      gross: fromMinor(line.gross),
      taxableBase: fromMinor(line.taxableBase),
    };
  }
  const paymentsBreakdown: Record<string, number> = {};
  for (const payment of op.payments) paymentsBreakdown[payment.code] = fromMinor(payment.amount);
  return {
    id: op.id,
    operationType: op.operationType,
    receiptNumber: op.receiptNumber,
    reportNumber: op.reportNumber,
    mevId: op.mevId,
    fiscalCode: op.fiscalCode,
    offlineFiscalCode: op.offlineFiscalCode,
    status: op.status,
    isOffline: op.isOffline,
    totalAmount: fromMinor(op.totalAmount),
    vatBreakdown,
    vatDetails,
    paymentsBreakdown,
    mevResponseXml: op.mevResponseXml,
    errorMessage: op.status === 'failed' ? op.errorMessage : null,
    attempts: op.attempts,
    shiftId: op.shiftId,
    shiftNumber: op.shiftNumber,
    createdAt: op.createdAt,
    completedAt: op.completedAt,
  };
}
