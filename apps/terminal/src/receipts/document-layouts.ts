import { formatMinor } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { PrintDocument } from '../printing/receipt-printer.js';
import { printedFiscalCode } from './printed-fiscal-code.js';

export interface ReceiptHeader {
  terminalId: string;
  registrationNumber: string;
}

/** The lines that end every fiscal document: report, fiscal code, offline mark, time. */
export function fiscalFooter(op: FiscalOperationRecord): string[][] {
  return [
    [''],
    ['Report', String(op.reportNumber)],
    ['Fiscal code', printedFiscalCode(op)],
    ...(op.isOffline && op.fiscalCode === null ? [['OFFLINE: to be registered']] : []),
    ['', op.createdAt, ''],
  ];
}

/** The service receipt of a cash-in or cash-out. */
export function cashReceipt(
  header: ReceiptHeader,
  op: FiscalOperationRecord,
  kind: 'cashIn' | 'cashOut',
  amount: number,
  reason: string | null,
  balance: number,
): PrintDocument {
  const lines: string[][] = [
    ['', 'SERVICE RECEIPT', ''],
    ['Terminal', header.terminalId],
    ['Receipt', String(op.receiptNumber)],
    [kind === 'cashIn' ? 'CASH IN' : 'CASH OUT', formatMinor(amount)],
    ...(reason ? [[reason]] : []),
    ['Cash in drawer', formatMinor(balance)],
    ...fiscalFooter(op),
  ];
  return { kind: 'service-receipt', lines, feedLines: 3, cut: true };
}
