import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_TABLE, calculateRefund, calculateSale } from '../src/index.js';
import type {
  RefundCalculation,
  RefundableLine,
  RefundablePayment,
  SaleCalculation,
  SaleInput,
} from '../src/index.js';
import { item, sale, saleInputArbitrary } from './sale-fixtures.js';

/** What the refunds of a sale that stand took of each line so far, as they recorded it. */
interface Taken {
  quantity: number;
  amount: number;
  vatAmount: number;
}

/**
 * A sale as its returns see it: each refund is priced against what the earlier ones took and,
 * when it stands (no issues), recorded as the terminal records it (per line and per payment).
 */
function returnsOf(input: SaleInput, calculation: SaleCalculation, payments: RefundablePayment[]) {
  const quantities = input.items.map((line) => line.quantity);
  const taken: Taken[] = quantities.map(() => ({ quantity: 0, amount: 0, vatAmount: 0 }));
  const lines = (): RefundableLine[] =>
    calculation.items.map((line, index) => ({
      quantity: quantities[index]!,
      netAmount: line.netAmount,
      vatAmount: line.vatAmount,
      vatCode: line.vatCode,
      vatRateBp: line.vatRateBp,
      returnedQuantity: taken[index]!.quantity,
      returnedAmount: taken[index]!.amount,
      returnedVat: taken[index]!.vatAmount,
      allowDecimals: null,
    }));
  return {
    taken,
    payments,
    refund(
      items: { index: number; quantity: number }[] | null,
      requestedPayments: { type: string; amount: number }[] | null = null,
    ): RefundCalculation {
      const refund = calculateRefund({ lines: lines(), payments, items, requestedPayments });
      if (refund.issues.length > 0) return refund;
      for (const line of refund.lines) {
        taken[line.index]!.quantity += line.quantity;
        taken[line.index]!.amount += line.amount;
        taken[line.index]!.vatAmount += line.vatAmount;
      }
      for (const p of refund.payments) payments.find((q) => q.type === p.code)!.returned += p.amount;
      return refund;
    },
  };
}

/** Paid in cash only. */
const cashOf = (calculation: SaleCalculation): RefundablePayment[] => [
  { type: '1', kept: calculation.total, returned: 0 },
];

describe('calculateRefund, hand-computed', () => {
  const input = sale([item(1999, 'B', 3000), item(2000, 'A', 1000)], {
    cartDiscount: { bp: 0, absolute: 100 },
  });
  const calculation = calculateSale(input, DEFAULT_VAT_TABLE);
  const payments = (): RefundablePayment[] => [
    { type: '2', kept: 5000, returned: 0 },
    { type: '1', kept: calculation.total - 5000, returned: 0 },
  ];

  it('prices a returned unit at its share of the line after the cart discount', () => {
    // 3 × 19.99 = 59.97, its share of the 1.00 cart discount is 0.75: 59.22 for three, 19.74 for one.
    expect(calculation.items[0]!.netAmount).toBe(5922);
    const one = returnsOf(input, calculation, payments()).refund([{ index: 0, quantity: 1000 }]);
    expect(one.issues).toEqual([]);
    expect(one.lines).toEqual([{ index: 0, quantity: 1000, amount: 1974, vatAmount: 329 }]);
    expect(one.total).toBe(1974);
    expect(one.vatBreakdown).toEqual([
      { code: 'B', rateBp: 2000, vatAmount: 329, taxableBase: 1645, gross: 1974 },
    ]);
  });

  it('refuses an index outside the sale and more than is left of a line', () => {
    const returns = returnsOf(input, calculation, payments());
    expect(returns.refund([{ index: 0, quantity: 2500 }]).issues).toEqual([]);
    const refused = returns.refund([
      { index: 2, quantity: 1000 },
      { index: 0, quantity: 1000 },
    ]);
    expect(refused.issues.map((i) => [i.field, i.code])).toEqual([
      ['items[0].index', 'REFUND_ITEM_INVALID'],
      ['items[1].quantity', 'REFUND_QUANTITY_INVALID'],
    ]);
  });

  it('refuses payments that do not sum to the total or give a type back more than it paid', () => {
    const refused = returnsOf(input, calculation, payments()).refund(
      [{ index: 1, quantity: 1000 }],
      [{ type: '4', amount: 100 }],
    );
    expect(refused.issues.map((i) => [i.field, i.code])).toEqual([
      ['payments[0].amount', 'PAYMENT_AMOUNT_INVALID'],
      ['payments', 'PAYMENT_SUM_MISMATCH'],
    ]);
  });

  it('with nothing left to return, says so at items', () => {
    const returns = returnsOf(input, calculation, payments());
    expect(returns.refund(null).issues).toEqual([]);
    const refused = returns.refund(null);
    expect(refused.issues.map((i) => [i.field, i.code])).toEqual([['items', 'REFUND_QUANTITY_INVALID']]);
  });

  it('returns a line 1 + 1 + 1 with exactly its VAT on the sale, beside another line of its code', () => {
    // Code B: 52.71 + 10.00 = 62.71 contains 10.45 of VAT, 8.78 the first line's share and 1.67
    // the second's (largest remainder). Each unit of the first is 17.57; the VAT contained in
    // 17.57 is 2.93, three times 8.79: a unit's VAT must be its share of 8.78 (2.93, 2.92, 2.93).
    const twoLines = sale([item(1757, 'B', 3000), item(1000, 'B', 1000)]);
    const sold = calculateSale(twoLines, DEFAULT_VAT_TABLE);
    expect(sold.items.map((line) => [line.netAmount, line.vatAmount])).toEqual([
      [5271, 878],
      [1000, 167],
    ]);
    const returns = returnsOf(twoLines, sold, cashOf(sold));
    const units = [1, 2, 3].map(() => returns.refund([{ index: 0, quantity: 1000 }]));
    expect(units.map((refund) => refund.lines)).toEqual([
      [{ index: 0, quantity: 1000, amount: 1757, vatAmount: 293 }],
      [{ index: 0, quantity: 1000, amount: 1757, vatAmount: 292 }],
      [{ index: 0, quantity: 1000, amount: 1757, vatAmount: 293 }],
    ]);
    // A refund's VAT per code is what its lines give back of it, as the quote and the rows show.
    expect(units.map((refund) => refund.vatBreakdown.map((line) => line.vatAmount))).toEqual([
      [293],
      [292],
      [293],
    ]);
    const rest = returns.refund(null);
    expect(rest.lines).toEqual([{ index: 1, quantity: 1000, amount: 1000, vatAmount: 167 }]);
    expect(rest.vatBreakdown).toEqual([
      { code: 'B', rateBp: 2000, vatAmount: 167, taxableBase: 833, gross: 1000 },
    ]);
    expect(returns.taken).toEqual([
      { quantity: 3000, amount: 5271, vatAmount: 878 },
      { quantity: 1000, amount: 1000, vatAmount: 167 },
    ]);
  });
});

