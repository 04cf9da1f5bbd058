import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountOverflowError,
  DEFAULT_VAT_TABLE,
  MAX_SCALED,
  aggregatePeriodicReport,
  aggregateReportData,
  amountMapToJson,
  calculateSale,
  keptPayments,
  receiptQrUrl,
  summarizeClosedDay,
  vatBreakdownToJson,
} from '../src/index.js';
import type { ReportedOperation, ReportTotals, SaleCalculation } from '../src/index.js';
import { item, sale, saleInputArbitrary } from './sale-fixtures.js';

let nextReceipt = 1;

function receiptOf(
  calculation: SaleCalculation,
  payments: { code: string; amount: number }[],
  extra: Partial<ReportedOperation> = {},
): ReportedOperation {
  const paid = payments.reduce((total, payment) => total + payment.amount, 0);
  return {
    type: 'receipt',
    status: 'success',
    receiptNumber: nextReceipt++,
    reportNumber: 4,
    totalAmount: calculation.total,
    vat: calculation.vatBreakdown,
    payments,
    changeAmount: paid - calculation.total,
    createdAt: '2025-06-15T08:00:00.000Z',
    ...extra,
  };
}

function simple(
  type: ReportedOperation['type'],
  totalAmount: number,
  receiptNumber: number | null,
): ReportedOperation {
  return {
    type,
    status: 'success',
    receiptNumber,
    reportNumber: 4,
    totalAmount,
    vat: [],
    payments: [],
    changeAmount: 0,
    createdAt: '2025-06-15T09:00:00.000Z',
  };
}

const calc = (...items: ReturnType<typeof item>[]) => calculateSale(sale(items), DEFAULT_VAT_TABLE);

