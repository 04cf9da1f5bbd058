/**
 * The terminal's closed error vocabulary (the spec's error table), kept equal between the
 * Android and Windows terminal variants. HTTP statuses are decided in http/error-codes.ts and nowhere else.
 * The SHIFT_*, CASHIER_*, DELIVERY_LOT_*, PRINT_JOB_*, SALE_NOT_REFUNDABLE, PRODUCT_NOT_FOUND and TERMINAL_NOT_ACTIVATED codes are the terminal's additions for the
 * shift, delivery-lot, print-queue, refund and catalog endpoints, whose answers the spec leaves unshaped and whose refusals no code of
 * its table describes, QUERY_TIMEOUT for a history read past its deadline, STORAGE_UNAVAILABLE for a write the disk
 * refused (full or read-only), CLOCK_BEHIND_LAST_DOCUMENT for a clock set before the last
 * document, the *_TOTAL_LIMIT_EXCEEDED codes for a document that would take a day, a shift or a
 * year past what its report can state exactly, FISCAL_REFUND_REQUIRED for a card void or refund
 * of a sale that stands, TOO_MANY_INVALID_KEYS for an address that sent too many wrong X-API-Key
 * values, and
 * HEADERS_TOO_LARGE for a URL or headers past Node's limit (docs/terminal-api.md). The relay's
 * codes (TERMINAL_NOT_CONNECTED, ...) are answered by the relay, never by the terminal, for a
 * client of {relay_url}; they are defined with the relay link and listed here so one
 * vocabulary holds every code a client may see (docs/relay.md).
 */
import { RELAY_ERROR_CODES } from '@fiscal-pos/relay-protocol';

export const ERROR_CODES = [
  'INVALID_JSON',
  'VALIDATION_ERROR',
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'CARD_PAYMENT_DECLINED',
  'NOT_FOUND',
  'SALE_NOT_FOUND',
  'SHIFT_NOT_FOUND',
  'DELIVERY_LOT_NOT_FOUND',
  'PRINT_JOB_NOT_FOUND',
  'PRODUCT_NOT_FOUND',
  'CASHIER_NOT_FOUND',
  'CASHIER_PIN_INVALID',
  'METHOD_NOT_ALLOWED',
  'TERMINAL_NOT_FISCAL',
  'MEV_CREDENTIALS_MISSING',
  'FISCAL_DAY_EXPIRED',
  'INSUFFICIENT_CASH_BALANCE',
  'DUPLICATE_LIMIT_REACHED',
  'IDEMPOTENCY_KEY_REUSE_MISMATCH',
  'SHIFT_ALREADY_OPEN',
  'SHIFT_NOT_OPEN',
  'DELIVERY_LOT_NOT_OPEN',
  'SALE_NOT_REFUNDABLE',
  'FISCAL_REFUND_REQUIRED',
  'DAY_TOTAL_LIMIT_EXCEEDED',
  'SHIFT_TOTAL_LIMIT_EXCEEDED',
  'YEAR_TOTAL_LIMIT_EXCEEDED',
  'PRINT_JOB_NOT_QUEUED',
  'PRINT_JOB_NOT_UNCONFIRMED',
  'TERMINAL_NOT_ACTIVATED',
  'BUSY',
  'CASHIER_LOCKED',
  'TOO_MANY_INVALID_KEYS',
  'PRINT_RATE_LIMITED',
  'INTERNAL_ERROR',
  'PRINT_ERROR',
  'CARD_PAYMENT_ERROR',
  'MEV_ERROR',
  'MEV_TIMEOUT',
  'MEV_UNAVAILABLE',
  'PRINTER_UNAVAILABLE',
  'CARD_TERMINAL_UNAVAILABLE',
  'QUERY_TIMEOUT',
  'STORAGE_UNAVAILABLE',
  'CLOCK_BEHIND_LAST_DOCUMENT',
  'HEADERS_TOO_LARGE',
  'PLATFORM_ERROR',
  ...RELAY_ERROR_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * One entry of `error.details`: the field path, its validation code, a readable message, and
 * for a figure that disagrees with the terminal's, the figure it expected (MDL).
 */
export interface FieldError {
  field: string;
  code: string;
  message: string;
  expected?: number;
}

/**
 * An expected failure with a code of the vocabulary above: a refusal by a use case (no cash,
 * shift not open, fiscal server refused) or by the HTTP layer (key, JSON, Idempotency-Key).
 * It says nothing of HTTP: http/error-rendering.ts gives it its status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: readonly FieldError[] | null = null,
    /** Sent as Retry-After: when the refusal is only for now (CASHIER_LOCKED). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static validation(issues: readonly FieldError[]): DomainError {
    const summary = issues.map((issue) => `${issue.field}: ${issue.code}`).join('; ');
    return new DomainError('VALIDATION_ERROR', `Validation failed: ${summary}`, issues);
  }
}
