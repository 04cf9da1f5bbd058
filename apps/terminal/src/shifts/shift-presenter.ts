import { amountMapToJson, fromMinor, vatBreakdownToJson } from '@fiscal-pos/fiscal';
import type { ReportStore } from '../reports/report-store.js';
import type { ShiftRecord } from './shift-contract.js';
import type { StoredShift } from './shift-store.js';
import { shiftTotals, type ShiftTotals } from './shift-totals.js';

/** A closed shift's frozen totals; an open shift's totals as they are now. */
export function totalsOf(shift: StoredShift, reports: ReportStore): ShiftTotals {
  return shift.totals ?? shiftTotals(reports.shiftRecords(shift.id), shift.openingCashBalance);
}

const difference = (counted: number | null, expected: number): number | null =>
  counted === null ? null : fromMinor(counted - expected);

/** The shift record, amounts in MDL. */
export function presentShift(shift: StoredShift, totals: ShiftTotals): ShiftRecord {
  const { report } = totals;
  return {
    shiftId: shift.id,
    shiftNumber: shift.number,
    status: shift.closedAt === null ? 'open' : 'closed',
    openedBy: shift.openedBy,
    openedAt: shift.openedAt,
    closedAt: shift.closedAt,
    cashierId: shift.cashierId,
    cashierName: shift.cashierName,
    reportNumbers: totals.reportNumbers,
    receiptsCount: report.receiptsIssued,
    salesTotal: fromMinor(report.totalSales),
    returnsTotal: fromMinor(report.totalReturns),
    returnsCount: report.returnsCount,
    vatBreakdown: vatBreakdownToJson(report.vatBreakdown),
    paymentTotals: amountMapToJson(report.paymentTotals),
    paymentCounts: report.paymentCounts,
    changeGiven: fromMinor(totals.changeGiven),
    cashIn: fromMinor(report.cashIn),
    cashOut: fromMinor(report.cashOut),
    cashInCount: report.cashInCount,
    cashOutCount: report.cashOutCount,
    openingCashBalance: fromMinor(shift.openingCashBalance),
    openingCashDeclared: shift.openingCashDeclared === null ? null : fromMinor(shift.openingCashDeclared),
    openingCashDifference: difference(shift.openingCashDeclared, shift.openingCashBalance),
    expectedCash: fromMinor(report.cashBalance),
    countedCash: shift.countedCash === null ? null : fromMinor(shift.countedCash),
    cashDifference: difference(shift.countedCash, report.cashBalance),
  };
}
