import type { components } from './generated/terminal-api.js';

type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** Every code a terminal, or the relay in front of it, answers: the spec's closed vocabulary. */
export type TerminalErrorCode = ErrorEnvelope['error']['code'];

export type FieldError = components['schemas']['FieldError'];

/** The terminal (or the relay) answered and refused: the envelope's error, typed. */
export class TerminalApiError extends Error {
  override readonly name = 'TerminalApiError';

  constructor(
    readonly status: number,
    readonly code: TerminalErrorCode,
    message: string,
    /** Field errors, for VALIDATION_ERROR; the expected figures for the payment mismatches. */
    readonly details: readonly FieldError[] | null,
    /** X-Request-Id: the terminal's audit entry for this answer. */
    readonly requestId: string | null,
  ) {
    super(`${code}: ${message}`);
  }
}

/**
 * No answer came, after every retry: the request may or may not have been carried out. A POST
 * tried again later with the same `idempotencyKey` is carried out at most once.
 */
export class TerminalUnreachableError extends Error {
  override readonly name = 'TerminalUnreachableError';

  constructor(
    message: string,
    readonly idempotencyKey: string | null,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

/** The error an answer that is not 2xx stands for. */
export async function terminalErrorOf(response: Response): Promise<TerminalApiError> {
  const requestId = response.headers.get('x-request-id');
  const text = await response.text();
  const envelope = parseEnvelope(text);
  if (envelope === null) {
    // Not our envelope: a proxy or gateway in between answered.
    return new TerminalApiError(
      response.status,
      'PLATFORM_ERROR',
      text.slice(0, 200) || response.statusText,
      null,
      requestId,
    );
  }
  const details = 'details' in envelope.error ? envelope.error.details : null;
  return new TerminalApiError(
    response.status,
    envelope.error.code,
    envelope.error.message,
    details,
    requestId,
  );
}

function parseEnvelope(text: string): ErrorEnvelope | null {
  try {
    const value = JSON.parse(text) as Partial<ErrorEnvelope> | null;
    const error = value?.error;
    return value?.success === false && typeof error?.code === 'string' && typeof error.message === 'string'
      ? (value as ErrorEnvelope)
      : null;
  } catch {
    return null;
  }
}
