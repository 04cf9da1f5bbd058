import type { Minor } from '../money/money.js';
import type { FiscalOperationStatus } from '../operations/operation-status.js';
import type { FiscalOperationType } from '../operations/operation-type.js';
import { ACPS_CASH } from '../payments/acps.js';
import { keptPayments } from '../payments/kept-payments.js';
import type { PaymentLine } from '../payments/payment-line.js';
import type { VatLine } from '../vat/vat-line.js';
import { AmountSums, VatSums, exactMinor } from './exact-sums.js';

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
  /** Fiscal receipts, sales and refunds, the fiscal server registered (status success). */
  receiptsSentToMev: number;
  /** Per ACPS code, what was kept: cash net of change, refunds deducted. */
  paymentTotals: Record<string, Minor>;
  /**
   * Per ACPS code, the number of fiscal receipts that moved money with it: sales paid (partly)
   * with it and refunds given back (partly) with it. A day of refunds only counts them too.
   */
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

function countOnce(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/**
 * Aggregates the fiscal operations of one fiscal day. Operations the fiscal server
 * rejected (status failed) are not fiscal documents and are left out; pending, sent and
 * offline ones are counted, since they are registered later. Amounts are summed exactly
 * (exact-sums.ts): a total beyond MAX_SCALED throws AmountOverflowError.
 */
export function aggregateReportData(
  records: readonly ReportedOperation[],
  options: ReportOptions,
): ReportTotals {
  const vat = new VatSums();
  const payments = new AmountSums();
  const paymentCounts: Record<string, number> = {};
  let totalSales = 0n;
  let totalReturns = 0n;
  let cashIn = 0n;
  let cashOut = 0n;
  const counts = {
    receiptsIssued: 0,
    receiptsSentToMev: 0,
    returnsCount: 0,
    cashInCount: 0,
    cashOutCount: 0,
  };
  let lastReceiptNumber = 0;

  for (const record of records) {
    // A number the fiscal server refused was used all the same (the next receipt follows it):
    // the report names it last, as its printed range BONURI NR. and health do.
    if (record.receiptNumber !== null) lastReceiptNumber = Math.max(lastReceiptNumber, record.receiptNumber);
    if (record.status === 'failed') continue;
    const amount = BigInt(record.totalAmount);
    if (record.type === 'receipt' || record.type === 'refund') {
      if (record.status === 'success') counts.receiptsSentToMev += 1;
      for (const code of new Set(record.payments.map((payment) => payment.code)))
        countOnce(paymentCounts, code);
    }
    switch (record.type) {
      case 'receipt':
        counts.receiptsIssued += 1;
        totalSales += amount;
        for (const line of record.vat) vat.add(line, 1n);
        for (const payment of keptPayments(record.payments, record.totalAmount)) {
          payments.add(payment.code, BigInt(payment.amount));
        }
        break;
      case 'refund':
        counts.returnsCount += 1;
        totalReturns += amount;
        for (const line of record.vat) vat.add(line, -1n);
        for (const payment of record.payments) payments.add(payment.code, -BigInt(payment.amount));
        break;
      case 'cash_in':
        counts.cashInCount += 1;
        cashIn += amount;
        break;
      case 'cash_out':
        counts.cashOutCount += 1;
        cashOut += amount;
        break;
      case 'x_report':
      case 'z_report':
        break;
    }
  }

  const { vat: dailyTax, untaxed: dailyUntaxed } = vat.totals();
  const cashBalance = BigInt(options.openingCashBalance) + cashIn - cashOut + payments.get(ACPS_CASH);
  return {
    dailyTotal: exactMinor(totalSales - totalReturns, 'dailyTotal'),
    dailyTax: exactMinor(dailyTax, 'dailyTax'),
    dailyUntaxed: exactMinor(dailyUntaxed, 'dailyUntaxed'),
    vatBreakdown: vat.lines(),
    receiptsIssued: counts.receiptsIssued,
    lastReceiptNumber,
    receiptsSentToMev: counts.receiptsSentToMev,
    paymentTotals: payments.toRecord('paymentTotals'),
    paymentCounts,
    cashIn: exactMinor(cashIn, 'cashIn'),
    cashOut: exactMinor(cashOut, 'cashOut'),
    cashBalance: exactMinor(cashBalance, 'cashBalance'),
    totalSales: exactMinor(totalSales, 'totalSales'),
    totalReturns: exactMinor(totalReturns, 'totalReturns'),
    returnsCount: counts.returnsCount,
    cashInCount: counts.cashInCount,
    cashOutCount: counts.cashOutCount,
  };
}
