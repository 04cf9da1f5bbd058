import { formatMinor, type Minor, type PeriodicReportTotals, type ReportTotals } from '@fiscal-pos/fiscal';
import type { PrintDocument, PrintLine } from '../printing/receipt-printer.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import {
  dateTimeLine,
  documentCodeLines,
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
 * The amount before VAT: the taxable bases of every code, the exempt code's amount included.
 * Not `NETAXABIL`, which in Romanian means non-taxable (only the exempt part is).
 */
const AMOUNT_BEFORE_VAT = 'VALOARE FARA TVA';

/**
 * An X or Z report as printed: the day's sales and returns, the net total and its VAT per code
 * (which add up: TOTAL = VANZARI − RETURURI = Σ TVA + VALOARE FARA TVA), the payments, the cash,
 * and the code the fiscal server gave the report (documentCodeLines).
 */
export function reportDocument(
  kind: 'x' | 'z',
  header: ReceiptHeader,
  reportNumber: number,
  totals: ReportTotals,
  op: FiscalOperationRecord,
): PrintDocument {
  const lines: PrintLine[] = [
    ...merchantHeader(header),
    ['', kind === 'z' ? 'RAPORT Z' : 'RAPORT X', ''],
    [kind === 'z' ? 'RAPORT Z NR.' : 'RAPORT X (ZIUA Z NR.)', String(reportNumber)],
    dateTimeLine(op.createdAt),
    [''],
    ['VANZARI', formatMinor(totals.totalSales)],
    ['RETURURI', formatMinor(totals.totalReturns)],
    ['TOTAL', formatMinor(totals.dailyTotal)],
    ...vatLines(totals.vatBreakdown),
    [AMOUNT_BEFORE_VAT, formatMinor(totals.dailyUntaxed)],
    [''],
    ['BONURI FISCALE', String(totals.receiptsIssued)],
    ['BONURI DE RETUR', String(totals.returnsCount)],
    ...payments(totals.paymentTotals),
    [''],
    ['INTRODUCERI NUMERAR', formatMinor(totals.cashIn)],
    ['SCOATERI NUMERAR', formatMinor(totals.cashOut)],
    ['NUMERAR IN SERTAR', formatMinor(totals.cashBalance)],
    [''],
    ...documentCodeLines(op),
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
    [AMOUNT_BEFORE_VAT, formatMinor(totals.totalUntaxed)],
    ['BONURI FISCALE', String(totals.receiptsCount)],
    ...payments(totals.paymentTotals),
    ['INTRODUCERI NUMERAR', formatMinor(totals.cashIn)],
    ['SCOATERI NUMERAR', formatMinor(totals.cashOut)],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}
