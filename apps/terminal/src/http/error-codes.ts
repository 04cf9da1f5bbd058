/**
 * The terminal's closed error vocabulary (the spec's error table), kept equal between the
 * Android and Windows terminal variants. HTTP statuses are decided here and nowhere else.
 * The SHIFT_* codes are the terminal's additions for the shift endpoints, whose answers the
 * spec leaves unshaped and whose refusals no code of its table describes, and QUERY_TIMEOUT
 * for a history read past its deadline (docs/terminal-api.md).
 */
export const ERROR_CODES = [
  'INVALID_JSON',
  'VALIDATION_ERROR',
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'CARD_PAYMENT_DECLINED',
  'NOT_FOUND',
  'SALE_NOT_FOUND',
  'SHIFT_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'TERMINAL_NOT_FISCAL',
  'MEV_CREDENTIALS_MISSING',
  'FISCAL_DAY_EXPIRED',
  'INSUFFICIENT_CASH_BALANCE',
  'DUPLICATE_LIMIT_REACHED',
  'IDEMPOTENCY_KEY_REUSE_MISMATCH',
  'SHIFT_ALREADY_OPEN',
  'SHIFT_NOT_OPEN',
  'BUSY',
  'INTERNAL_ERROR',
  'PRINT_ERROR',
  'CARD_PAYMENT_ERROR',
  'MEV_ERROR',
  'MEV_TIMEOUT',
  'MEV_UNAVAILABLE',
  'PRINTER_UNAVAILABLE',
  'CARD_TERMINAL_UNAVAILABLE',
  'QUERY_TIMEOUT',
  'PLATFORM_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** PLATFORM_ERROR carries the platform's own status, so it is not listed here. */
export function httpStatusOf(code: Exclude<ErrorCode, 'PLATFORM_ERROR'>): number {
  switch (code) {
    case 'INVALID_JSON':
    case 'VALIDATION_ERROR':
      return 400;
    case 'MISSING_API_KEY':
    case 'INVALID_API_KEY':
      return 401;
    case 'CARD_PAYMENT_DECLINED':
      return 402;
    case 'NOT_FOUND':
    case 'SALE_NOT_FOUND':
    case 'SHIFT_NOT_FOUND':
      return 404;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'TERMINAL_NOT_FISCAL':
    case 'MEV_CREDENTIALS_MISSING':
    case 'FISCAL_DAY_EXPIRED':
    case 'INSUFFICIENT_CASH_BALANCE':
    case 'DUPLICATE_LIMIT_REACHED':
    case 'IDEMPOTENCY_KEY_REUSE_MISMATCH':
    case 'SHIFT_ALREADY_OPEN':
    case 'SHIFT_NOT_OPEN':
      return 409;
    case 'BUSY':
      return 429;
    case 'INTERNAL_ERROR':
    case 'PRINT_ERROR':
    case 'CARD_PAYMENT_ERROR':
      return 500;
    case 'MEV_ERROR':
    case 'MEV_TIMEOUT':
      return 502;
    case 'MEV_UNAVAILABLE':
    case 'PRINTER_UNAVAILABLE':
    case 'CARD_TERMINAL_UNAVAILABLE':
      return 503;
    // A history read past its deadline: the terminal is up and selling, this read is refused
    // for now (503, like the other services it cannot give at the moment); retry narrower.
    case 'QUERY_TIMEOUT':
      return 503;
  }
}
