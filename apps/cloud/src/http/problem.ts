// RFC 9457 problem details. One closed list of problem kinds, each with its HTTP status
// and title in one exhaustive switch; the `type` URI is stable per kind and documented in
// docs/cloud-api.md. Clients branch on `status` (and may on `type`/`code`), never on `detail`.
import { z } from 'zod';

export const PROBLEM_CODES = [
  'missing_api_key',
  'invalid_api_key',
  'missing_operator_token',
  'invalid_operator_token',
  'invalid_metrics_token',
  'invalid_relay_token',
  'missing_device_credential',
  'invalid_device_credential',
  'terminal_deactivated',
  'insufficient_scope',
  'module_inactive',
  'invalid_json',
  'invalid_request',
  'not_found',
  'unknown_product',
  'idempotency_conflict',
  'order_status_conflict',
  'catalog_conflict',
  'key_already_rotated',
  'terminal_status_conflict',
  'invalid_activation_code',
  'activation_code_used',
  'activation_code_expired',
  'url_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'not_signed_in',
  'invalid_credentials',
  'csrf_token_invalid',
  'role_forbidden',
  'totp_required',
  'verification_failed',
  'totp_state_conflict',
  'invitation_invalid',
  'invitation_expired',
  'invitation_used',
  'reset_link_invalid',
  'reset_link_expired',
  'user_exists',
  'last_owner',
  'internal_error',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export function problemStatus(code: ProblemCode): { status: number; title: string } {
  switch (code) {
    case 'missing_api_key':
      return { status: 401, title: 'API key required' };
    case 'invalid_api_key':
      return { status: 401, title: 'Invalid API key' };
    case 'missing_operator_token':
      return { status: 401, title: 'Operator token required' };
    case 'invalid_operator_token':
      return { status: 401, title: 'Invalid operator token' };
    case 'invalid_metrics_token':
      return { status: 401, title: 'Invalid metrics token' };
    case 'invalid_relay_token':
      return { status: 401, title: 'Invalid relay token' };
    case 'missing_device_credential':
      return { status: 401, title: 'Device credential required' };
    case 'invalid_device_credential':
      return { status: 401, title: 'Invalid device credential' };
    case 'terminal_deactivated':
      return { status: 403, title: 'Terminal deactivated' };
    case 'insufficient_scope':
      return { status: 403, title: 'Key lacks the required scope' };
    case 'module_inactive':
      return { status: 403, title: 'Integration module inactive' };
    case 'invalid_json':
      return { status: 400, title: 'Malformed JSON body' };
    case 'invalid_request':
      return { status: 400, title: 'Invalid request' };
    case 'not_found':
      return { status: 404, title: 'Not found' };
    case 'unknown_product':
      return { status: 422, title: 'Unknown product' };
    case 'idempotency_conflict':
      return { status: 409, title: 'Idempotency conflict' };
    case 'order_status_conflict':
      return { status: 409, title: 'Order status does not allow this' };
    case 'catalog_conflict':
      return { status: 409, title: 'Conflicts with the catalog' };
    case 'key_already_rotated':
      return { status: 409, title: 'Key already rotated' };
    case 'terminal_status_conflict':
      return { status: 409, title: 'Terminal status does not allow this' };
    // One status for the three: the code was not accepted and nothing changed; `code` says why,
    // so the terminal can tell its operator to retype the code or to ask for a new one.
    case 'invalid_activation_code':
      return { status: 422, title: 'Invalid activation code' };
    case 'activation_code_used':
      return { status: 422, title: 'Activation code already used' };
    case 'activation_code_expired':
      return { status: 422, title: 'Activation code expired' };
    case 'url_not_allowed':
      return { status: 422, title: 'Webhook URL not allowed' };
    case 'payload_too_large':
      return { status: 413, title: 'Payload too large' };
    case 'unsupported_media_type':
      return { status: 415, title: 'Unsupported media type' };
    case 'rate_limited':
      return { status: 429, title: 'Too many requests' };
    case 'not_signed_in':
      return { status: 401, title: 'Not signed in' };
    case 'invalid_credentials':
      return { status: 401, title: 'Wrong e-mail address or password' };
    case 'csrf_token_invalid':
      return { status: 403, title: 'Missing or wrong CSRF token' };
    case 'role_forbidden':
      return { status: 403, title: 'Your role does not allow this' };
    // After a right password: the page asks for the authenticator's code and sends it as `totp`.
    case 'totp_required':
      return { status: 401, title: 'Authenticator code required' };
    case 'verification_failed':
      return { status: 422, title: 'Wrong code or password' };
    case 'totp_state_conflict':
      return { status: 409, title: 'Two-factor state does not allow this' };
    // As for activation codes: one status, `code` tells the page what to say.
    case 'invitation_invalid':
      return { status: 422, title: 'Invalid invitation link' };
    case 'invitation_expired':
      return { status: 422, title: 'Invitation expired' };
    case 'invitation_used':
      return { status: 422, title: 'Invitation already accepted' };
    case 'reset_link_invalid':
      return { status: 422, title: 'Invalid or used password reset link' };
    case 'reset_link_expired':
      return { status: 422, title: 'Password reset link expired' };
    case 'user_exists':
      return { status: 409, title: 'A console user has this e-mail address' };
    case 'last_owner':
      return { status: 409, title: 'The last owner cannot be removed or demoted' };
    case 'internal_error':
      return { status: 500, title: 'Internal error' };
  }
}

export const problemType = (code: ProblemCode): string =>
  `urn:fiscal-pos:problem:${code.replaceAll('_', '-')}`;

export interface FieldError {
  path: string;
  message: string;
}

/** A failure to present as problem details; thrown from anywhere below a route. */
export class ProblemError extends Error {
  readonly statusCode: number;
  /** Seconds to send as Retry-After (a 429 refused by a use case, which holds no reply). */
  retryAfterSeconds?: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.statusCode = problemStatus(code).status;
  }

  static rateLimited(detail: string, retryAfterSeconds: number): ProblemError {
    const problem = new ProblemError('rate_limited', detail);
    problem.retryAfterSeconds = retryAfterSeconds;
    return problem;
  }
}

export const ProblemSchema = z
  .object({
    type: z.string().describe('Stable URI per kind of problem, e.g. urn:fiscal-pos:problem:invalid-api-key'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().describe('The request path'),
    code: z.enum(PROBLEM_CODES),
    requestId: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;

export function toProblem(error: ProblemError, instance: string, requestId: string): Problem {
  const { status, title } = problemStatus(error.code);
  return {
    type: problemType(error.code),
    title,
    status,
    detail: error.detail,
    instance,
    code: error.code,
    requestId,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export function fromZodError(error: z.ZodError, where: string): ProblemError {
  const errors = error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return new ProblemError('invalid_request', `The ${where} failed validation.`, errors);
}