describe('aggregateReportData', () => {
  nextReceipt = 1;
  // Sale 1: 100.00 at B, paid 150.00 cash -> change 50.00.
  const sale1 = receiptOf(calc(item(10000, 'B')), [{ code: '1', amount: 15000 }]);
  // Sale 2: 10.80 at A + 5.00 exempt, paid by card, still offline.
  const sale2 = receiptOf(calc(item(1080, 'A'), item(500, '_')), [{ code: '2', amount: 1580 }], {
    status: 'offline',
  });
  // Sale 3: rejected by the fiscal server: not a fiscal document.
  const rejected = receiptOf(calc(item(99900, 'B')), [{ code: '1', amount: 99900 }], { status: 'failed' });
  // Refund of 10.80 at A in cash.
  const refund: ReportedOperation = {
    ...simple('refund', 1080, 9),
    vat: calc(item(1080, 'A')).vatBreakdown,
    payments: [{ code: '1', amount: 1080 }],
  };
  const records = [
    sale1,
    simple('cash_in', 20000, 5),
    sale2,
    rejected,
    simple('x_report', 0, null),
    simple('cash_out', 3000, 6),
    refund,
  ];
  const totals = aggregateReportData(records, { openingCashBalance: 1000 });

  it('sums sales, returns and VAT, net of returns', () => {
    expect(totals).toMatchObject({
      totalSales: 11580,
      totalReturns: 1080,
      returnsCount: 1,
      dailyTotal: 10500,
      dailyTax: 1667, // 16.67 (B) + 0.80 (A) − 0.80 (A refunded)
      dailyUntaxed: 8833, // 83.33 (B) + 0 (A) + 5.00 (exempt)
      receiptsIssued: 2,
      receiptsSentToMev: 2, // sale 1 and the refund (sale 2 is offline)
      lastReceiptNumber: 9,
    });
    expect(totals.vatBreakdown).toEqual([
      { code: 'B', rateBp: 2000, vatAmount: 1667, taxableBase: 8333, gross: 10000 },
      { code: 'A', rateBp: 800, vatAmount: 0, taxableBase: 0, gross: 0 },
      { code: '_', rateBp: null, vatAmount: 0, taxableBase: 500, gross: 500 },
    ]);
  });

  it('keeps payments net of change and returns, and balances the drawer', () => {
    expect(totals.paymentTotals).toEqual({ '1': 10000 - 1080, '2': 1580 });
    // Sale 1 and the refund moved cash, sale 2 the card.
    expect(totals.paymentCounts).toEqual({ '1': 2, '2': 1 });
    expect(totals).toMatchObject({ cashIn: 20000, cashInCount: 1, cashOut: 3000, cashOutCount: 1 });
    // 10.00 opening + 200.00 in − 30.00 out + 100.00 cash kept from sale 1 − 10.80 refunded
    expect(totals.cashBalance).toBe(1000 + 20000 - 3000 + 10000 - 1080);
  });

  it('counts a day of refunds only: its payments and what the fiscal server received', () => {
    const only = aggregateReportData([refund, { ...refund, receiptNumber: 10, status: 'offline' }], {
      openingCashBalance: 5000,
    });
    expect(only.paymentCounts).toEqual({ '1': 2 });
    expect(only.receiptsSentToMev).toBe(1);
    expect(only).toMatchObject({ receiptsIssued: 0, returnsCount: 2, totalReturns: 2160 });
  });

  it('names as the last receipt number one the fiscal server refused: it was used, as the printed range says', () => {
    // Receipts 6 and 7 refused after 5 was registered: the day's numbers run to 7, and the next is 8.
    const day = aggregateReportData(
      [
        { ...sale1, receiptNumber: 5 },
        { ...rejected, receiptNumber: 6 },
        { ...rejected, receiptNumber: 7 },
      ],
      { openingCashBalance: 0 },
    );
    expect(day).toMatchObject({ lastReceiptNumber: 7, receiptsIssued: 1, totalSales: 10000 });
  });

  it('is empty for a day without operations', () => {
    const empty = aggregateReportData([], { openingCashBalance: 500 });
    expect(empty).toMatchObject({
      dailyTotal: 0,
      receiptsIssued: 0,
      lastReceiptNumber: 0,
      cashBalance: 500,
      vatBreakdown: [],
    });
  });

  it('presents the VAT breakdown and payment totals as the spec JSON', () => {
    expect(vatBreakdownToJson(totals.vatBreakdown).B).toEqual({
      code: 'B',
      percent: 20,
      vatAmount: 16.67,
      taxableBase: 83.33,
      gross: 100,
    });
    expect(vatBreakdownToJson(totals.vatBreakdown, 'totalWithVat')._).toEqual({
      code: '_',
      percent: 0,
      vatAmount: 0,
      taxableBase: 5,
      totalWithVat: 5,
    });
    expect(amountMapToJson(totals.paymentTotals)).toEqual({ '1': 89.2, '2': 15.8 });
  });

  it('its totals agree with each other for random days (property)', () => {
    const day = fc.array(fc.tuple(saleInputArbitrary, fc.boolean(), fc.integer({ min: 0, max: 5000 })), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(day, (sales) => {
        const dayRecords = sales
          .map(([input, refunded, extra]) => {
            const calculation = calculateSale(input, DEFAULT_VAT_TABLE);
            return { calculation, refunded, extra };
          })
          .filter(({ calculation }) => calculation.issues.length === 0)
          .flatMap(({ calculation, refunded, extra }) => {
            const sold = receiptOf(calculation, [
              { code: '2', amount: Math.floor(calculation.total / 2) },
              { code: '1', amount: calculation.total - Math.floor(calculation.total / 2) + extra },
            ]);
            const returned = {
              ...sold,
              type: 'refund' as const,
              payments: [{ code: '2', amount: calculation.total }],
              changeAmount: 0,
            };
            return refunded ? [sold, returned] : [sold];
          });
        const day: ReportTotals = aggregateReportData(dayRecords, { openingCashBalance: 0 });
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        return (
          day.dailyTotal === day.totalSales - day.totalReturns &&
          day.dailyTax + day.dailyUntaxed === day.dailyTotal &&
          sum(day.vatBreakdown.map((entry) => entry.gross)) === day.dailyTotal &&
          sum(Object.values(day.paymentTotals)) === day.dailyTotal
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('report totals at any size', () => {
  const big = (totalAmount: number): ReportedOperation => ({
    ...simple('receipt', totalAmount, null),
    vat: [{ code: '_', rateBp: null, vatAmount: 0, taxableBase: totalAmount, gross: totalAmount }],
    payments: [{ code: '2', amount: totalAmount }],
  });

  it('sums exactly up to MAX_SCALED', () => {
    const day = aggregateReportData(
      Array.from({ length: 9 }, () => big(111_111_111_111_111)),
      {
        openingCashBalance: 0,
      },
    );
    expect(day).toMatchObject({
      totalSales: MAX_SCALED,
      dailyTotal: MAX_SCALED,
      paymentTotals: { '2': MAX_SCALED },
    });
  });

  it('refuses a total it could not state exactly instead of rounding it', () => {
    expect(() => aggregateReportData([big(MAX_SCALED), big(MAX_SCALED)], { openingCashBalance: 0 })).toThrow(
      AmountOverflowError,
    );
    const day = summarizeClosedDay([big(MAX_SCALED)], {
      openingCashBalance: 0,
      reportNumber: 1,
      closedAt: 'x',
    });
    expect(() => aggregatePeriodicReport([day, { ...day, reportNumber: 2 }], { detailed: false })).toThrow(
      /totalSales exceeds the largest amount/,
    );
  });
});

describe('keptPayments', () => {
  it('takes the change out of the cash payment: what the fiscal server and the reports count', () => {
    const tendered = [
      { code: '2', amount: 5000 },
      { code: '1', amount: 6000 },
    ];
    expect(keptPayments(tendered, 10_000)).toEqual([
      { code: '2', amount: 5000 },
      { code: '1', amount: 5000 },
    ]);
    expect(tendered[1]).toEqual({ code: '1', amount: 6000 });
  });

  it('leaves payments that do not exceed the total as they are (refunds, cash operations)', () => {
    expect(keptPayments([{ code: '2', amount: 1080 }], 1080)).toEqual([{ code: '2', amount: 1080 }]);
    expect(keptPayments([], 20_000)).toEqual([]);
  });

  it('always adds up to the total for a sale whose change is within its cash (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (card, cash, change) => {
          fc.pre(change <= cash && card + cash - change > 0);
          const total = card + cash - change;
          const kept = keptPayments(
            [
              { code: '2', amount: card },
              { code: '1', amount: cash },
            ],
            total,
          );
          expect(kept.reduce((sum, payment) => sum + payment.amount, 0)).toBe(total);
          expect(kept.every((payment) => payment.amount >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe('periodic report', () => {
  nextReceipt = 1;
  const day1 = summarizeClosedDay(
    [
      receiptOf(calc(item(10000, 'B')), [{ code: '1', amount: 10000 }]),
      simple('x_report', 0, null),
      simple('cash_in', 5000, 2),
    ],
    { reportNumber: 1, closedAt: '2025-06-14T20:00:00.000Z', openingCashBalance: 0 },
  );
  nextReceipt = 1;
  const day2 = summarizeClosedDay(
    [
      receiptOf(calc(item(1080, 'A')), [{ code: '2', amount: 1080 }]),
      receiptOf(calc(item(2000, 'B')), [{ code: '1', amount: 2000 }]),
      simple('x_report', 0, null),
      simple('x_report', 0, null),
      {
        ...simple('refund', 2000, 3),
        vat: calc(item(2000, 'B')).vatBreakdown,
        payments: [{ code: '1', amount: 2000 }],
      },
      simple('cash_out', 1000, 4),
    ],
    { reportNumber: 2, closedAt: '2025-06-15T20:00:00.000Z', openingCashBalance: 5000 },
  );

  it('freezes a closed day with its receipt range and X report count', () => {
    expect(day2).toMatchObject({
      reportNumber: 2,
      firstReceiptNumber: 1,
      lastReceiptNumber: 4,
      xReportsCount: 2,
    });
  });

  it('sums the Z reports of the range', () => {
    const report = aggregatePeriodicReport([day2, day1], { detailed: false });
    expect(report).toMatchObject({
      totalSales: 10000 + 1080 + 2000,
      totalReturns: 2000,
      returnsCount: 1,
      totalTax: 1667 + 80,
      totalUntaxed: 8333 + 1000,
      receiptsCount: 3,
      paymentTotals: { '1': 10000, '2': 1080 },
      cashIn: 5000,
      cashOut: 1000,
      cashInCount: 1,
      cashOutCount: 1,
      zReportsCount: 2,
      xReportsCount: 3,
      firstZReportNumber: 1,
      lastZReportNumber: 2,
      firstZReportTimestamp: '2025-06-14T20:00:00.000Z',
      lastZReportTimestamp: '2025-06-15T20:00:00.000Z',
      individualZReports: null,
    });
    expect(report.vatBreakdown).toEqual([
      { code: 'B', rateBp: 2000, vatAmount: 1667, taxableBase: 8333, gross: 10000 },
      { code: 'A', rateBp: 800, vatAmount: 80, taxableBase: 1000, gross: 1080 },
    ]);
  });

  it('lists each Z report when detailed', () => {
    const report = aggregatePeriodicReport([day2, day1], { detailed: true });
    expect(
      report.individualZReports?.map((z) => [z.reportNumber, z.receiptsCount, z.totalSales, z.totalTax]),
    ).toEqual([
      [1, 1, 10000, 1667],
      [2, 2, 3080, 80],
    ]);
  });

  it('is empty for a range without Z reports', () => {
    expect(aggregatePeriodicReport([], { detailed: true })).toMatchObject({
      zReportsCount: 0,
      firstZReportNumber: null,
      lastZReportTimestamp: null,
      totalSales: 0,
      individualZReports: [],
    });
  });
});

describe('summarizeClosedDay on a very busy day', () => {
  it('finds the receipt number range of 200,000 documents (a spread into Math.min overflowed)', () => {
    const records = Array.from({ length: 200_000 }, (_, i) => simple('cash_in', 100, 200_000 - i));
    records.push({ ...simple('cash_in', 100, 250_000), status: 'failed' });
    const summary = summarizeClosedDay(records, {
      reportNumber: 9,
      closedAt: '2025-06-15T20:00:00.000Z',
      openingCashBalance: 0,
    });
    expect([summary.firstReceiptNumber, summary.lastReceiptNumber]).toEqual([1, 200_000]);
  });
});

describe('receiptQrUrl', () => {
  it('builds the tax authority check URL', () => {
    expect(receiptQrUrl('J403001234', 12345, 17, '2025-06-15')).toBe(
      'https://mev.sfs.md/receipt-verifier/J403001234/123.45/17/2025-06-15',
    );
    expect(receiptQrUrl('A/B 1', 5, 1, '2025-01-02')).toBe(
      'https://mev.sfs.md/receipt-verifier/A%2FB%201/0.05/1/2025-01-02',
    );
  });
});
