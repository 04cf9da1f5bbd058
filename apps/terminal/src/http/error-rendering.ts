import type { FastifyError } from 'fastify';
import { ApiError } from './api-error.js';
import { errorEnvelope, type ErrorEnvelope } from './envelope.js';

export interface RenderedError {
  statusCode: number;
  body: ErrorEnvelope;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

/** Turns anything thrown by a request into the spec's envelope; unknown failures are 500s. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isFastifyError(error)) {
    if (error.code.startsWith('FST_ERR_CTP_')) {
      return new ApiError('INVALID_JSON', `Request body could not be read: ${error.message}`);
    }
    if (error.statusCode === 404) return new ApiError('NOT_FOUND', error.message);
    if (error.statusCode === 405) return new ApiError('METHOD_NOT_ALLOWED', error.message);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return new ApiError('INVALID_JSON', error.message);
    }
  }
  return new ApiError('INTERNAL_ERROR', 'Unexpected error; see the terminal log for the request id');
}

export function renderError(error: unknown, now: Date): RenderedError {
  const apiError = toApiError(error);
  return {
    statusCode: apiError.statusCode,
    body: errorEnvelope(apiError.code, apiError.message, apiError.details, now),
  };
}
