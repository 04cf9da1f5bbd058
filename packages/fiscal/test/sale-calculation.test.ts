import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_TABLE, calculateSale, vatFromGross } from '../src/index.js';
import type { SaleCalculation, VatCode } from '../src/index.js';
import { item, sale, saleInputArbitrary } from './sale-fixtures.js';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const calculate = (...args: Parameters<typeof sale>) => calculateSale(sale(...args), DEFAULT_VAT_TABLE);

describe('calculateSale, hand-computed', () => {
  it('100.00 at B (20 %) carries VAT 16.67 on a base of 83.33', () => {
    const result = calculate([item(10000, 'B')]);
    expect(result.items[0]).toMatchObject({ originalPrice: 10000, netAmount: 10000, vatRateBp: 2000 });
    expect(result.items[0]).toMatchObject({ vatAmount: 1667, taxableBase: 8333 });
    expect(result.vatBreakdown).toEqual([
      { code: 'B', rateBp: 2000, vatAmount: 1667, taxableBase: 8333, gross: 10000 },
    ]);
    expect(result.total).toBe(10000);
    expect(result.issues).toEqual([]);
  });

  it('10.80 at A (8 %) carries VAT 0.80', () => {
    expect(calculate([item(1080, 'A')]).items[0]).toMatchObject({ vatAmount: 80, taxableBase: 1000 });
  });

  it('an exempt item has no VAT and its gross is its base', () => {
    const result = calculate([item(5000, '_')]);
    expect(result.vatBreakdown).toEqual([
      { code: '_', rateBp: null, vatAmount: 0, taxableBase: 5000, gross: 5000 },
    ]);
  });

  it('prices quantities with 3 decimals, rounding half away from zero', () => {
    // 12.99 × 0.333 = 4.32567 -> 4.33; 0.05 × 0.5 = 0.025 -> 0.03
    const result = calculate([item(1299, 'B', 333), item(5, 'C', 500)]);
    expect(result.items.map((line) => line.originalPrice)).toEqual([433, 3]);
    expect(result.subtotal).toBe(436);
  });

  it('applies item discount and markup: percent of the original plus absolute', () => {
    // 9.99 − 15 % (1.4985 -> 1.50) − 0.49 = 8.00; 10.00 + 10 % + 0.50 = 11.50
    const result = calculate([
      item(999, 'B', 1000, { discountBp: 1500, discountAbsolute: 49 }),
      item(1000, 'B', 1000, { markupBp: 1000, markupAbsolute: 50 }),
    ]);
    expect(result.items[0]).toMatchObject({ discountAmount: 199, markupAmount: 0, netAmount: 800 });
    expect(result.items[1]).toMatchObject({ discountAmount: 0, markupAmount: 150, netAmount: 1150 });
    expect(result.total).toBe(1950);
  });

  it('spreads a cart discount by largest remainder, ties to the first item', () => {
    // 0.10 over three equal 10.00 lines: 3.33… each, the spare ban goes to the first line.
    const result = calculate([item(1000, 'A'), item(1000, 'A'), item(1000, 'B')], {
      cartDiscount: { bp: 0, absolute: 10 },
    });
    expect(result.items.map((line) => line.cartAdjustment)).toEqual([-4, -3, -3]);
    expect(result.items.map((line) => line.netAmount)).toEqual([996, 997, 997]);
    expect(result).toMatchObject({ subtotal: 3000, cartDiscountAmount: 10, total: 2990 });
    expect(result.vatBreakdown.map((entry) => [entry.code, entry.gross])).toEqual([
      ['A', 1993],
      ['B', 997],
    ]);
  });

  it('spreads in proportion to the item amounts', () => {
    // 10 % cart discount of 40.00 = 4.00, over 10.00 and 30.00 -> 1.00 and 3.00
    const result = calculate([item(1000, 'B'), item(3000, 'B')], { cartDiscount: { bp: 1000, absolute: 0 } });
    expect(result.items.map((line) => line.netAmount)).toEqual([900, 2700]);
  });

  it('applies a cart markup the same way, and VAT on the final amount', () => {
    // 5 % of 10.00 + 0.01 = 0.51, over 3.00 and 7.00: 0.153 / 0.357 -> 0.15 + 0.36 (largest remainder)
    const result = calculate([item(300, 'B'), item(700, 'E')], { cartMarkup: { bp: 500, absolute: 1 } });
    expect(result.cartMarkupAmount).toBe(51);
    expect(result.items.map((line) => line.cartAdjustment)).toEqual([15, 36]);
    expect(result.items[0]).toMatchObject({ netAmount: 315, vatAmount: 53 }); // 3.15 × 20/120 = 0.525
    expect(result.total).toBe(1051);
  });

  it('sums payments per type in first-seen order and computes the change', () => {
    const result = calculate([item(9000, 'B')], {
      payments: [
        { type: '2', amount: 3000 },
        { type: '1', amount: 5000 },
        { type: '2', amount: 2000 },
      ],
      amountReceived: 10000,
    });
    expect(result.paymentBreakdown).toEqual([
      { code: '2', amount: 5000 },
      { code: '1', amount: 5000 },
    ]);
    expect(result).toMatchObject({ paymentsTotal: 10000, change: 1000 });
  });
});

