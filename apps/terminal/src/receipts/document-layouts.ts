import { formatMinor } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { PrintDocument, PrintLine } from '../printing/receipt-printer.js';
import { fiscalFooter, merchantHeader, type ReceiptHeader } from './receipt-parts.js';

/** The service receipt of a cash-in or cash-out. */
export function cashReceipt(
  header: ReceiptHeader,
  op: FiscalOperationRecord,
  kind: 'cashIn' | 'cashOut',
  amount: number,
  reason: string | null,
  balance: number,
): PrintDocument {
  const lines: PrintLine[] = [
    ...merchantHeader(header),
    ['', 'BON DE SERVICIU', ''],
    [kind === 'cashIn' ? 'INTRODUCERE NUMERAR' : 'SCOATERE NUMERAR', formatMinor(amount)],
    ...(reason ? [{ text: reason }] : []),
    ['NUMERAR IN SERTAR', formatMinor(balance)],
    ...fiscalFooter(op),
  ];
  return { kind: 'service-receipt', lines, feedLines: 3, cut: true };
}
