import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_TABLE, calculateRefund, calculateSale } from '../src/index.js';
import type { RefundableLine, RefundablePayment, SaleCalculation } from '../src/index.js';
import { item, sale, saleInputArbitrary } from './sale-fixtures.js';

/** The sale's lines as a return sees them, with what earlier returns took. */
function refundable(
  calculation: SaleCalculation,
  quantities: number[],
  returned: number[],
): RefundableLine[] {
  return calculation.items.map((line, index) => ({
    quantity: quantities[index]!,
    netAmount: line.netAmount,
    vatCode: line.vatCode,
    vatRateBp: line.vatRateBp,
    returnedQuantity: returned[index] ?? 0,
  }));
}

describe('calculateRefund, hand-computed', () => {
  const calculation = calculateSale(
    sale([item(1999, 'B', 3000), item(2000, 'A', 1000)], { cartDiscount: { bp: 0, absolute: 100 } }),
    DEFAULT_VAT_TABLE,
  );
  const payments: RefundablePayment[] = [
    { type: '2', kept: 5000, returned: 0 },
    { type: '1', kept: calculation.total - 5000, returned: 0 },
  ];

  it('prices a returned unit at its share of the line after the cart discount', () => {
    // 3 × 19.99 = 59.97, its share of the 1.00 cart discount is 0.75: 59.22 for three, 19.74 for one.
    expect(calculation.items[0]!.netAmount).toBe(5922);
    const one = calculateRefund({
      lines: refundable(calculation, [3000, 1000], []),
      payments,
      items: [{ index: 0, quantity: 1000 }],
      requestedPayments: null,
    });
    expect(one.issues).toEqual([]);
    expect(one.lines).toEqual([{ index: 0, quantity: 1000, amount: 1974, vatAmount: 329 }]);
    expect(one.total).toBe(1974);
    expect(one.vatBreakdown).toEqual([
      { code: 'B', rateBp: 2000, vatAmount: 329, taxableBase: 1645, gross: 1974 },
    ]);
  });

  it('refuses an index outside the sale and more than is left of a line', () => {
    const refused = calculateRefund({
      lines: refundable(calculation, [3000, 1000], [2500, 0]),
      payments,
      items: [
        { index: 2, quantity: 1000 },
        { index: 0, quantity: 1000 },
      ],
      requestedPayments: null,
    });
    expect(refused.issues.map((i) => [i.field, i.code])).toEqual([
      ['items[0].index', 'REFUND_ITEM_INVALID'],
      ['items[1].quantity', 'REFUND_QUANTITY_INVALID'],
    ]);
  });

  it('refuses payments that do not sum to the total or give a type back more than it paid', () => {
    const refused = calculateRefund({
      lines: refundable(calculation, [3000, 1000], []),
      payments,
      items: [{ index: 1, quantity: 1000 }],
      requestedPayments: [{ type: '4', amount: 100 }],
    });
    expect(refused.issues.map((i) => [i.field, i.code])).toEqual([
      ['payments[0].amount', 'PAYMENT_AMOUNT_INVALID'],
      ['payments', 'PAYMENT_SUM_MISMATCH'],
    ]);
  });

  it('with nothing left to return, says so at items', () => {
    const refused = calculateRefund({
      lines: refundable(calculation, [3000, 1000], [3000, 1000]),
      payments,
      items: null,
      requestedPayments: null,
    });
    expect(refused.issues.map((i) => [i.field, i.code])).toEqual([['items', 'REFUND_QUANTITY_INVALID']]);
  });
});

describe('calculateRefund, properties', () => {
  it('any sequence of partial returns gives back the sale exactly: per line, per VAT code, per payment type', () => {
    fc.assert(
      fc.property(
        saleInputArbitrary,
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        (input, steps, cardPercent) => {
          const calculation = calculateSale(input, DEFAULT_VAT_TABLE);
          fc.pre(calculation.issues.length === 0 && calculation.total > 0);
          const quantities = input.items.map((line) => line.quantity);
          const card = Math.floor((calculation.total * cardPercent) / 100);
          const payments: RefundablePayment[] = [
            { type: '1', kept: calculation.total - card, returned: 0 },
            { type: '2', kept: card, returned: 0 },
          ].filter((p) => p.kept > 0);
          const returned = quantities.map(() => 0);
          const vat = new Map<string, number>();
          const paid = new Map<string, number>();
          let total = 0;
          let worthlessRest = false;
          // Each step returns a percentage of what is left of every line; the last returns the rest.
          for (const [position, percent] of [...steps, 100].entries()) {
            const items = quantities
              .map((quantity, index) => ({
                index,
                quantity:
                  position === steps.length
                    ? quantity - returned[index]!
                    : Math.floor(((quantity - returned[index]!) * percent) / 100),
              }))
              .filter((entry) => entry.quantity > 0);
            if (items.length === 0) continue;
            const refund = calculateRefund({
              lines: refundable(calculation, quantities, returned),
              payments,
              items,
              requestedPayments: null,
            });
            if (refund.issues.some((i) => i.field === 'items')) {
              // Worth nothing, so not a refund: the rest of a sale whose money an earlier partial
              // return already gave back in full (cumulative pricing rounds the first half up).
              if (position === steps.length) worthlessRest = true;
              continue;
            }
            expect(refund.issues).toEqual([]);
            expect(refund.vatBreakdown.reduce((s, l) => s + l.gross, 0)).toBe(refund.total);
            expect(refund.payments.reduce((s, p) => s + p.amount, 0)).toBe(refund.total);
            for (const entry of items) returned[entry.index]! += entry.quantity;
            for (const line of refund.vatBreakdown)
              vat.set(line.code, (vat.get(line.code) ?? 0) + line.vatAmount);
            for (const p of refund.payments) {
              paid.set(p.code, (paid.get(p.code) ?? 0) + p.amount);
              payments.find((q) => q.type === p.code)!.returned += p.amount;
            }
            total += refund.total;
          }
          expect(total).toBe(calculation.total);
          if (!worthlessRest) expect(returned).toEqual(quantities);
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
