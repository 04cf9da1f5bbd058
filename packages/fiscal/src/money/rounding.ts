/**
 * THE rounding rule of the fiscal domain: every division of an amount rounds the exact
 * rational to the nearest integer minor unit, and a tie (exactly half a unit) goes AWAY
 * FROM ZERO (2.5 -> 3, -2.5 -> -3). It is applied by `divRound`, and every amount formula
 * (item amount, percent of an amount, VAT contained in a gross amount) goes through it.
 *
 * Arithmetic is in bigint: price × quantity or amount × rate can exceed 2^53.
 */

/** numerator / denominator rounded half away from zero. `denominator` must not be 0. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('divRound: division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const magnitude = (2n * n + d) / (2n * d);
  return negative ? -magnitude : magnitude;
}

/** round(amount × bp / 10000): `bp` basis points of an amount. */
export function percentOf(amount: bigint, bp: bigint): bigint {
  return divRound(amount * bp, 10_000n);
}

/** round(price × quantity / 1000): the amount of `quantity` thousandths at `price` each. */
export function mulMilli(price: bigint, quantity: bigint): bigint {
  return divRound(price * quantity, 1_000n);
}

/** round(gross × rate / (10000 + rate)): the VAT contained in a VAT-inclusive amount. */
export function vatFromGross(gross: bigint, rateBp: bigint): bigint {
  return divRound(gross * rateBp, 10_000n + rateBp);
}
