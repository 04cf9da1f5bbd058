// The relay's own answers, in the terminal's envelope and vocabulary: a client cannot tell by
// shape whether the terminal or the relay refused, only by code. The terminal's ERROR_CODES
// include these (apps/terminal/src/domain-error.ts) so one vocabulary holds every code a client
// of {relay_url} may see; docs/terminal-api.md and docs/relay.md document them.
export const RELAY_ERROR_CODES = [
  'TERMINAL_NOT_CONNECTED',
  'TERMINAL_TIMEOUT',
  'TERMINAL_CONNECTION_LOST',
  'RELAY_BODY_TOO_LARGE',
  'RELAY_RATE_LIMITED',
] as const;

/**
 * Already in the vocabulary: NOT_FOUND, a path of the relay that is no `{relay_url}` at all;
 * HEADERS_TOO_LARGE, a request head that does not fit one NATS message (cluster mode).
 */
export type RelayErrorCode = (typeof RELAY_ERROR_CODES)[number] | 'NOT_FOUND' | 'HEADERS_TOO_LARGE';

export function relayStatusOf(code: RelayErrorCode): number {
  switch (code) {
    case 'NOT_FOUND':
      return 404;
    // Answered at once: waiting would not bring a terminal that is not dialled in.
    case 'TERMINAL_NOT_CONNECTED':
      return 503;
    case 'TERMINAL_TIMEOUT':
      return 504;
    // The request may have reached the terminal: in doubt, retry with the same Idempotency-Key.
    case 'TERMINAL_CONNECTION_LOST':
      return 502;
    case 'RELAY_BODY_TOO_LARGE':
      return 413;
    case 'RELAY_RATE_LIMITED':
      return 429;
    case 'HEADERS_TOO_LARGE':
      return 431;
  }
}

export interface RelayErrorEnvelope {
  success: false;
  data: null;
  error: { code: RelayErrorCode; message: string };
  timestamp: string;
}

export function relayErrorEnvelope(code: RelayErrorCode, message: string, now: Date): RelayErrorEnvelope {
  return { success: false, data: null, error: { code, message }, timestamp: now.toISOString() };
}
