// Signing in to and out of the merchant console, and what the page asks first: who am I.
import type { FastifyRequest } from 'fastify';
import type { AppContext, CloudRoute } from '../context.js';
import { consoleOpen, consoleUser } from '../console-access/console-user.js';
import { clearedSessionCookie, sessionCookie } from '../console-access/session-cookie.js';
import { merchantName } from '../console-users/console-user-store.js';
import { signIn } from '../console-users/sign-in.js';
import { endAllSessions, endSession, type ConsoleSession } from '../console-users/sessions.js';
import { defineRoute } from '../http/route.js';
import { ConsoleSessionSchema, SignInSchema } from './console-auth-schemas.js';

async function describeSession(ctx: AppContext, session: ConsoleSession) {
  const { user } = session;
  return {
    user: { id: user.id, email: user.email, role: user.role },
    merchant: { id: user.merchantId, name: await merchantName(ctx.db, user.merchantId) },
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt.toISOString(),
  };
}

const cleared = (ctx: AppContext, request: FastifyRequest) => ({
  'set-cookie': clearedSessionCookie(request, ctx.config.console.secureCookie),
});

const signInRoute = defineRoute(consoleOpen(), {
  method: 'POST',
  path: '/auth/sign-in',
  operationId: 'consoleSignIn',
  summary: 'Sign in to the console',
  description:
    'Sets the session cookie and answers the session with its CSRF token. A wrong password and an unknown e-mail address get the same 401; attempts are limited per client address and per e-mail address (429 with Retry-After).',
  body: SignInSchema,
  responses: {
    200: { description: 'Signed in; the session cookie is set', schema: ConsoleSessionSchema },
    401: { description: 'Wrong e-mail address or password' },
    429: { description: 'Too many attempts' },
  },
  handler: async ({ ctx, body, request }) => {
    const { token, session } = await signIn(
      { db: ctx.db, now: ctx.clock.now(), limits: ctx.config.console.session, attempts: ctx.signInAttempts },
      { ...body, address: request.ip },
    );
    return {
      status: 200,
      body: await describeSession(ctx, session),
      headers: {
        'set-cookie': sessionCookie(request, token, session.expiresAt, ctx.config.console.secureCookie),
      },
    };
  },
});

const getSessionRoute = defineRoute(consoleUser({ role: 'viewer' }), {
  method: 'GET',
  path: '/session',
  operationId: 'consoleGetSession',
  summary: 'The signed-in user, their merchant and the CSRF token',
  responses: { 200: { description: 'The session', schema: ConsoleSessionSchema } },
  handler: async ({ ctx, session }) => ({ status: 200, body: await describeSession(ctx, session) }),
});

const signOutRoute = defineRoute(consoleUser({ role: 'viewer' }), {
  method: 'POST',
  path: '/auth/sign-out',
  operationId: 'consoleSignOut',
  summary: 'Sign out of this browser',
  responses: { 204: { description: 'Signed out; the cookie is cleared' } },
  handler: async ({ ctx, user, request }) => {
    await endSession(ctx.db, user.sessionId);
    return { status: 204, headers: cleared(ctx, request) };
  },
});

const signOutEverywhereRoute = defineRoute(consoleUser({ role: 'viewer' }), {
  method: 'POST',
  path: '/auth/sign-out-everywhere',
  operationId: 'consoleSignOutEverywhere',
  summary: 'Sign out of every browser',
  description: 'Ends every session of the signed-in user, this one included.',
  responses: { 204: { description: 'Every session ended; the cookie is cleared' } },
  handler: async ({ ctx, user, request }) => {
    await endAllSessions(ctx.db, user.userId);
    return { status: 204, headers: cleared(ctx, request) };
  },
});

export const CONSOLE_AUTH_ROUTES: readonly CloudRoute[] = [
  signInRoute,
  getSessionRoute,
  signOutRoute,
  signOutEverywhereRoute,
];
