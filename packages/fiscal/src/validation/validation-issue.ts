import { AMOUNT_LIMIT, DAY_LIMIT, DOCUMENT_LIMIT, formatLimit } from '../money/limits.js';
import { fromMinor, type Minor } from '../money/money.js';

/**
 * The closed list of validation codes of the API spec (details[].code of a
 * VALIDATION_ERROR), each with the message shown beside it. Field paths are written like
 * the spec: `items[0].name`, `cartDiscount.percent`, `lines[2][0]`.
 */
const VALIDATION_MESSAGES = {
  ITEMS_REQUIRED: 'at least one item is required',
  ITEM_NAME_INVALID: 'name must be a string of 1-100 characters',
  ITEM_PRICE_INVALID: 'unitPrice must be a number > 0 with at most 2 decimals',
  ITEM_QUANTITY_INVALID:
    'quantity must be a number > 0 with at most 3 decimals, fractional only when allowDecimals is true',
  ITEM_VAT_CODE_INVALID: 'vatCode must be one of A, B, C, D, E, _',
  UNKNOWN_VAT_CODE: 'VAT code is not configured on this terminal',
  ITEM_NET_AMOUNT_NEGATIVE: 'discount exceeds the item amount',
  ITEM_VAT_AMOUNT_NEGATIVE: 'VAT amount of the item is negative',
  ITEM_DISCOUNT_PERCENT_INVALID: 'discountPercent must be a number from 0 to 100 with at most 2 decimals',
  ITEM_DISCOUNT_ABSOLUTE_INVALID: 'discountAbsolute must be a number >= 0 with at most 2 decimals',
  ITEM_MARKUP_PERCENT_INVALID: 'markupPercent must be a number >= 0 with at most 2 decimals',
  ITEM_MARKUP_ABSOLUTE_INVALID: 'markupAbsolute must be a number >= 0 with at most 2 decimals',
  CART_DISCOUNT_PERCENT_INVALID:
    'cartDiscount.percent must be a number from 0 to 100 with at most 2 decimals',
  CART_DISCOUNT_ABSOLUTE_INVALID: 'cartDiscount.absolute must be a number >= 0 with at most 2 decimals',
  CART_MARKUP_PERCENT_INVALID: 'cartMarkup.percent must be a number >= 0 with at most 2 decimals',
  CART_MARKUP_ABSOLUTE_INVALID: 'cartMarkup.absolute must be a number >= 0 with at most 2 decimals',
  PAYMENTS_REQUIRED: 'at least one payment is required',
  PAYMENT_TYPE_INVALID: 'type must be an ACPS payment code',
  PAYMENT_AMOUNT_INVALID: 'amount must be a number > 0 with at most 2 decimals',
  PAYMENT_RRN_INVALID: 'rrn must be a string of at most 12 characters',
  PAYMENT_SUM_MISMATCH: 'sum of payments differs from amountReceived',
  AMOUNT_RECEIVED_INVALID: 'amountReceived must be a number >= 0 with at most 2 decimals',
  INSUFFICIENT_PAYMENT: 'amountReceived is less than the total',
  CHANGE_INVALID: 'change must be a number >= 0 with at most 2 decimals',
  CHANGE_MISMATCH: 'change differs from the computed change',
  NON_CASH_CHANGE_NOT_ALLOWED: 'change is paid from cash only: it may not exceed the cash paid (ACPS 1)',
  CALCULATION_TOTAL_ZERO: 'the computed total must be positive',
  AMOUNT_INVALID: 'amount must be a number > 0 with at most 2 decimals',
  CUSTOMER_NAME_INVALID: 'customerName must be a string of at most 60 characters',
  PHONE_FORMAT_INVALID: 'customerPhone must be in international format +<digits>',
  EMAIL_FORMAT_INVALID: 'customerEmail must be a valid e-mail address',
  LANGUAGE_INVALID: 'language must be one of ro, ru, en',
  REASON_TOO_LONG: 'reason must be a string of at most 100 characters',
  LINES_REQUIRED: 'at least one line is required',
  LINE_FORMAT_INVALID: 'a line must be an array of 1-3 strings',
  LINE_TEXT_TOO_LONG: 'a line text must be a string of at most 100 characters',
  FEED_LINES_INVALID: 'feedLines must be an integer from 0 to 10',
  FILTER_REQUIRED: 'give either dateFrom and dateTo, or reportFrom and/or reportTo',
  DATE_RANGE_INVALID: 'dates must be real calendar dates YYYY-MM-DD with dateFrom not after dateTo',
  DATE_TO_FUTURE: 'dateTo is in the future',
  REPORT_NUMBER_INVALID: 'report numbers must be integers >= 1',
  REPORT_RANGE_INVALID: 'reportFrom is greater than reportTo',
} as const;

