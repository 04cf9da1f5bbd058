// The merchant console's audience: a signed-in person, by the session cookie. Order of checks:
// no or unknown or expired session -> 401 not_signed_in; a change (any method but GET/HEAD)
// without the session's CSRF token in X-CSRF-Token -> 403 csrf_token_invalid; a role below the
// route's -> 403 role_forbidden. The session's merchant is the only one a handler may query:
// console paths carry no merchant id. Every change goes through runAuditedChange: an audit row
// naming the user, written in the change's transaction, and an optional Idempotency-Key.
import type { FastifyRequest } from 'fastify';
import { auditEntryOf, runAuditedChange, type Actor } from '../audit/run-audited-change.js';
import { recordAudit } from '../audit/audit-store.js';
import { findUserByEmail } from '../console-users/console-user-store.js';
import type { AppContext } from '../context.js';
import { ProblemError } from '../http/problem.js';
import type { Access } from '../http/route.js';
import { roleAllows, type ConsoleRole } from '../console-users/roles.js';
import { csrfTokenMatches, resumeSession, type ConsoleSession } from '../console-users/sessions.js';
import { sessionTokenOf } from './session-cookie.js';

const CONSOLE_BASE_PATH = '/api/console/v1';
const CSRF_HEADER = 'x-csrf-token';

/** Who is calling, as a console handler sees them. */
export interface ConsoleUser {
  userId: string;
  merchantId: string;
  role: ConsoleRole;
  email: string;
  sessionId: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<ConsoleSession> {
  const token = sessionTokenOf(request);
  const session = token
    ? await resumeSession(ctx.db, token, ctx.clock.now(), ctx.config.console.session)
    : undefined;
  if (!session)
    throw new ProblemError('not_signed_in', 'Sign in to the console first; the session may have expired.');
  return session;
}

function checkCsrf(session: ConsoleSession, request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const header = request.headers[CSRF_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !csrfTokenMatches(session, given))
    throw new ProblemError(
      'csrf_token_invalid',
      'Send the session’s CSRF token (GET /api/console/v1/session, csrfToken) in the X-CSRF-Token header.',
    );
}

/**
 * Console routes for users with at least `role`; the handler gets `user` (and the `session`
 * itself). `shownOnce`: fields of the answer shown once (keys, codes, secrets), left out of the
 * copy kept for idempotent replays. `transactional: false` for a handler that waits on the
 * network (the terminal test through the relay): its audit row is written after it.
 * `ownIdempotency`: the use case keeps the Idempotency-Key itself (runAuditedChange).
 */
export function consoleUser(options: {
  role: ConsoleRole;
  shownOnce?: readonly string[];
  transactional?: boolean;
  ownIdempotency?: boolean;
}): Access<AppContext, { user: ConsoleUser; session: ConsoleSession }> {
  return {
    name: 'console',
    basePath: CONSOLE_BASE_PATH,
    role: options.role,
    audited: true,
    admit: async (ctx, request) => {
      const session = await authenticate(ctx, request);
      checkCsrf(session, request);
      if (!roleAllows(session.user.role, options.role))
        throw new ProblemError('role_forbidden', `This needs the ${options.role} role or higher.`);
      const { user } = session;
      return {
        user: {
          userId: user.id,
          merchantId: user.merchantId,
          role: user.role,
          email: user.email,
          sessionId: session.id,
        },
        session,
      };
    },
    around: (ctx, { operation, request, body, caller }, run) =>
      runAuditedChange(ctx, {
        operation,
        actor: {
          kind: 'console_user',
          userId: caller.user.userId,
          email: caller.user.email,
          merchantId: caller.user.merchantId,
        },
        shownOnce: options.shownOnce ?? [],
        transactional: options.transactional ?? true,
        ownIdempotency: options.ownIdempotency ?? false,
        request,
        body,
        run,
      }),
    doc: {
      who:
        `Needs a console session (cookie) with the ${options.role} role or higher; changes need the ` +
        'X-CSRF-Token header, are audited and accept an Idempotency-Key.',
      idempotentChanges: true,
      unauthorized: 'Not signed in, or the session expired',
      forbidden: 'Missing CSRF token, or the role does not allow it',
      securityScheme: {
        name: 'consoleSession',
        scheme: {
          type: 'apiKey',
          in: 'cookie',
          name: 'fpos_session',
          description: 'The console session cookie',
        },
      },
      tag: 'console',
    },
  };
}

/** Console routes that take no session (signing in, accepting an invitation, resetting a password). */
export function consoleOpen(): Access<AppContext, object> {
  return {
    name: 'console-open',
    basePath: CONSOLE_BASE_PATH,
    admit: () => ({}),
    doc: { who: 'Needs no session; attempts are limited per address and per account.', tag: 'console' },
  };
}

/** Who a signing-in route signed in, as its answer (the session) says. */
const signedInActor = (session: unknown): Actor | undefined => {
  const { user, merchant } = (session ?? {}) as {
    user?: { id: string; email: string };
    merchant?: { id: string };
  };
  return user && merchant
    ? { kind: 'console_user', userId: user.id, email: user.email, merchantId: merchant.id }
    : undefined;
};

/**
 * Console routes that sign someone in without a session (signing in, accepting an invitation,
 * completing a password reset): each sign-in is audited as the person signed in, in their
 * merchant's Activity. A sign-in refused for a wrong password or code is audited too, as the
 * account its e-mail address names (the owner sees guessing at a colleague's account); those
 * are bounded by the per-account attempt limit. Not audited: attempts the limit refuses (429,
 * before any lookup: a flood writes nothing), a missing second-factor code (the normal first step
 * of a two-factor sign-in), and refusals naming no account (an unknown address, a bad link),
 * which belong to no merchant.
 */
export function consoleSignIn(): Access<AppContext, object> {
  return {
    ...consoleOpen(),
    audited: true,
    around: async (ctx, { operation, request, body }, run) => {
      try {
        const result = await run();
        const actor = signedInActor(result.body);
        if (actor)
          await recordAudit(
            ctx.db,
            auditEntryOf(request, operation, actor, { status: result.status, replayed: false }),
          );
        return result;
      } catch (error) {
        const email = (body as { email?: unknown } | undefined)?.email;
        if (
          error instanceof ProblemError &&
          error.code === 'invalid_credentials' &&
          typeof email === 'string'
        ) {
          const user = await findUserByEmail(ctx.db, email);
          if (user)
            await recordAudit(
              ctx.db,
              auditEntryOf(
                request,
                operation,
                { kind: 'console_user', userId: user.id, email: user.email, merchantId: user.merchantId },
                { status: error.statusCode, replayed: false },
              ),
            );
        }
        throw error;
      }
    },
  };
}
