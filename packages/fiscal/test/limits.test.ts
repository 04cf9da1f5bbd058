/**
 * The limits of money/limits.ts keep every figure of a day's report within what a report can
 * state: whatever documents pass turnoverBreach, in any order and at the limits, the day's
 * aggregation never overflows and its sums are exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_LIMIT,
  DAY_LIMIT,
  DOCUMENT_LIMIT,
  YEAR_LIMIT,
  aggregateReportData,
  formatLimit,
  turnoverBreach,
  turnoverOf,
  vatFromGross,
} from '../src/index.js';
import type { ReportedOperation } from '../src/index.js';

describe('turnoverBreach', () => {
  it('names the first scope an amount would take past its limit, and what it has left', () => {
    expect(turnoverBreach({ day: DAY_LIMIT - 5, shift: 0, year: 0 }, 5)).toBeNull();
    expect(turnoverBreach({ day: DAY_LIMIT - 5, shift: 0, year: 0 }, 6)).toEqual({
      scope: 'day',
      limit: DAY_LIMIT,
      left: 5,
    });
    expect(turnoverBreach({ day: 0, shift: DAY_LIMIT, year: 0 }, 1)).toMatchObject({
      scope: 'shift',
      left: 0,
    });
    expect(turnoverBreach({ day: 0, shift: 0, year: YEAR_LIMIT }, 1)).toMatchObject({ scope: 'year' });
    // A cash-out and a report add nothing, so nothing refuses them.
    expect(turnoverOf('cash_out', AMOUNT_LIMIT)).toBe(0);
    expect(turnoverBreach({ day: DAY_LIMIT, shift: DAY_LIMIT, year: YEAR_LIMIT }, 0)).toBeNull();
  });

  it('writes limits as docs do', () => {
    expect(formatLimit(AMOUNT_LIMIT)).toBe('999,999,999.99');
    expect(formatLimit(YEAR_LIMIT)).toBe('999,999,999,999.99');
  });
});

type Step = { type: 'receipt' | 'refund' | 'cash_in' | 'cash_out'; amount: number };

const amount = fc.oneof(
  fc.constant(DOCUMENT_LIMIT),
  fc.constant(AMOUNT_LIMIT),
  fc.integer({ min: 1, max: DOCUMENT_LIMIT }),
);
const step: fc.Arbitrary<Step> = fc.record({
  type: fc.constantFrom('receipt', 'refund', 'cash_in', 'cash_out'),
  amount,
});

describe('a day of documents accepted by the limits', () => {
  it('always aggregates, with exact sums', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: DAY_LIMIT }),
        fc.array(step, { maxLength: 60 }),
        (opening, steps) => {
          let used = BigInt(opening);
          let drawer = BigInt(opening);
          const sums = { sales: 0n, returns: 0n, cashIn: 0n, cashOut: 0n, tax: 0n };
          const records: ReportedOperation[] = [];
          for (const { type, amount: a } of steps) {
            const value = BigInt(a);
            // What the terminal refuses before the limits: a cash-out or a cash refund past the drawer.
            if ((type === 'cash_out' || type === 'refund') && value > drawer) continue;
            if (
              turnoverBreach(
                { day: Number(used), shift: Number(used), year: Number(used) },
                turnoverOf(type, a),
              )
            )
              continue;
            used += BigInt(turnoverOf(type, a));
            const vat = vatFromGross(value, 2000n);
            const money = type === 'receipt' || type === 'refund';
            records.push({
              type,
              status: 'success',
              receiptNumber: records.length + 1,
              reportNumber: 1,
              totalAmount: a,
              vat: money
                ? [
                    {
                      code: 'B',
                      rateBp: 2000,
                      vatAmount: Number(vat),
                      taxableBase: Number(value - vat),
                      gross: a,
                    },
                  ]
                : [],
              payments: money ? [{ code: '1', amount: a }] : [],
              changeAmount: 0,
              createdAt: '2026-11-26T10:00:00.000Z',
            });
            if (type === 'receipt')
              [sums.sales, sums.tax, drawer] = [sums.sales + value, sums.tax + vat, drawer + value];
            if (type === 'refund')
              [sums.returns, sums.tax, drawer] = [sums.returns + value, sums.tax - vat, drawer - value];
            if (type === 'cash_in') [sums.cashIn, drawer] = [sums.cashIn + value, drawer + value];
            if (type === 'cash_out') [sums.cashOut, drawer] = [sums.cashOut + value, drawer - value];
          }
          const totals = aggregateReportData(records, { openingCashBalance: opening });
          expect(BigInt(totals.totalSales)).toBe(sums.sales);
          expect(BigInt(totals.totalReturns)).toBe(sums.returns);
          expect(BigInt(totals.dailyTotal)).toBe(sums.sales - sums.returns);
          expect(BigInt(totals.dailyTax)).toBe(sums.tax);
          expect(BigInt(totals.cashIn)).toBe(sums.cashIn);
          expect(BigInt(totals.cashOut)).toBe(sums.cashOut);
          expect(BigInt(totals.cashBalance)).toBe(drawer);
          expect(used).toBeLessThanOrEqual(BigInt(DAY_LIMIT));
        },
      ),
      { numRuns: 300 },
    );
  });
});