describe('calculateSale, VAT per rate on the receipt', () => {
  it('3000 lines of 1.01 at 20 % carry the VAT contained in 3030.00: 505.00, not 510.00', () => {
    const result = calculate(Array.from({ length: 3000 }, () => item(101, 'B')));
    expect(result.vatBreakdown).toEqual([
      { code: 'B', rateBp: 2000, vatAmount: 50_500, taxableBase: 252_500, gross: 303_000 },
    ]);
    expect(sum(result.items.map((line) => line.vatAmount))).toBe(50_500);
  });

  it('7 lines of 0.10 at 20 % carry 0.12, like one line of quantity 7', () => {
    const split = calculate(Array.from({ length: 7 }, () => item(10, 'B')));
    const single = calculate([item(10, 'B', 7000)]);
    expect(split.vatBreakdown).toEqual(single.vatBreakdown);
    expect(single.vatBreakdown[0]).toMatchObject({ vatAmount: 12, gross: 70 });
    // The 12 bani are shared by largest remainder, ties to the first lines.
    expect(split.items.map((line) => line.vatAmount)).toEqual([2, 2, 2, 2, 2, 1, 1]);
  });

  it("shares a code's VAT in proportion to the line amounts", () => {
    // B: 3.00 + 1.00 = 4.00 carries 0.67, shared 50.25 : 16.75 bani; the leftover ban goes to .75.
    const result = calculate([item(300, 'B'), item(100, 'B'), item(108, 'A')]);
    expect(result.items.map((line) => line.vatAmount)).toEqual([50, 17, 8]);
    expect(result.vatBreakdown.map((entry) => [entry.code, entry.vatAmount])).toEqual([
      ['B', 67],
      ['A', 8],
    ]);
  });
});

describe('calculateSale issues', () => {
  it('an item discount above the item amount: net and VAT negative', () => {
    // 1.00 − 2.00 = −1.00 at B: VAT round(−16.67) = −0.17
    const result = calculate([item(100, 'B', 1000, { discountAbsolute: 200 }), item(1000, 'C')]);
    expect(result.items[0]).toMatchObject({ netAmount: -100, vatAmount: -17 });
    expect(result.issues.map((found) => [found.field, found.code])).toEqual([
      ['items[0].netAmount', 'ITEM_NET_AMOUNT_NEGATIVE'],
      ['items[0].vatAmount', 'ITEM_VAT_AMOUNT_NEGATIVE'],
    ]);
  });

  it('a total of zero', () => {
    const result = calculate([item(1000, 'B')], { cartDiscount: { bp: 10_000, absolute: 0 } });
    expect(result.total).toBe(0);
    expect(result.issues).toEqual([
      expect.objectContaining({ field: 'total', code: 'CALCULATION_TOTAL_ZERO' }),
    ]);
  });

  it('a VAT code the table does not know', () => {
    const result = calculateSale(sale([item(1000, 'D')]), { B: DEFAULT_VAT_TABLE.B });
    expect(result.issues).toEqual([
      expect.objectContaining({ field: 'items[0].vatCode', code: 'UNKNOWN_VAT_CODE' }),
    ]);
  });

  it('a line amount beyond the supported range', () => {
    const result = calculate([item(99_999_999_999_999, 'B', 1_000_000_000)]);
    expect(result.issues.map((found) => found.code)).toEqual([
      'ITEM_PRICE_INVALID',
      'CALCULATION_TOTAL_ZERO',
    ]);
    expect(Number.isSafeInteger(result.total)).toBe(true);
  });
});

