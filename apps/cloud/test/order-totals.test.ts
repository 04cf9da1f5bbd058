import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_TABLE } from '@fiscal-pos/fiscal';
import { computeOrderTotals } from '../src/orders/order-totals.js';

describe('computeOrderTotals', () => {
  it('computes VAT per rate on the order, as the terminal does on the receipt', () => {
    // 7 lines of 0.10 at 20 % carry the VAT contained in 0.70 (0.12), not 7 × 0.02.
    const totals = computeOrderTotals(
      Array.from({ length: 7 }, () => ({ unitPriceMinor: 10, quantityMilli: 1000, vatCode: 'B' })),
      DEFAULT_VAT_TABLE,
    );
    expect(totals.vatMinor).toBe(12);
    expect(totals.breakdown).toEqual([
      { vatCode: 'B', rate: 20, amountMinor: 70, vatMinor: 12, taxableBaseMinor: 58 },
    ]);
    expect(totals.lines.reduce((sum, line) => sum + line.vatMinor, 0)).toBe(12);
  });
});
