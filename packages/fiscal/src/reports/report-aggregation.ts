import type { Minor } from '../money/money.js';
import type { FiscalOperationStatus } from '../operations/operation-status.js';
import type { FiscalOperationType } from '../operations/operation-type.js';
import { ACPS_CASH } from '../payments/acps.js';
import { keptPayments } from '../payments/kept-payments.js';
import type { PaymentLine } from '../payments/payment-line.js';
import type { VatCode } from '../vat/vat.js';
import type { VatLine } from '../vat/vat-line.js';

/**
 * A fiscal operation of the day as the terminal stored it, in integer units. All amounts
 * are positive magnitudes; the type says in which direction money moved.
 */
export interface ReportedOperation {
  type: FiscalOperationType;
  status: FiscalOperationStatus;
  /** Receipt or service-receipt number; null for reports. */
  receiptNumber: number | null;
  reportNumber: number;
  /** receipt/refund: the total; cash_in/cash_out: the amount; reports: 0. */
  totalAmount: Minor;
  /** receipt/refund: VAT per code; empty otherwise. */
  vat: readonly VatLine[];
  /** receipt/refund: payments as tendered; empty otherwise. */
  payments: readonly PaymentLine[];
  /**
   * receipt: change handed back in cash; 0 otherwise. The aggregation reads it from the
   * payments (their excess over the total, see keptPayments), as the fiscal server does.
   */
  changeAmount: Minor;
  createdAt: string;
}

/**
 * The amounts of the spec's report data object (X report, Z report, daily summary), in
 * bani. reportNumber, yearTotal, yearTax and generatedAt are the caller's to add.
 *
 * Sales and returns are kept apart in totalSales / totalReturns; every other figure is net
 * of returns: dailyTotal = totalSales − totalReturns = Σ vatBreakdown.gross
 * = dailyTax + dailyUntaxed = Σ paymentTotals.
 */
export interface ReportTotals {
  dailyTotal: Minor;
  dailyTax: Minor;
  /** Taxable bases of every code, the exempt code's gross included. */
  dailyUntaxed: Minor;
  vatBreakdown: VatLine[];
  /** Sale receipts (refunds are counted in returnsCount). */
  receiptsIssued: number;
  /** Highest receipt number used (sales, refunds and service receipts); 0 when none. */
  lastReceiptNumber: number;
  /** Sale receipts whose status is success. */
  receiptsSentToMev: number;
  /** Per ACPS code, what was kept: cash net of change, refunds deducted. */
  paymentTotals: Record<string, Minor>;
  /** Per ACPS code, the number of sale receipts paid (partly) with it. */
  paymentCounts: Record<string, number>;
  cashIn: Minor;
  cashOut: Minor;
  /** openingCashBalance + cashIn − cashOut + cash kept from sales net of refunds. */
  cashBalance: Minor;
  totalSales: Minor;
  totalReturns: Minor;
  returnsCount: number;
  cashInCount: number;
  cashOutCount: number;
}

export interface ReportOptions {
  /** Cash in the drawer when the records start (the balance carried over). */
  openingCashBalance: Minor;
}

/** Adds `sign` × a VAT line into a breakdown kept in order of first appearance. */
export function addVatLine(breakdown: Map<VatCode, VatLine>, line: VatLine, sign: 1 | -1): void {
  const entry = breakdown.get(line.code) ?? {
    code: line.code,
    rateBp: line.rateBp,
    vatAmount: 0,
    taxableBase: 0,
    gross: 0,
  };
  // A rate change between records keeps the latest rate for the code.
  entry.rateBp = line.rateBp;
  entry.vatAmount += sign * line.vatAmount;
  entry.taxableBase += sign * line.taxableBase;
  entry.gross += sign * line.gross;
  breakdown.set(line.code, entry);
}

export function addTo<K extends string>(map: Record<K, number>, key: K, amount: number): void {
  map[key] = (map[key] ?? 0) + amount;
}

/**
 * Aggregates the fiscal operations of one fiscal day. Operations the fiscal server
 * rejected (status failed) are not fiscal documents and are left out; pending, sent and
 * offline ones are counted, since they are registered later.
 */
export function aggregateReportData(
  records: readonly ReportedOperation[],
  options: ReportOptions,
): ReportTotals {
  const vat = new Map<VatCode, VatLine>();
  const totals: ReportTotals = {
    dailyTotal: 0,
    dailyTax: 0,
    dailyUntaxed: 0,
    vatBreakdown: [],
    receiptsIssued: 0,
    lastReceiptNumber: 0,
    receiptsSentToMev: 0,
    paymentTotals: {},
    paymentCounts: {},
    cashIn: 0,
    cashOut: 0,
    cashBalance: 0,
    totalSales: 0,
    totalReturns: 0,
    returnsCount: 0,
    cashInCount: 0,
    cashOutCount: 0,
  };

  for (const record of records) {
    if (record.status === 'failed') continue;
    if (record.receiptNumber !== null) {
      totals.lastReceiptNumber = Math.max(totals.lastReceiptNumber, record.receiptNumber);
    }
    switch (record.type) {
      case 'receipt':
        totals.receiptsIssued += 1;
        if (record.status === 'success') totals.receiptsSentToMev += 1;
        totals.totalSales += record.totalAmount;
        for (const line of record.vat) addVatLine(vat, line, 1);
        for (const payment of keptPayments(record.payments, record.totalAmount))
          addTo(totals.paymentTotals, payment.code, payment.amount);
        for (const code of new Set(record.payments.map((payment) => payment.code))) {
          addTo(totals.paymentCounts, code, 1);
        }
        break;
      case 'refund':
        totals.returnsCount += 1;
        totals.totalReturns += record.totalAmount;
        for (const line of record.vat) addVatLine(vat, line, -1);
        for (const payment of record.payments) addTo(totals.paymentTotals, payment.code, -payment.amount);
        break;
      case 'cash_in':
        totals.cashInCount += 1;
        totals.cashIn += record.totalAmount;
        break;
      case 'cash_out':
        totals.cashOutCount += 1;
        totals.cashOut += record.totalAmount;
        break;
      case 'x_report':
      case 'z_report':
        break;
    }
  }

  totals.vatBreakdown = [...vat.values()];
  for (const entry of totals.vatBreakdown) {
    totals.dailyTax += entry.vatAmount;
    totals.dailyUntaxed += entry.taxableBase;
  }
  totals.dailyTotal = totals.totalSales - totals.totalReturns;
  totals.cashBalance =
    options.openingCashBalance + totals.cashIn - totals.cashOut + (totals.paymentTotals[ACPS_CASH] ?? 0);
  return totals;
}
