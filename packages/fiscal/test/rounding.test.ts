import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divRound, mulMilli, percentOf, vatFromGross } from '../src/index.js';

describe('divRound: half away from zero', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [-8n, 3n, -3n],
    [0n, 7n, 0n],
    [25n, 10n, 3n],
    [24n, 10n, 2n],
  ])('%s / %s = %s', (n, d, expected) => {
    expect(divRound(n, d)).toBe(expected);
  });

  it('refuses a zero denominator', () => {
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });

  const numerator = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
  const denominator = fc.bigInt({ min: 1n, max: 10n ** 18n });

  it('is symmetric: divRound(-a, b) = -divRound(a, b)', () => {
    fc.assert(fc.property(numerator, denominator, (a, b) => divRound(-a, b) === -divRound(a, b)));
  });

  it('is within half a unit of the exact rational, ties away from zero', () => {
    fc.assert(
      fc.property(numerator, denominator, (n, d) => {
        const q = divRound(n, d);
        // |q − n/d| <= 1/2  <=>  |2(q·d − n)| <= d
        const twiceError = 2n * (q * d - n);
        const within = (twiceError < 0n ? -twiceError : twiceError) <= d;
        // On an exact tie the result moves away from zero: |q| > |n/d|.
        const tie = twiceError === d || twiceError === -d;
        const awayFromZero = !tie || (n >= 0n ? q * d > n : q * d < n);
        return within && awayFromZero;
      }),
    );
  });
});

describe('amount helpers', () => {
  it('percentOf rounds the percent of an amount', () => {
    expect(percentOf(999n, 1500n)).toBe(150n); // 149.85
    expect(percentOf(10n, 500n)).toBe(1n); // 0.5 -> 1
  });

  it('mulMilli prices a quantity in thousandths', () => {
    expect(mulMilli(1299n, 333n)).toBe(433n); // 12.99 × 0.333 = 4.32567
    expect(mulMilli(5n, 500n)).toBe(3n); // 0.05 × 0.5 = 0.025 -> 0.03
  });

  it('vatFromGross extracts the VAT included in a gross amount', () => {
    expect(vatFromGross(10000n, 2000n)).toBe(1667n); // 100.00 at 20 %: 16.666…
    expect(vatFromGross(1080n, 800n)).toBe(80n); // 10.80 at 8 %
    expect(vatFromGross(5000n, 0n)).toBe(0n);
  });
});
