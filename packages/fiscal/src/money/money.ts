/**
 * Exact fixed-point units. Amounts, quantities and percents travel through the domain as
 * integers and are converted from/to JSON numbers only at the edge, here.
 * The rounding rule lives in `rounding.ts`.
 */

/** An amount in minor units (bani): 12.34 MDL is 1234. Always a safe integer. */
export type Minor = number;
/** A quantity in thousandths: 1.5 units is 1500. */
export type Milli = number;
/** A percentage in basis points (hundredths of a percent): 12.5 % is 1250. */
export type Bp = number;

/**
 * Largest magnitude of a scaled value accepted from JSON. Beyond 15 significant digits a
 * double no longer round-trips through its shortest decimal form, so larger values could
 * not be read back exactly (e.g. 10^13 MDL in bani).
 */
export const MAX_SCALED = 999_999_999_999_999;

const DECIMAL_FORM = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * The exact integer `x × 10^decimals`, or null when `x` is not finite, carries more than
 * `decimals` decimals, or exceeds MAX_SCALED. The decimals are counted on the shortest
 * decimal string of the double (what `String(x)` prints, exponent forms included), which is
 * the number the client wrote: `0.1 + 0.2` prints as 0.30000000000000004 and is rejected.
 */
function toScaled(x: number, decimals: number): number | null {
  if (!Number.isFinite(x)) return null;
  const match = DECIMAL_FORM.exec(String(Math.abs(x)));
  if (match === null) return null;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const shift = Number(exponent) - fraction.length + decimals;
  const digits = BigInt(whole + fraction);
  let scaled: bigint;
  if (shift >= 0) {
    scaled = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    if (digits % divisor !== 0n) return null;
    scaled = digits / divisor;
  }
  if (scaled > BigInt(MAX_SCALED)) return null;
  const value = Number(scaled);
  return x < 0 ? -value : value;
}

/** JSON number with at most 2 decimals -> bani. */
export function toMinor(x: number): Minor | null {
  return toScaled(x, 2);
}

/** JSON number with at most 3 decimals -> thousandths. */
export function toMilli(x: number): Milli | null {
  return toScaled(x, 3);
}

/** Percent with at most 2 decimals -> basis points. */
export function toBp(x: number): Bp | null {
  return toScaled(x, 2);
}

/**
 * Division by a power of ten is correctly rounded in IEEE arithmetic, so the result is the
 * double closest to the exact decimal, the same double a JSON parser makes of that decimal.
 */
export function fromMinor(m: Minor): number {
  return m / 100;
}

export function fromMilli(q: Milli): number {
  return q / 1000;
}

export function fromBp(bp: Bp): number {
  return bp / 100;
}

/** "12.34", "-0.05": the amount with exactly 2 decimals, for XML and the receipt QR code. */
export function formatMinor(m: Minor): string {
  const magnitude = BigInt(Math.abs(m));
  const whole = magnitude / 100n;
  const cents = (magnitude % 100n).toString().padStart(2, '0');
  return `${m < 0 ? '-' : ''}${whole}.${cents}`;
}

const TWO_DECIMALS = /^(-?)(\d{1,13})\.(\d{2})$/;

/**
 * The inverse of formatMinor: "12.34" -> 1234, "-0.50" -> -50, null for any other form
 * ("1.5", "1e3", " 1.00"). Read from the digits, never through a float, so the amount on the
 * wire (the MEV messages carry amounts and VAT rates this way) is the amount recorded.
 */
export function parseMinor(text: string): Minor | null {
  const match = TWO_DECIMALS.exec(text);
  if (match === null) return null;
  const [, sign, whole = '', cents = ''] = match;
  const minor = Number(whole) * 100 + Number(cents);
  return sign === '-' && minor !== 0 ? -minor : minor;
}
