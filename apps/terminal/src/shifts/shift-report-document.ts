import { formatMinor } from '@fiscal-pos/fiscal';
import type { PrintDocument } from '../printing/receipt-printer.js';
import { paymentLines, vatLines } from '../reports/report-document.js';
import type { StoredShift } from './shift-store.js';
import type { ShiftTotals } from './shift-totals.js';

/** The shift report printed at the close: who and when, what was sold and paid, the cash count. */
export function shiftReportDocument(
  terminalId: string,
  shift: StoredShift,
  totals: ShiftTotals,
): PrintDocument {
  const { report } = totals;
  const cashier = shift.cashierName ?? shift.cashierId;
  const counted = shift.countedCash;
  const lines: string[][] = [
    ['', 'SHIFT REPORT', ''],
    ['Terminal', terminalId],
    ['Shift', String(shift.number)],
    ...(cashier === null ? [] : [['Cashier', cashier]]),
    ['Opened', shift.openedAt],
    ['Closed', shift.closedAt ?? ''],
    ['Z reports', totals.reportNumbers.join(', ') || '-'],
    [''],
    ['Receipts', String(report.receiptsIssued)],
    ['Sales', formatMinor(report.totalSales)],
    ['Returns', formatMinor(report.totalReturns)],
    ...vatLines(report.vatBreakdown),
    ...paymentLines(report.paymentTotals),
    ['Change given', formatMinor(totals.changeGiven)],
    ['Cash in', formatMinor(report.cashIn)],
    ['Cash out', formatMinor(report.cashOut)],
    [''],
    ['Opening cash', formatMinor(shift.openingCashBalance)],
    ['Expected cash', formatMinor(report.cashBalance)],
    ...(counted === null
      ? []
      : [
          ['Counted cash', formatMinor(counted)],
          ['Difference', formatMinor(counted - report.cashBalance)],
        ]),
    ['', 'NOT A FISCAL DOCUMENT', ''],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}