/**
 * Codes the terminal adds for the requests whose payloads the spec leaves unshaped (shift
 * open and close, delivery lots), one per field in the spec's manner; listed in docs/terminal-api.md. Kept
 * apart so that VALIDATION_CODES stays exactly the spec's table.
 */
const EXTENSION_VALIDATION_MESSAGES = {
  CASHIER_ID_INVALID: 'cashierId must be a string of 1-50 characters',
  CASHIER_NAME_INVALID: 'cashierName must be a string of 1-60 characters',
  PIN_INVALID: 'pin must be a string of 4 digits, given with cashierId',
  OPENING_CASH_INVALID: 'openingCash must be a number >= 0 with at most 2 decimals',
  COUNTED_CASH_INVALID: 'countedCash must be a number >= 0 with at most 2 decimals',
  LOT_LINE_ID_INVALID: 'lotLineId must be a string of 1-64 characters, once per lot and per sale',
  WEBHOOK_URL_INVALID: 'webhookUrl must be an http or https URL',
  LINES_TOO_MANY: 'lines must hold at most 500 lines per print request',
  REFERENCE_INVALID: 'reference must be a string of at most 100 characters',
  EXPIRES_AT_INVALID: 'expiresAt must be an ISO 8601 date-time in the future',
  DELIVERY_LOT_ID_INVALID: 'deliveryLotId must be a UUID',
  QR_PAYLOAD_INVALID: 'qrPayload is not the payload of a delivery lot of this terminal',
  REFUND_ITEM_INVALID: 'index must be the 0-based position of an item of the sale',
  FLAG_INVALID: 'must be true or false (a JSON boolean, not a string)',
  REFUND_QUANTITY_INVALID:
    'quantity must be a number > 0 with at most 3 decimals, at most what was sold and not yet returned',
  AMOUNT_LIMIT_EXCEEDED: `an amount may be at most ${formatLimit(AMOUNT_LIMIT)}`,
  DOCUMENT_TOTAL_LIMIT_EXCEEDED: `a document's total and the amount received may be at most ${formatLimit(DOCUMENT_LIMIT)}`,
  CASH_COUNT_LIMIT_EXCEEDED: `a count of the drawer may be at most ${formatLimit(DAY_LIMIT)}, the most it can hold`,
  UNKNOWN_FIELD: 'this field is not part of the request',
} as const;

const MESSAGES = { ...VALIDATION_MESSAGES, ...EXTENSION_VALIDATION_MESSAGES };

export type ValidationCode = keyof typeof MESSAGES;

/** The spec's validation codes. */
export const VALIDATION_CODES = Object.keys(VALIDATION_MESSAGES) as ValidationCode[];

export const EXTENSION_VALIDATION_CODES = Object.keys(EXTENSION_VALIDATION_MESSAGES) as ValidationCode[];

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/** One entry of error.details. */
export interface ValidationIssue {
  field: string;
  code: ValidationCode;
  message: string;
  /**
   * The figure the rule expected, in MDL, where it is one (PAYMENT_SUM_MISMATCH: the sum the
   * payments must reach; CHANGE_MISMATCH: the computed change; INSUFFICIENT_PAYMENT: the total).
   */
  expected?: number;
}

/** What every request parser returns: the normalized value, or every failing field. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** The issue with the figure it expected, given in bani, stated in MDL as every amount is. */
export function expecting(found: ValidationIssue, expected: Minor): ValidationIssue {
  return { ...found, expected: fromMinor(expected) };
}

/** An issue with the code's standard message unless a more specific one is given. */
export function issue(
  field: string,
  code: ValidationCode,
  message: string = MESSAGES[code],
): ValidationIssue {
  return { field, code, message };
}
