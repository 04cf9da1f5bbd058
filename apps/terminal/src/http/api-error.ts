import { httpStatusOf, type ErrorCode } from './error-codes.js';

/** One entry of `error.details`: the field path, its validation code, a readable message. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** An expected, client-visible failure: thrown by use cases, rendered by the error handler. */
export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: readonly FieldError[] | null = null,
    platformStatus?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = code === 'PLATFORM_ERROR' ? (platformStatus ?? 502) : httpStatusOf(code);
  }

  static validation(issues: readonly FieldError[]): ApiError {
    const summary = issues.map((issue) => `${issue.field}: ${issue.code}`).join('; ');
    return new ApiError('VALIDATION_ERROR', `Validation failed: ${summary}`, issues);
  }
}
