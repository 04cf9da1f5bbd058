import { formatMinor, type Minor, type PeriodicReportTotals, type ReportTotals } from '@fiscal-pos/fiscal';
import type { PrintDocument, PrintLine } from '../printing/receipt-printer.js';
import {
  dateTimeLine,
  merchantHeader,
  paymentLines,
  vatLines,
  type ReceiptHeader,
} from '../receipts/receipt-parts.js';

/** Payment totals by ACPS code, in the classifier's order of the record. */
function payments(totals: Readonly<Record<string, Minor>>) {
  return paymentLines(Object.entries(totals).map(([code, amount]) => ({ code, amount })));
}

/**
 * An X or Z report as printed: the day's sales and returns, the net total and its VAT per code
 * (which add up: TOTAL = VANZARI − RETURURI = Σ TVA + NETAXABIL), the payments, the cash.
 */
export function reportDocument(
  kind: 'x' | 'z',
  header: ReceiptHeader,
  reportNumber: number,
  totals: ReportTotals,
  at: string,
): PrintDocument {
  const lines: PrintLine[] = [
    ...merchantHeader(header),
    ['', kind === 'z' ? 'RAPORT Z' : 'RAPORT X', ''],
    [kind === 'z' ? 'RAPORT Z NR.' : 'RAPORT X (ZIUA Z NR.)', String(reportNumber)],
    dateTimeLine(at),
    [''],
    ['VANZARI', formatMinor(totals.totalSales)],
    ['RETURURI', formatMinor(totals.totalReturns)],
    ['TOTAL', formatMinor(totals.dailyTotal)],
    ...vatLines(totals.vatBreakdown),
    ['NETAXABIL', formatMinor(totals.dailyUntaxed)],
    [''],
    ['BONURI FISCALE', String(totals.receiptsIssued)],
    ['BONURI DE RETUR', String(totals.returnsCount)],
    ...payments(totals.paymentTotals),
    [''],
    ['INTRODUCERI NUMERAR', formatMinor(totals.cashIn)],
    ['SCOATERI NUMERAR', formatMinor(totals.cashOut)],
    ['NUMERAR IN SERTAR', formatMinor(totals.cashBalance)],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}

/** A periodic report as printed: the range, then the sums over its Z reports. */
export function periodicReportDocument(
  header: ReceiptHeader,
  range: string,
  totals: PeriodicReportTotals,
  at: string,
): PrintDocument {
  const lines: PrintLine[] = [
    ...merchantHeader(header),
    ['', 'RAPORT PERIODIC', ''],
    ['PERIOADA', range],
    ['RAPOARTE Z', String(totals.zReportsCount)],
    dateTimeLine(at),
    [''],
    ['VANZARI', formatMinor(totals.totalSales)],
    ['RETURURI', formatMinor(totals.totalReturns)],
    ...vatLines(totals.vatBreakdown),
    ['NETAXABIL', formatMinor(totals.totalUntaxed)],
    ['BONURI FISCALE', String(totals.receiptsCount)],
    ...payments(totals.paymentTotals),
    ['INTRODUCERI NUMERAR', formatMinor(totals.cashIn)],
    ['SCOATERI NUMERAR', formatMinor(totals.cashOut)],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}
