// The cloud answers every failure as RFC 9457 problem details (apps/cloud/src/http/problem.ts):
// `code` says what went wrong, `errors` which fields. Pages branch on `code`, never on `detail`.

export interface FieldProblem {
  /** Where, as the cloud names it: `body.email`, `query.cursor`. */
  path: string;
  message: string;
}

export interface Problem {
  code: string;
  status: number;
  detail?: string;
  requestId?: string;
  errors?: FieldProblem[];
}

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the cloud could not be reached. */
    readonly status: number,
    readonly problem: Problem | null,
    options?: { cause: unknown },
  ) {
    super(problem?.detail ?? `HTTP ${status}`, options);
  }

  get code(): string | undefined {
    return this.problem?.code;
  }

  /** The cloud's message per field of the body, keyed without `body.`: `{ email: '...' }`. */
  fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const { path, message } of this.problem?.errors ?? [])
      fields[path.replace(/^body\./, '')] ??= message;
    return fields;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function problemOf(body: unknown, response: Response): Problem | null {
  if (!isRecord(body) || typeof body.code !== 'string') return null;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(
        (e): e is FieldProblem => isRecord(e) && typeof e.path === 'string' && typeof e.message === 'string',
      )
    : undefined;
  return {
    code: body.code,
    status: response.status,
    ...(typeof body.detail === 'string' ? { detail: body.detail } : {}),
    ...(typeof body.requestId === 'string'
      ? { requestId: body.requestId }
      : { requestId: response.headers.get('x-request-id') ?? undefined }),
    ...(errors ? { errors } : {}),
  };
}
