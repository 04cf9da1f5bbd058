import { formatMinor, type Minor, type PeriodicReportTotals, type ReportTotals } from '@fiscal-pos/fiscal';
import type { PrintDocument, PrintLine } from '../printing/receipt-printer.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import {
  dateTimeLine,
  documentCodeLines,
  merchantHeader,
  paymentLines,
  vatRateTotalLines,
  type ReceiptHeader,
} from '../receipts/receipt-parts.js';
import type { FiscalDaySpan } from './fiscal-day-span.js';

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
 * An X or Z report as printed: which day it covers (when it opened, the numbers of its
 * documents), the day's sales and returns, the net total and, per VAT rate, its total and VAT
 * (which add up: TOTAL = VANZARI − RETURURI = Σ TOTAL <rate> = Σ TVA + VALOARE FARA TVA), the
 * documents counted by kind, the payments, the cash, and the code the fiscal server gave the
 * report (documentCodeLines). docs/terminal-api.md, "Printed documents and the regulation".
 */
export function reportDocument(
  kind: 'x' | 'z',
  header: ReceiptHeader,
  reportNumber: number,
  totals: ReportTotals,
  day: FiscalDaySpan | null,
  op: FiscalOperationRecord,
): PrintDocument {
  const lines: PrintLine[] = [
    ...merchantHeader(header),
    ['', kind === 'z' ? 'RAPORT Z' : 'RAPORT X', ''],
    [kind === 'z' ? 'RAPORT Z NR.' : 'RAPORT X (ZIUA Z NR.)', String(reportNumber)],
    dateTimeLine(op.createdAt),
    ['ZI FISCALA DESCHISA', day === null ? '-' : dateTimeLine(day.openedAt).join(' ')],
    ['BONURI NR.', day === null ? '-' : `${day.firstReceiptNumber} - ${day.lastReceiptNumber}`],
    [''],
    ['VANZARI', formatMinor(totals.totalSales)],
    ['RETURURI', formatMinor(totals.totalReturns)],
    ['TOTAL', formatMinor(totals.dailyTotal)],
    ...vatRateTotalLines(totals.vatBreakdown),
    [AMOUNT_BEFORE_VAT, formatMinor(totals.dailyUntaxed)],
    [''],
    ['BONURI FISCALE', String(totals.receiptsIssued)],
    ['BONURI DE RETUR', String(totals.returnsCount)],
    ['BONURI DE SERVICIU', String(totals.cashInCount + totals.cashOutCount)],
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
    ...vatRateTotalLines(totals.vatBreakdown),
    [AMOUNT_BEFORE_VAT, formatMinor(totals.totalUntaxed)],
    ['BONURI FISCALE', String(totals.receiptsCount)],
    ...payments(totals.paymentTotals),
    ['INTRODUCERI NUMERAR', formatMinor(totals.cashIn)],
    ['SCOATERI NUMERAR', formatMinor(totals.cashOut)],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}
