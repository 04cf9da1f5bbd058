import type { FastifyError, FastifyReply } from 'fastify';
import { DomainError } from '../domain-error.js';
import { isStorageFailure } from '../storage/storage-failure.js';
import { errorEnvelope, type ErrorEnvelope } from './envelope.js';
import { httpStatusOf } from './error-codes.js';
import type { RouteResult } from './idempotency.js';

/** The spec's catalog paths answer raw JSON, errors too: the envelope's `error` alone. */
type RawError = Pick<ErrorEnvelope, 'error'>;

export interface RenderedError extends RouteResult {
  body: ErrorEnvelope | RawError;
  retryAfterSeconds: number | null;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

/** Anything thrown by a request as a refusal of the vocabulary; unknown failures are INTERNAL_ERROR. */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (isStorageFailure(error)) {
    return new DomainError(
      'STORAGE_UNAVAILABLE',
      'The terminal cannot write to its storage (disk full or read-only); retry with the same Idempotency-Key once there is space',
    );
  }
  if (isFastifyError(error)) {
    if (error.code.startsWith('FST_ERR_CTP_')) {
      return new DomainError('INVALID_JSON', `Request body could not be read: ${error.message}`);
    }
    if (error.statusCode === 404) return new DomainError('NOT_FOUND', error.message);
    if (error.statusCode === 405) return new DomainError('METHOD_NOT_ALLOWED', error.message);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return new DomainError('INVALID_JSON', error.message);
    }
  }
  return new DomainError('INTERNAL_ERROR', 'Unexpected error; see the terminal log for the request id');
}

/** The platform's errors would carry the platform's status; the terminal raises none, 502 stands in. */
function statusOf(error: DomainError): number {
  return error.code === 'PLATFORM_ERROR' ? 502 : httpStatusOf(error.code);
}

/** Turns anything thrown by a request into the spec's envelope (or its raw `error`), its status and headers. */
export function renderError(error: unknown, now: Date, form: 'envelope' | 'raw' = 'envelope'): RenderedError {
  const refusal = toDomainError(error);
  const { code, message, details } = refusal;
  return {
    statusCode: statusOf(refusal),
    body:
      form === 'envelope'
        ? errorEnvelope(code, message, details, now)
        : { error: { code, message, ...(details === null ? {} : { details }) } },
    retryAfterSeconds: refusal.retryAfterSeconds,
  };
}

/**
 * Sends an answer, fresh or replayed, with the headers its refusal carries: every path that
 * answers a request ends here, so a refusal reads the same whichever path rendered it.
 */
export function sendResult(reply: FastifyReply, result: RouteResult): FastifyReply {
  if (result.retryAfterSeconds != null) void reply.header('Retry-After', String(result.retryAfterSeconds));
  return reply.code(result.statusCode).send(result.body);
}
