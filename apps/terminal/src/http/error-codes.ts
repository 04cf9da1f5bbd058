import { relayStatusOf } from '@fiscal-pos/relay-protocol';
import type { ErrorCode } from '../domain-error.js';

/**
 * The HTTP status of each code of the vocabulary (domain-error.ts): the one place where
 * statuses are decided. PLATFORM_ERROR carries the platform's own status, so it is not listed here.
 */
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
    case 'DELIVERY_LOT_NOT_FOUND':
    case 'PRINT_JOB_NOT_FOUND':
    case 'PRODUCT_NOT_FOUND':
    case 'CASHIER_NOT_FOUND':
      return 404;
    // The request is understood and the cashier known: the PIN proves nothing (RFC 9110 403).
    case 'CASHIER_PIN_INVALID':
      return 403;
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
    case 'DELIVERY_LOT_NOT_OPEN':
    case 'SALE_NOT_REFUNDABLE':
    case 'PRINT_JOB_NOT_QUEUED':
    case 'PRINT_JOB_NOT_UNCONFIRMED':
      return 409;
    // The terminal's state refuses the document, not its shape: after a Z report (a shift's
    // close, a new year) the same request passes.
    case 'DAY_TOTAL_LIMIT_EXCEEDED':
    case 'SHIFT_TOTAL_LIMIT_EXCEEDED':
    case 'YEAR_TOTAL_LIMIT_EXCEEDED':
      return 409;
    // The card payment belongs to a sale that stands: its money goes back by a fiscal refund.
    case 'FISCAL_REFUND_REQUIRED':
      return 409;
    // The terminal's clock is behind its last fiscal document: it would date a document earlier.
    case 'CLOCK_BEHIND_LAST_DOCUMENT':
      return 409;
    // POST /api/catalog/sync on a terminal with no cloud to sync with.
    case 'TERMINAL_NOT_ACTIVATED':
      return 409;
    case 'BUSY':
    case 'CASHIER_LOCKED':
    case 'TOO_MANY_INVALID_KEYS':
    case 'PRINT_RATE_LIMITED':
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
    // The disk under DATA_DIR is full or read-only: nothing was written; the same request
    // goes through once there is space again (no restart needed).
    case 'STORAGE_UNAVAILABLE':
      return 503;
    // Node refuses a request line and headers past its limit before any route sees it.
    case 'HEADERS_TOO_LARGE':
      return 431;
    // The relay's answers: their statuses are decided with the relay link, in one place too.
    case 'TERMINAL_NOT_CONNECTED':
    case 'TERMINAL_TIMEOUT':
    case 'TERMINAL_CONNECTION_LOST':
    case 'RELAY_BODY_TOO_LARGE':
    case 'RELAY_RATE_LIMITED':
      return relayStatusOf(code);
  }
}
