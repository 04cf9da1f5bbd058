import type { FastifyError } from 'fastify';
import { DomainError } from '../domain-error.js';
import { errorEnvelope, type ErrorEnvelope } from './envelope.js';
import { httpStatusOf } from './error-codes.js';

export interface RenderedError {
  statusCode: number;
  body: ErrorEnvelope;
  retryAfterSeconds: number | null;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

/** Anything thrown by a request as a refusal of the vocabulary; unknown failures are INTERNAL_ERROR. */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
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
export function statusOf(error: DomainError): number {
  return error.code === 'PLATFORM_ERROR' ? 502 : httpStatusOf(error.code);
}

/** Turns anything thrown by a request into the spec's envelope and its status. */
export function renderError(error: unknown, now: Date): RenderedError {
  const refusal = toDomainError(error);
  return {
    statusCode: statusOf(refusal),
    body: errorEnvelope(refusal.code, refusal.message, refusal.details, now),
    retryAfterSeconds: refusal.retryAfterSeconds,
  };
}
