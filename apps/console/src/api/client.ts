// The one client of the cloud's API: openapi-fetch typed by the types the SDK generates from the
// cloud's OpenAPI document (packages/sdk/scripts/generate.ts), so a path, a parameter or a body
// the cloud does not declare is a type error. Same origin: the session cookie goes along by itself.
// Every change (POST/PUT/PATCH/DELETE) carries the session's CSRF token; a 401 on a signed-in
// call ends the session in the app (session.tsx sends the person to sign-in with a message).
// Every change also carries an Idempotency-Key, reused when a submission is retried
// (idempotency-keys.ts).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@fiscal-pos/sdk/cloud-api';
import type { PendingPaths } from './pending-api.js';
import { idempotencyKeys } from './idempotency-keys.js';
import { ApiError, problemOf } from './problem.js';

export const CONSOLE_API = '/api/console/v1';

let csrfToken: string | null = null;
let onSignedOut: () => void = () => undefined;

/** Set by the session (session.tsx) whenever it learns the token; null once signed out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** What to do when a signed-in call answers 401 (the session expired or was ended elsewhere). */
export function onSessionEnded(handler: () => void): void {
  onSignedOut = handler;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls made without a session, whose 401 means a wrong password or nobody signed in, not an expiry. */
const SESSIONLESS = new Set(
  [
    '/session',
    '/auth/sign-in',
    '/auth/password-reset',
    '/auth/password-reset/complete',
    '/auth/invitations/accept',
  ].map((path) => CONSOLE_API + path),
);

const session: Middleware = {
  onRequest({ request }) {
    if (!SAFE.has(request.method) && csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
  onResponse({ request, response }) {
    const path = new URL(request.url).pathname;
    if (response.status === 401 && !SESSIONLESS.has(path)) onSignedOut();
    return response;
  },
};

export const api = createClient<paths & PendingPaths>({ baseUrl: window.location.origin });
api.use(session, idempotencyKeys);

/**
 * The data of an openapi-fetch call, or an ApiError with the problem the cloud answered:
 * `useQuery({ queryKey, queryFn: () => data(api.GET('/api/console/v1/users', {})) })`.
 */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await call;
  } catch (cause) {
    throw new ApiError(0, null, { cause });
  }
  if (!answer.response.ok)
    throw new ApiError(answer.response.status, problemOf(answer.error, answer.response));
  return answer.data as T;
}
