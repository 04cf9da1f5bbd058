import { fromBp, fromMinor, type VatLine } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { printedFiscalCode } from '../receipts/printed-fiscal-code.js';
import type { SaleResult } from './sale-contract.js';

export function vatPercent(rateBp: number | null): number {
  return rateBp === null ? 0 : fromBp(rateBp);
}

/** A document's VAT per code, as sale and refund results show it. */
export function presentVatBreakdown(vat: readonly VatLine[]): SaleResult['vatBreakdown'] {
  const breakdown: SaleResult['vatBreakdown'] = {};
  for (const line of vat) {
    breakdown[line.code] = {
      code: line.code,
      percent: vatPercent(line.rateBp),
      vatAmount: fromMinor(line.vatAmount),
      taxableBase: fromMinor(line.taxableBase),
      totalWithVat: fromMinor(line.gross),
    };
  }
  return breakdown;
}

/**
 * What the results of every fiscal document that takes money (sale, refund) say of it the same
 * way: its operation, its codes and status with the fiscal server, its VAT and payments.
 */
export function presentFiscalDocument(op: FiscalOperationRecord) {
  return {
    fiscalOperationId: op.id,
    reportNumber: op.reportNumber,
    fiscalCode: printedFiscalCode(op),
    mevId: op.mevId,
    isOffline: op.isOffline,
    offlineFiscalCode: op.offlineFiscalCode,
    status: op.status,
    vatBreakdown: presentVatBreakdown(op.vat),
    paymentBreakdown: op.payments.map((p) => ({ type: p.code, amount: fromMinor(p.amount) })),
    mevResponseXml: op.mevResponseXml ?? '',
  };
}