function amounts(result: SaleCalculation): number[] {
  return [
    result.subtotal,
    result.cartDiscountAmount,
    result.cartMarkupAmount,
    result.total,
    result.paymentsTotal,
    result.change,
    ...result.items.flatMap((line) => [
      line.originalPrice,
      line.discountAmount,
      line.markupAmount,
      line.cartAdjustment,
      line.netAmount,
      line.vatAmount,
      line.taxableBase,
    ]),
    ...result.vatBreakdown.flatMap((entry) => [entry.vatAmount, entry.taxableBase, entry.gross]),
  ];
}

describe('calculateSale properties', () => {
  const run = (input: Parameters<typeof calculateSale>[0]) => calculateSale(input, DEFAULT_VAT_TABLE);

  it('item amounts add up exactly to the total, and so do the VAT gross amounts', () => {
    fc.assert(
      fc.property(saleInputArbitrary, (input) => {
        const result = run(input);
        return (
          sum(result.items.map((line) => line.netAmount)) === result.total &&
          sum(result.vatBreakdown.map((entry) => entry.gross)) === result.total &&
          result.subtotal - result.cartDiscountAmount + result.cartMarkupAmount === result.total
        );
      }),
    );
  });

  it('per VAT code, vatAmount + taxableBase = gross, the VAT is the rounding rule on the gross, and the line shares add up to it', () => {
    fc.assert(
      fc.property(saleInputArbitrary, (input) => {
        const result = run(input);
        for (const entry of result.vatBreakdown) {
          const lines = result.items.filter((line) => line.vatCode === entry.code);
          expect(entry.vatAmount + entry.taxableBase).toBe(entry.gross);
          expect(entry.gross).toBe(sum(lines.map((line) => line.netAmount)));
          expect(entry.vatAmount).toBe(Number(vatFromGross(BigInt(entry.gross), BigInt(entry.rateBp ?? 0))));
          expect(sum(lines.map((line) => line.vatAmount))).toBe(entry.vatAmount);
          expect(sum(lines.map((line) => line.taxableBase))).toBe(entry.taxableBase);
        }
      }),
    );
  });

  it('the VAT does not depend on how the goods are split into lines', () => {
    const wholeLines = fc.array(
      fc.record({
        unitPrice: fc.integer({ min: 1, max: 1_000_000 }),
        units: fc.integer({ min: 1, max: 12 }),
        vatCode: fc.constantFrom<VatCode>('A', 'B', 'C', 'D', 'E', '_'),
      }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(wholeLines, (lines) => {
        const together = calculate(lines.map((l) => item(l.unitPrice, l.vatCode, l.units * 1000)));
        const apart = calculate(
          lines.flatMap((l) => Array.from({ length: l.units }, () => item(l.unitPrice, l.vatCode))),
        );
        expect(apart.vatBreakdown).toEqual(together.vatBreakdown);
      }),
    );
  });

  it('without issues no item amount or VAT is negative', () => {
    fc.assert(
      fc.property(saleInputArbitrary, (input) => {
        const result = run(input);
        fc.pre(result.issues.length === 0);
        return result.items.every(
          (line) => line.netAmount >= 0 && line.vatAmount >= 0 && line.taxableBase >= 0,
        );
      }),
    );
  });

  it('the change is never negative when amountReceived >= total', () => {
    fc.assert(
      fc.property(saleInputArbitrary, fc.integer({ min: 0, max: 1_000_000 }), (input, extra) => {
        const total = run(input).total;
        const received = Math.max(total, 0) + extra;
        const result = run({
          ...input,
          payments: [{ type: '1', amount: received }],
          amountReceived: received,
        });
        return result.change >= 0 && result.change === received - result.total;
      }),
    );
  });

  it('every output amount is a safe integer', () => {
    fc.assert(fc.property(saleInputArbitrary, (input) => amounts(run(input)).every(Number.isSafeInteger)));
  });
});
