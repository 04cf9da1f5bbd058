import type { ErrorCode, FieldError } from '../domain-error.js';

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  error: null;
  timestamp: string;
}

interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: readonly FieldError[];
}

export interface ErrorEnvelope {
  success: false;
  data: null;
  error: ErrorBody;
  timestamp: string;
}

export function successEnvelope<T>(data: T, now: Date): SuccessEnvelope<T> {
  return { success: true, data, error: null, timestamp: now.toISOString() };
}

/** `details` appears only for VALIDATION_ERROR, as the spec requires. */
export function errorEnvelope(
  code: ErrorCode,
  message: string,
  details: readonly FieldError[] | null,
  now: Date,
): ErrorEnvelope {
  const error: ErrorBody =
    code === 'VALIDATION_ERROR' ? { code, message, details: details ?? [] } : { code, message };
  return { success: false, data: null, error, timestamp: now.toISOString() };
}
