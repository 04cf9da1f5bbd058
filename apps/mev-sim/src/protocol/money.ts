/**
 * Amounts travel as decimal strings with exactly two decimals ("12.34", "-0.50"); inside the
 * code they are integer minor units (bani). The conversion works on the digits, never on
 * floats, so 0.1 + 0.2 problems cannot reach the fiscal record. VAT rates use the same form
 * ("20.00" on the wire, 2000 basis points inside).
 */

const DECIMAL_2 = /^(-?)(\d{1,13})\.(\d{2})$/;

export function formatCents(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount is not an integer of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Returns null when the text is not a two-decimal amount. */
export function parseCents(text: string): number | null {
  const match = DECIMAL_2.exec(text);
  if (!match) return null;
  const [, sign, units, cents] = match;
  const minor = Number(units) * 100 + Number(cents);
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' && minor !== 0 ? -minor : minor;
}
