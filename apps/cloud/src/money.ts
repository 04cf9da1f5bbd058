// Money and quantities cross the API as JSON numbers (MDL with 2 decimals, quantities with 3)
// and live everywhere else as integers: bani and thousandths. These are the only conversions,
// done on decimal text so no binary-float arithmetic touches an amount.

function toScaled(value: number, decimals: number): number | undefined {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[3]?.length ?? 0) > decimals) return undefined;
  const scaled = Number(match[2]! + (match[3] ?? '').padEnd(decimals, '0'));
  if (!Number.isSafeInteger(scaled)) return undefined;
  return match[1] === '-' ? -scaled : scaled;
}

function fromScaled(scaled: number, decimals: number): number {
  const sign = scaled < 0 ? '-' : '';
  const digits = String(Math.abs(scaled)).padStart(decimals + 1, '0');
  return Number(`${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`);
}

/** 12.5 -> 1250; undefined when it has more than 2 decimals. */
export const parseMoney = (value: number): number | undefined => toScaled(value, 2);
export const formatMoney = (minor: number): number => fromScaled(minor, 2);
/** 1.25 -> 1250 thousandths; undefined when it has more than 3 decimals. */
export const parseQuantity = (value: number): number | undefined => toScaled(value, 3);
export const formatQuantity = (milli: number): number => fromScaled(milli, 3);
