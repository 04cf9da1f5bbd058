/**
 * Payment type codes of the tax authority's classifier (ACPS). Codes are strings: "3.1"
 * is not the number 3.1.
 */
const ACPS_PAYMENT_TYPES = {
  '1': 'cash',
  '2': 'card',
  '3.1': 'voucher',
  '3.2': 'cheque / value certificate',
  '3.3': 'ticket of predefined value (MDL)',
  '5': 'electronic meal ticket',
  '6': 'subscription',
  '7': 'other payment instrument',
  '8.1': 'credit',
  '8.2': 'leasing',
  '8.3': 'advance',
  '8.4': 'earnest money',
  '8.5': 'pledge',
  '8.8': 'compensation',
  '8.9': 'other way',
} as const;

export type AcpsCode = keyof typeof ACPS_PAYMENT_TYPES;

/** Every ACPS code, in the classifier's order (Object.keys would put "3.1" after "8"). */
export const ACPS_CODES = [
  '1',
  '2',
  '3.1',
  '3.2',
  '3.3',
  '5',
  '6',
  '7',
  '8.1',
  '8.2',
  '8.3',
  '8.4',
  '8.5',
  '8.8',
  '8.9',
] as const satisfies readonly AcpsCode[];

export const ACPS_CASH = '1' satisfies AcpsCode;
export const ACPS_CARD = '2' satisfies AcpsCode;

export function isAcpsCode(value: unknown): value is AcpsCode {
  return typeof value === 'string' && Object.hasOwn(ACPS_PAYMENT_TYPES, value);
}

/** English label of a code, e.g. "cash" for "1". */
export function acpsLabel(code: AcpsCode): string {
  return ACPS_PAYMENT_TYPES[code];
}
