import { formatMinor } from '@fiscal-pos/fiscal';
import type { PrintDocument, PrintLine } from '../printing/receipt-printer.js';
import { dateTimeLine, paymentLines, vatLines } from '../receipts/receipt-parts.js';
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
  const lines: PrintLine[] = [
    ['', 'RAPORT DE TURA', ''],
    ['TERMINAL', terminalId],
    ['TURA NR.', String(shift.number)],
    ...(cashier === null ? [] : [{ text: `CASIER: ${cashier}` }]),
    ['DESCHISA', dateTimeLine(shift.openedAt).join(' ')],
    ...(shift.closedAt ? [['INCHISA', dateTimeLine(shift.closedAt).join(' ')]] : []),
    ['RAPOARTE Z', totals.reportNumbers.join(', ') || '-'],
    [''],
    ['BONURI FISCALE', String(report.receiptsIssued)],
    ['VANZARI', formatMinor(report.totalSales)],
    ['RETURURI', formatMinor(report.totalReturns)],
    ...vatLines(report.vatBreakdown),
    ...paymentLines(Object.entries(report.paymentTotals).map(([code, amount]) => ({ code, amount }))),
    ['REST ACORDAT', formatMinor(totals.changeGiven)],
    ['INTRODUCERI NUMERAR', formatMinor(report.cashIn)],
    ['SCOATERI NUMERAR', formatMinor(report.cashOut)],
    [''],
    ['NUMERAR LA DESCHIDERE', formatMinor(shift.openingCashBalance)],
    // What the cashier counted at the open (openingCash): recorded beside the drawer, not booked.
    ...(shift.openingCashDeclared === null
      ? []
      : [['NUMERAR DECLARAT LA DESCHIDERE', formatMinor(shift.openingCashDeclared)]]),
    ['NUMERAR ASTEPTAT', formatMinor(report.cashBalance)],
    ...(counted === null
      ? []
      : [
          ['NUMERAR NUMARAT', formatMinor(counted)],
          ['DIFERENTA', formatMinor(counted - report.cashBalance)],
        ]),
    ['', 'NU ESTE DOCUMENT FISCAL', ''],
  ];
  return { kind: 'report', lines, feedLines: 3, cut: true };
}
