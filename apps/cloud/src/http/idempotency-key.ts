// The Idempotency-Key request header, read one way for every route that takes it.
import type { FastifyRequest } from 'fastify';
import { ProblemError } from './problem.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** The header's value, undefined when absent or empty; a key over 200 characters is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === '') return undefined;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw new ProblemError('invalid_request', 'The Idempotency-Key header is too long.', [
      { path: 'header.idempotency-key', message: `at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` },
    ]);
  return key;
}

export function requireIdempotencyKey(request: FastifyRequest): string {
  const key = idempotencyKeyOf(request);
  if (key === undefined)
    throw new ProblemError(
      'invalid_request',
      'Send an Idempotency-Key header: retries then move stock once.',
      [{ path: 'header.idempotency-key', message: 'required' }],
    );
  return key;
}
