import {
  aggregateReportData,
  type ReportedOperation as ReportRecord,
  type Minor,
  type ReportTotals,
} from '@fiscal-pos/fiscal';

/** What a shift did, in bani: its documents aggregated like a report, plus what only a shift shows. */
export interface ShiftTotals {
  /** The report aggregation of the shift's documents; `cashBalance` is the expected cash. */
  report: ReportTotals;
  /** Change handed back on the shift's sales (already deducted from the cash payment total). */
  changeGiven: Minor;
  /** Z report numbers (fiscal days) the shift's documents belong to, ascending. */
  reportNumbers: number[];
}

/**
 * Totals of one shift's documents, counted as the fiscal reports count them (documents the
 * fiscal server refused are left out; pending and offline ones are in). The expected cash is
 * the drawer when the shift opened plus the cash its documents moved.
 */
export function shiftTotals(records: readonly ReportRecord[], openingCashBalance: Minor): ShiftTotals {
  const counted = records.filter((record) => record.status !== 'failed');
  return {
    report: aggregateReportData(counted, { openingCashBalance }),
    changeGiven: counted.reduce((sum, record) => sum + record.changeAmount, 0),
    reportNumbers: [...new Set(counted.map((record) => record.reportNumber))].sort((a, b) => a - b),
  };
}
