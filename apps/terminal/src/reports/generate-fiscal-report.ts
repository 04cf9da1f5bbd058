import { timeOrderedId } from '../storage/time-ordered-id.js';
import { aggregateReportData, summarizeClosedDay, type ReportTotals } from '@fiscal-pos/fiscal';
import { performFiscalOperation, type FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { localDate } from '../receipts/local-date.js';
import type { ReportResultSnapshot, ReportStore } from './report-store.js';

export interface GeneratedReport {
  operation: FiscalOperationRecord;
  snapshot: ReportResultSnapshot;
}

/** Totals of the open fiscal day, as an X report or the daily summary shows them. */
export function openDayTotals(
  ctx: FiscalContext,
  reports: ReportStore,
): { reportNumber: number; totals: ReportTotals } {
  const { reportNumber } = ctx.terminalState.get();
  const totals = aggregateReportData(reports.dayRecords(reportNumber), {
    openingCashBalance: reports.openingCashBalance(reportNumber),
  });
  return { reportNumber, totals };
}

/**
 * X report (the day so far, nothing reset) or Z report (closes the day: frozen summary, next
 * report number, receipt numbering from 1). Both are fiscal documents registered with the
 * fiscal server under the fiscal lock; the Z report is the only way out of an expired day.
 */
export async function generateFiscalReport(
  ctx: FiscalContext,
  reports: ReportStore,
  kind: 'x' | 'z',
  idempotencyKey: string | null,
): Promise<GeneratedReport> {
  // Filled under the lock by `amounts`, so the document, the MEV request and the frozen Z summary agree.
  const computed: { day?: { reportNumber: number; totals: ReportTotals } } = {};
  const operationId = timeOrderedId();
  const operation = await performFiscalOperation(ctx, {
    type: kind === 'x' ? 'x_report' : 'z_report',
    operationId,
    amounts: () => {
      const day = openDayTotals(ctx, reports);
      computed.day = day;
      return {
        totalAmount: day.totals.dailyTotal,
        cashDelta: 0,
        vat: day.totals.vatBreakdown,
        payments: Object.entries(day.totals.paymentTotals).map(([code, amount]) => ({ code, amount })),
      };
    },
    write: (numbers) => {
      const day = computed.day;
      if (day === undefined) throw new Error('report totals were not computed');
      let year: ReportResultSnapshot['year'] = null;
      if (kind === 'z') {
        const records = reports.dayRecords(numbers.reportNumber);
        const openingCashBalance = reports.openingCashBalance(numbers.reportNumber);
        const closedOn = localDate(numbers.createdAt);
        reports.insertZReport({
          reportNumber: numbers.reportNumber,
          fiscalOperationId: numbers.operationId,
          closedAt: numbers.createdAt,
          closedOn,
          openingCashBalance,
          closingCashBalance: day.totals.cashBalance,
          summary: summarizeClosedDay(records, {
            openingCashBalance,
            reportNumber: numbers.reportNumber,
            closedAt: numbers.createdAt,
          }),
        });
        year = reports.yearTotals(closedOn.slice(0, 4));
        ctx.terminalState.closeDay();
      }
      reports.saveResult({
        fiscalOperationId: numbers.operationId,
        reportNumber: day.reportNumber,
        totals: day.totals,
        year,
      });
    },
    idempotencyKey,
    resourceKind: kind === 'x' ? 'x-report' : 'z-report',
    resourceId: operationId,
  });
  const snapshot = reports.result(operation.id);
  if (snapshot === undefined) throw new Error(`report ${operation.id} has no stored result`);
  return { operation, snapshot };
}
