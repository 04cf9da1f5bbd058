import type { ReportedOperation } from '@fiscal-pos/fiscal';

/**
 * The numbered documents of one fiscal day (sales, refunds, service receipts): when the first
 * was issued, which is when the day opened (the terminal starts the day with the first receipt
 * number it issues), and the range of their numbers.
 */
export interface FiscalDaySpan {
  openedAt: string;
  firstReceiptNumber: number;
  lastReceiptNumber: number;
}

/** Null for a day with no numbered document yet (an X report before the first receipt). */
export function fiscalDaySpan(
  records: readonly Pick<ReportedOperation, 'receiptNumber' | 'createdAt'>[],
): FiscalDaySpan | null {
  let span: FiscalDaySpan | null = null;
  for (const { receiptNumber, createdAt } of records) {
    if (receiptNumber === null) continue;
    if (span === null)
      span = { openedAt: createdAt, firstReceiptNumber: receiptNumber, lastReceiptNumber: receiptNumber };
    span.firstReceiptNumber = Math.min(span.firstReceiptNumber, receiptNumber);
    span.lastReceiptNumber = Math.max(span.lastReceiptNumber, receiptNumber);
  }
  return span;
}
