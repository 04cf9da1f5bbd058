import {
  amountMapToJson,
  fromMinor,
  vatBreakdownToJson,
  type IndividualZReport,
  type PeriodicReportRequest,
  type PeriodicReportTotals,
  type ReportTotals,
} from '@fiscal-pos/fiscal';
import type {
  FiscalReportResult,
  PeriodicReportRange,
  PeriodicReportResult,
  ReportData,
} from './report-contract.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { printedFiscalCode } from '../receipts/printed-fiscal-code.js';
import type { ReportResultSnapshot, StoredZReport } from './report-store.js';

/** The spec's report data object (X report, Z report, daily summary), amounts in MDL. */
export function presentReportData(
  totals: ReportTotals,
  reportNumber: number,
  generatedAt: string,
  year: { total: number; tax: number } | null,
): ReportData {
  return {
    reportNumber,
    dailyTotal: fromMinor(totals.dailyTotal),
    dailyTax: fromMinor(totals.dailyTax),
    dailyUntaxed: fromMinor(totals.dailyUntaxed),
    vatBreakdown: vatBreakdownToJson(totals.vatBreakdown),
    receiptsIssued: totals.receiptsIssued,
    lastReceiptNumber: totals.lastReceiptNumber,
    receiptsSentToMev: totals.receiptsSentToMev,
    paymentTotals: amountMapToJson(totals.paymentTotals),
    paymentCounts: totals.paymentCounts,
    cashIn: fromMinor(totals.cashIn),
    cashOut: fromMinor(totals.cashOut),
    cashBalance: fromMinor(totals.cashBalance),
    yearTotal: year ? fromMinor(year.total) : null,
    yearTax: year ? fromMinor(year.tax) : null,
    totalSales: fromMinor(totals.totalSales),
    totalReturns: fromMinor(totals.totalReturns),
    returnsCount: totals.returnsCount,
    cashInCount: totals.cashInCount,
    cashOutCount: totals.cashOutCount,
    generatedAt,
  };
}

function presentIndividual(z: IndividualZReport) {
  return {
    reportNumber: z.reportNumber,
    closedAt: z.closedAt,
    firstReceiptNumber: z.firstReceiptNumber,
    lastReceiptNumber: z.lastReceiptNumber,
    receiptsCount: z.receiptsCount,
    totalSales: fromMinor(z.totalSales),
    totalTax: fromMinor(z.totalTax),
    vatBreakdown: vatBreakdownToJson(z.vatBreakdown),
    paymentTotals: amountMapToJson(z.paymentTotals),
    cashIn: fromMinor(z.cashIn),
    cashOut: fromMinor(z.cashOut),
  };
}

/**
 * data of POST /api/reports/periodic, over the range's Z reports in number order. A report range
 * names the days of its first and last Z reports as a date range finds them: the terminal's
 * calendar days they closed on, not their UTC instants' dates (a Z report at 00:30 in Chisinau
 * is the day's, 22:30 UTC the day before).
 */
export function presentPeriodicReport(
  request: PeriodicReportRequest,
  totals: PeriodicReportTotals,
  zReports: readonly Pick<StoredZReport, 'reportNumber' | 'closedOn'>[],
  generatedAt: string,
): PeriodicReportResult {
  const range: PeriodicReportRange =
    request.mode === 'dateRange'
      ? { filterMode: 'dateRange', dateFrom: request.dateFrom, dateTo: request.dateTo }
      : {
          filterMode: 'reportRange',
          dateFrom: zReports[0]?.closedOn ?? null,
          dateTo: zReports.at(-1)?.closedOn ?? null,
          reportFrom: request.reportFrom,
          reportTo: request.reportTo ?? zReports.at(-1)?.reportNumber ?? null,
        };
  return {
    ...range,
    totalSales: fromMinor(totals.totalSales),
    totalTax: fromMinor(totals.totalTax),
    totalUntaxed: fromMinor(totals.totalUntaxed),
    vatBreakdown: vatBreakdownToJson(totals.vatBreakdown),
    receiptsCount: totals.receiptsCount,
    paymentTotals: amountMapToJson(totals.paymentTotals),
    cashIn: fromMinor(totals.cashIn),
    cashOut: fromMinor(totals.cashOut),
    cashInCount: totals.cashInCount,
    cashOutCount: totals.cashOutCount,
    zReportsCount: totals.zReportsCount,
    xReportsCount: totals.xReportsCount,
    firstZReportNumber: totals.firstZReportNumber,
    lastZReportNumber: totals.lastZReportNumber,
    firstZReportTimestamp: totals.firstZReportTimestamp,
    lastZReportTimestamp: totals.lastZReportTimestamp,
    totalReturns: fromMinor(totals.totalReturns),
    returnsCount: totals.returnsCount,
    individualZReports: totals.individualZReports ? totals.individualZReports.map(presentIndividual) : null,
    generatedAt,
  };
}

/** data of POST /api/reports/x and /z, from the operation and what the report showed. */
export function presentFiscalReportResult(
  op: FiscalOperationRecord,
  snapshot: ReportResultSnapshot,
): FiscalReportResult {
  return {
    reportNumber: snapshot.reportNumber,
    operationId: op.id,
    mevId: op.mevId,
    fiscalCode: printedFiscalCode(op),
    isOffline: op.isOffline,
    reportData: presentReportData(snapshot.totals, snapshot.reportNumber, op.createdAt, snapshot.year),
    mevResponseXml: op.mevResponseXml ?? '',
    generatedAt: op.createdAt,
  };
}