/** A refund's own figures agree: lines, VAT codes, total and payments. */
function expectConsistent(refund: RefundCalculation): void {
  expect(refund.issues).toEqual([]);
  expect(refund.lines.reduce((s, l) => s + l.amount, 0)).toBe(refund.total);
  expect(refund.vatBreakdown.reduce((s, l) => s + l.gross, 0)).toBe(refund.total);
  expect(refund.payments.reduce((s, p) => s + p.amount, 0)).toBe(refund.total);
  for (const line of refund.lines) {
    // VAT goes back with the money: never more than the line gives back, never below zero.
    expect(line.vatAmount).toBeGreaterThanOrEqual(0);
    expect(line.vatAmount).toBeLessThanOrEqual(line.amount);
  }
  for (const code of refund.vatBreakdown) {
    expect(code.taxableBase).toBe(code.gross - code.vatAmount);
    expect(code.taxableBase).toBeGreaterThanOrEqual(0);
  }
}

describe('calculateRefund, properties', () => {
  it('any sequence of partial returns gives back the sale exactly: per line, per VAT code, per payment type', () => {
    fc.assert(
      fc.property(
        saleInputArbitrary,
        // Each step returns a percentage of what is left of each line (0: not that line).
        fc.array(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 8, maxLength: 8 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 100 }),
        (input, steps, cardPercent) => {
          const calculation = calculateSale(input, DEFAULT_VAT_TABLE);
          fc.pre(calculation.issues.length === 0 && calculation.total > 0);
          const card = Math.floor((calculation.total * cardPercent) / 100);
          const payments: RefundablePayment[] = [
            { type: '1', kept: calculation.total - card, returned: 0 },
            { type: '2', kept: card, returned: 0 },
          ].filter((p) => p.kept > 0);
          const returns = returnsOf(input, calculation, payments);
          const vat = new Map<string, number>();
          const paid = new Map<string, number>();
          let total = 0;
          let worthlessRest = false;
          // The last step returns the rest, in one refund.
          for (const [position, percents] of [...steps, null].entries()) {
            const items = input.items
              .map((line, index) => {
                const left = line.quantity - returns.taken[index]!.quantity;
                return { index, quantity: percents ? Math.floor((left * percents[index]!) / 100) : left };
              })
              .filter((entry) => entry.quantity > 0);
            if (items.length === 0) continue;
            const refund = returns.refund(items);
            if (refund.issues.some((i) => i.code === 'CALCULATION_TOTAL_ZERO')) {
              // Worth nothing, so not a refund (no fiscal document has a zero total): the rest of
              // a sale whose money an earlier partial return already gave back in full (cumulative
              // pricing rounds the first half up), or a part so small that its price rounds to 0.00.
              if (position === steps.length) worthlessRest = true;
              continue;
            }
            expectConsistent(refund);
            for (const code of refund.vatBreakdown) {
              const ofCode = refund.lines.filter((l) => calculation.items[l.index]!.vatCode === code.code);
              expect(ofCode.reduce((s, l) => s + l.vatAmount, 0)).toBe(code.vatAmount);
              vat.set(code.code, (vat.get(code.code) ?? 0) + code.vatAmount);
            }
            for (const p of refund.payments) paid.set(p.code, (paid.get(p.code) ?? 0) + p.amount);
            total += refund.total;
          }
          expect(total).toBe(calculation.total);
          // Per line: every unit back (unless the rest was worth nothing), its amount and its VAT exactly.
          expect(returns.taken).toEqual(
            calculation.items.map((line, index) => ({
              quantity: worthlessRest ? returns.taken[index]!.quantity : input.items[index]!.quantity,
              amount: line.netAmount,
              vatAmount: line.vatAmount,
            })),
          );
          expect(Object.fromEntries(vat)).toEqual(
            Object.fromEntries(calculation.vatBreakdown.map((line) => [line.code, line.vatAmount])),
          );
          expect(Object.fromEntries(paid)).toEqual(Object.fromEntries(payments.map((p) => [p.type, p.kept])));
        },
      ),
      { numRuns: 300 },
    );
  });
});
