import type { Minor } from '../money/money.js';
import type { VatLine } from '../vat/vat-line.js';
import { AmountSums, VatSums, exactMinor } from './exact-sums.js';
import { aggregateReportData } from './report-aggregation.js';
import type { ReportedOperation, ReportOptions, ReportTotals } from './report-aggregation.js';

/**
 * A closed fiscal day as the terminal keeps it after its Z report: the report totals
 * frozen at closing, plus what the periodic report needs besides them.
 */
export interface ClosedZReport {
  reportNumber: number;
  closedAt: string;
  /** Lowest and highest receipt numbers of the day; 0 when no receipt was issued. */
  firstReceiptNumber: number;
  lastReceiptNumber: number;
  /** X reports taken during the day. */
  xReportsCount: number;
  totals: ReportTotals;
}

/** The figures of one Z report in a detailed periodic report (entries of individualZReports). */
export interface IndividualZReport {
  reportNumber: number;
  closedAt: string;
  firstReceiptNumber: number;
  lastReceiptNumber: number;
  receiptsCount: number;
  totalSales: Minor;
  totalTax: Minor;
  vatBreakdown: VatLine[];
  paymentTotals: Record<string, Minor>;
  cashIn: Minor;
  cashOut: Minor;
}

/**
 * The amounts of the spec's periodic report result, in bani. The filter echo (filterMode,
 * dateFrom/dateTo or reportFrom/reportTo) and generatedAt are the caller's to add.
 * As in the day's report, totalSales and totalReturns are gross and apart; totalTax,
 * totalUntaxed, vatBreakdown and paymentTotals are net of returns.
 */
export interface PeriodicReportTotals {
  totalSales: Minor;
  totalTax: Minor;
  totalUntaxed: Minor;
  vatBreakdown: VatLine[];
  receiptsCount: number;
  paymentTotals: Record<string, Minor>;
  cashIn: Minor;
  cashOut: Minor;
  cashInCount: number;
  cashOutCount: number;
  zReportsCount: number;
  xReportsCount: number;
  /** null when no Z report is in the range. */
  firstZReportNumber: number | null;
  lastZReportNumber: number | null;
  firstZReportTimestamp: string | null;
  lastZReportTimestamp: string | null;
  totalReturns: Minor;
  returnsCount: number;
  /** Filled only for a detailed report, in Z number order. */
  individualZReports: IndividualZReport[] | null;
}

/**
 * Freezes a fiscal day at its Z report: the day's report totals plus the receipt number
 * range and the count of X reports, ready to be stored and summed by periodic reports.
 */
export function summarizeClosedDay(
  records: readonly ReportedOperation[],
  day: ReportOptions & { reportNumber: number; closedAt: string },
): ClosedZReport {
  // A loop, not Math.min(...numbers): spreading an array passes each element as an argument,
  // which overflows the stack from about 130k receipts in a day.
  let first: number | null = null;
  let last: number | null = null;
  for (const record of records) {
    const number = record.receiptNumber;
    if (record.status === 'failed' || number === null) continue;
    if (first === null || number < first) first = number;
    if (last === null || number > last) last = number;
  }
  return {
    reportNumber: day.reportNumber,
    closedAt: day.closedAt,
    firstReceiptNumber: first ?? 0,
    lastReceiptNumber: last ?? 0,
    xReportsCount: records.filter((record) => record.type === 'x_report').length,
    totals: aggregateReportData(records, day),
  };
}

function individualReport(report: ClosedZReport): IndividualZReport {
  const { totals } = report;
  return {
    reportNumber: report.reportNumber,
    closedAt: report.closedAt,
    firstReceiptNumber: report.firstReceiptNumber,
    lastReceiptNumber: report.lastReceiptNumber,
    receiptsCount: totals.receiptsIssued,
    totalSales: totals.totalSales,
    totalTax: totals.dailyTax,
    vatBreakdown: totals.vatBreakdown,
    paymentTotals: totals.paymentTotals,
    cashIn: totals.cashIn,
    cashOut: totals.cashOut,
  };
}

/** Sums the Z reports the caller selected (by date or by number) into a periodic report, exactly. */
export function aggregatePeriodicReport(
  zReports: readonly ClosedZReport[],
  options: { detailed: boolean },
): PeriodicReportTotals {
  const ordered = [...zReports].sort((a, b) => a.reportNumber - b.reportNumber);
  const vat = new VatSums();
  const payments = new AmountSums();
  const sums = { totalSales: 0n, totalTax: 0n, totalUntaxed: 0n, cashIn: 0n, cashOut: 0n, totalReturns: 0n };
  const counts = { receiptsCount: 0, cashInCount: 0, cashOutCount: 0, xReportsCount: 0, returnsCount: 0 };
  for (const { totals, xReportsCount } of ordered) {
    sums.totalSales += BigInt(totals.totalSales);
    sums.totalTax += BigInt(totals.dailyTax);
    sums.totalUntaxed += BigInt(totals.dailyUntaxed);
    sums.cashIn += BigInt(totals.cashIn);
    sums.cashOut += BigInt(totals.cashOut);
    sums.totalReturns += BigInt(totals.totalReturns);
    for (const entry of totals.vatBreakdown) vat.add(entry, 1n);
    for (const [code, amount] of Object.entries(totals.paymentTotals)) payments.add(code, BigInt(amount));
    counts.receiptsCount += totals.receiptsIssued;
    counts.cashInCount += totals.cashInCount;
    counts.cashOutCount += totals.cashOutCount;
    counts.xReportsCount += xReportsCount;
    counts.returnsCount += totals.returnsCount;
  }
  return {
    totalSales: exactMinor(sums.totalSales, 'totalSales'),
    totalTax: exactMinor(sums.totalTax, 'totalTax'),
    totalUntaxed: exactMinor(sums.totalUntaxed, 'totalUntaxed'),
    vatBreakdown: vat.lines(),
    receiptsCount: counts.receiptsCount,
    paymentTotals: payments.toRecord('paymentTotals'),
    cashIn: exactMinor(sums.cashIn, 'cashIn'),
    cashOut: exactMinor(sums.cashOut, 'cashOut'),
    cashInCount: counts.cashInCount,
    cashOutCount: counts.cashOutCount,
    zReportsCount: ordered.length,
    xReportsCount: counts.xReportsCount,
    firstZReportNumber: ordered[0]?.reportNumber ?? null,
    lastZReportNumber: ordered.at(-1)?.reportNumber ?? null,
    firstZReportTimestamp: ordered[0]?.closedAt ?? null,
    lastZReportTimestamp: ordered.at(-1)?.closedAt ?? null,
    totalReturns: exactMinor(sums.totalReturns, 'totalReturns'),
    returnsCount: counts.returnsCount,
    individualZReports: options.detailed ? ordered.map(individualReport) : null,
  };
}
