import {
  formatMinor,
  type Minor,
  type PeriodicReportTotals,
  type ReportTotals,
  type VatLine,
} from '@fiscal-pos/fiscal';
import type { PrintDocument } from '../printing/receipt-printer.js';

/** One line per VAT code: its VAT amount. */
export function vatLines(vatBreakdown: readonly VatLine[]): string[][] {
  return vatBreakdown.map((v) => [`VAT ${v.code}`, formatMinor(v.vatAmount)]);
}

/** One line per ACPS payment code: its amount. */
export function paymentLines(paymentTotals: Readonly<Record<string, Minor>>): string[][] {
  return Object.entries(paymentTotals).map(([code, amount]) => [`Payments (${code})`, formatMinor(amount)]);
}

/** A report as printed: title, the day's figures, VAT and payments, cash. */
export function reportDocument(
  title: string,
  terminalId: string,
  reportNumber: number,
  totals: ReportTotals,
  at: string,
): PrintDocument {
  const lines: string[][] = [
    ['', title, ''],
    ['Terminal', terminalId],
    ['Report', String(reportNumber)],
    [''],
    ['Sales', formatMinor(totals.totalSales)],
    ['Returns', formatMinor(totals.totalReturns)],
    ['Total', formatMinor(totals.dailyTotal)],
    ...vatLines(totals.vatBreakdown),
    ['Untaxed', formatMinor(totals.dailyUntaxed)],
    ['Receipts', String(totals.receiptsIssued)],
    ...paymentLines(totals.paymentTotals),
    ['Cash in', formatMinor(totals.cashIn)],
    ['Cash out', formatMinor(totals.cashOut)],
    ['Cash in drawer', formatMinor(totals.cashBalance)],
    ['', at, ''],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}

/** A periodic report as printed: the range, then the sums over its Z reports. */
export function periodicReportDocument(
  terminalId: string,
  range: string,
  totals: PeriodicReportTotals,
  at: string,
): PrintDocument {
  const lines: string[][] = [
    ['', 'PERIODIC REPORT', ''],
    ['Terminal', terminalId],
    ['Range', range],
    ['Z reports', String(totals.zReportsCount)],
    [''],
    ['Sales', formatMinor(totals.totalSales)],
    ['Returns', formatMinor(totals.totalReturns)],
    ...vatLines(totals.vatBreakdown),
    ['Untaxed', formatMinor(totals.totalUntaxed)],
    ['Receipts', String(totals.receiptsCount)],
    ...paymentLines(totals.paymentTotals),
    ['Cash in', formatMinor(totals.cashIn)],
    ['Cash out', formatMinor(totals.cashOut)],
    ['', at, ''],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}
