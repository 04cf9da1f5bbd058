// Signing in to and out of the merchant console, and what the page asks first: who am I.
import type { FastifyRequest } from 'fastify';
import type { AppContext, CloudRoute } from '../context.js';
import { consoleOpen, consoleSignIn, consoleUser } from '../console-access/console-user.js';
import { clearedSessionCookie, sessionCookie } from '../console-access/session-cookie.js';
import { merchantName } from '../console-users/console-user-store.js';
import { countAccountAttempt, signIn } from '../console-users/sign-in.js';
import { endAllSessions, endSession, type ConsoleSession } from '../console-users/sessions.js';
import { acceptInvitation, describeInvitation } from '../console-users/invitations.js';
import {
  completePasswordReset,
  countResetRequest,
  requestPasswordReset,
} from '../console-users/password-reset.js';
import { disableTotp, enableTotp, setUpTotp, totpEnabled } from '../console-users/totp.js';
import { countOrRefuse } from '../http/address-limiter.js';
import { defineRoute } from '../http/route.js';
import {
  AcceptInvitationSchema,
  ConsoleSessionSchema,
  InvitationPreviewSchema,
  InvitationTokenParams,
  PasswordResetCompleteSchema,
  PasswordResetRequestSchema,
  SignInSchema,
  TotpDisableSchema,
  TotpEnableSchema,
  TotpSetupSchema,
} from './console-auth-schemas.js';

async function describeSession(ctx: AppContext, session: ConsoleSession) {
  const { user } = session;
  return {
    user: { id: user.id, email: user.email, role: user.role, totpEnabled: totpEnabled(user) },
    merchant: { id: user.merchantId, name: await merchantName(ctx.db, user.merchantId) },
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt.toISOString(),
  };
}

const cleared = (ctx: AppContext, request: FastifyRequest) => ({
  'set-cookie': clearedSessionCookie(request, ctx.config.console.secureCookie),
});

/** The answer of every route that signs someone in: the session, and its cookie. */
async function signedIn(
  ctx: AppContext,
  request: FastifyRequest,
  { token, session }: { token: string; session: ConsoleSession },
) {
  return {
    status: 200 as const,
    body: await describeSession(ctx, session),
    headers: {
      'set-cookie': sessionCookie(request, token, session.expiresAt, ctx.config.console.secureCookie),
    },
  };
}

/** Link tokens (invitations, resets) are counted per client address, right or wrong. */
const countLinkUse = (ctx: AppContext, request: FastifyRequest, reply: Parameters<typeof countOrRefuse>[2]) =>
  countOrRefuse(
    ctx.linkAttempts,
    request.ip,
    reply,
    'Too many uses of invitation or reset links from this address; retry after the Retry-After header’s seconds.',
  );

/** `open`: the access the link's route has besides (consoleSignIn for those that sign in). */
const linkTokenOpen = (
  open: ReturnType<typeof consoleOpen> = consoleOpen(),
): ReturnType<typeof consoleOpen> => {
  return {
    ...open,
    admit: (ctx, request, reply) => {
      countLinkUse(ctx, request, reply);
      return open.admit(ctx, request, reply);
    },
  };
};

const signInRoute = defineRoute(consoleSignIn(), {
  method: 'POST',
  path: '/auth/sign-in',
  operationId: 'consoleSignIn',
  summary: 'Sign in to the console',
  description:
    'Sets the session cookie and answers the session with its CSRF token. A wrong password and an unknown e-mail address get the same 401; attempts are limited per client address and per e-mail address (429 with Retry-After). A user with two-factor sign-in sends the authenticator code as `totp`: without it, after a right password, 401 totp_required; a wrong code is a 401 invalid_credentials.',
  body: SignInSchema,
  responses: {
    200: { description: 'Signed in; the session cookie is set', schema: ConsoleSessionSchema },
    401: { description: 'Wrong e-mail address, password or code; or the code is required (totp_required)' },
    429: { description: 'Too many attempts' },
  },
  handler: async ({ ctx, body, request }) =>
    signedIn(
      ctx,
      request,
      await signIn(
        {
          db: ctx.db,
          now: ctx.clock.now(),
          limits: ctx.config.console.session,
          attempts: ctx.signInAttempts,
          secrets: ctx.secrets,
        },
        { ...body, address: request.ip },
      ),
    ),
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

const requestPasswordResetRoute = defineRoute(consoleOpen(), {
  method: 'POST',
  path: '/auth/password-reset',
  operationId: 'consoleRequestPasswordReset',
  summary: 'Mails a password reset link',
  description:
    'Always 202, whether or not the address has an account: the answer tells nobody who has one. The link (`/console/password-reset/<token>`) works once, for 30 minutes. Requests are limited per client address and per e-mail address (429 with Retry-After).',
  body: PasswordResetRequestSchema,
  responses: {
    202: { description: 'Asked; a link is mailed if the address has an account' },
    429: { description: 'Too many requests' },
  },
  handler: ({ ctx, body, request }) => {
    countResetRequest(ctx.resetAttempts, { email: body.email, address: request.ip });
    // Answered before the lookup: the answer takes as long whether or not the address has an account.
    requestPasswordReset(
      {
        db: ctx.db,
        mail: ctx.mail,
        now: ctx.clock.now(),
        ttlMs: ctx.config.console.passwordResetTtlMs,
        consoleUrl: ctx.consoleUrl(),
      },
      body.email,
    ).then(
      (outcome) => {
        if (outcome === 'not_configured')
          request.log.warn('a password reset link was not mailed: no SMTP_URL is configured');
      },
      (error: unknown) => request.log.error({ err: error }, 'a password reset request failed'),
    );
    return Promise.resolve({ status: 202 as const });
  },
});

const completePasswordResetRoute = defineRoute(linkTokenOpen(consoleSignIn()), {
  method: 'POST',
  path: '/auth/password-reset/complete',
  operationId: 'consoleCompletePasswordReset',
  summary: 'Sets a new password with a reset link’s token, and signs in',
  description:
    'Uses the link up (every other reset link of the user too), ends every session of the user and signs in here. A user with two-factor sign-in also sends `totp`. Uses of link tokens are limited per client address.',
  body: PasswordResetCompleteSchema,
  responses: {
    200: { description: 'Password set; signed in', schema: ConsoleSessionSchema },
    401: { description: 'The account has two-factor sign-in and no code was sent (totp_required)' },
    422: { description: 'The link is unknown, used or expired; or the code is wrong' },
    429: { description: 'Too many attempts' },
  },
  handler: async ({ ctx, body, request }) =>
    signedIn(
      ctx,
      request,
      await completePasswordReset(
        { db: ctx.db, now: ctx.clock.now(), limits: ctx.config.console.session, secrets: ctx.secrets },
        body,
      ),
    ),
});

const getInvitationRoute = defineRoute(linkTokenOpen(), {
  method: 'GET',
  path: '/auth/invitations/{token}',
  operationId: 'consoleGetInvitation',
  summary: 'What an invitation link invites to: the shop, the role, the address',
  params: InvitationTokenParams,
  responses: {
    200: { description: 'The invitation', schema: InvitationPreviewSchema },
    422: { description: 'The link is unknown, withdrawn, accepted or expired' },
    429: { description: 'Too many attempts' },
  },
  handler: async ({ ctx, params }) => {
    const { invitation, merchantName } = await describeInvitation(ctx.db, params.token, ctx.clock.now());
    return {
      status: 200,
      body: {
        email: invitation.email,
        role: invitation.role,
        merchant: { name: merchantName },
        expiresAt: invitation.expiresAt.toISOString(),
      },
    };
  },
});

const acceptInvitationRoute = defineRoute(linkTokenOpen(consoleSignIn()), {
  method: 'POST',
  path: '/auth/invitations/accept',
  operationId: 'consoleAcceptInvitation',
  summary: 'Accepts an invitation with a new password, and signs in',
  body: AcceptInvitationSchema,
  responses: {
    200: { description: 'The user is made; signed in', schema: ConsoleSessionSchema },
    409: { description: 'The address became a console user meanwhile' },
    422: { description: 'The link is unknown, withdrawn, accepted or expired' },
    429: { description: 'Too many attempts' },
  },
  handler: async ({ ctx, body, request }) =>
    signedIn(
      ctx,
      request,
      await acceptInvitation({ db: ctx.db, now: ctx.clock.now(), limits: ctx.config.console.session }, body),
    ),
});

const totpDeps = (ctx: AppContext) => ({ db: ctx.db, secrets: ctx.secrets, now: ctx.clock.now() });

const setUpTotpRoute = defineRoute(consoleUser({ role: 'viewer', shownOnce: ['secret', 'uri'] }), {
  method: 'POST',
  path: '/auth/totp/setup',
  operationId: 'consoleSetUpTotp',
  summary: 'A new authenticator secret (not in force until enabled with a code from it)',
  description:
    'Answers the secret and its otpauth:// URI (show it as a QR code). Setting up again replaces a secret not yet enabled.',
  responses: {
    200: { description: 'The secret', schema: TotpSetupSchema },
    409: { description: 'Two-factor sign-in is on already' },
  },
  handler: async ({ ctx, session }) => ({ status: 200, body: await setUpTotp(totpDeps(ctx), session.user) }),
});

const enableTotpRoute = defineRoute(consoleUser({ role: 'viewer' }), {
  method: 'POST',
  path: '/auth/totp/enable',
  operationId: 'consoleEnableTotp',
  summary: 'Turns two-factor sign-in on, confirmed by the password and a code from the authenticator',
  body: TotpEnableSchema,
  responses: {
    204: { description: 'On: signing in asks for a code from now on; the user’s other sessions are ended' },
    409: { description: 'On already, or not set up' },
    422: { description: 'Wrong password (errors at `password`) or wrong code' },
    429: { description: 'Too many password or code checks of this account (the sign-in limit)' },
  },
  handler: async ({ ctx, session, body }) => {
    countAccountAttempt(ctx.signInAttempts, session.user.email);
    await enableTotp(totpDeps(ctx), session.user, { ...body, sessionId: session.id });
    return { status: 204 };
  },
});

const disableTotpRoute = defineRoute(consoleUser({ role: 'viewer' }), {
  method: 'POST',
  path: '/auth/totp/disable',
  operationId: 'consoleDisableTotp',
  summary: 'Turns two-factor sign-in off, confirmed by a current code or the password',
  body: TotpDisableSchema,
  responses: {
    204: { description: 'Off' },
    409: { description: 'It is off' },
    422: { description: 'Wrong code or password' },
    429: { description: 'Too many password or code checks of this account (the sign-in limit)' },
  },
  handler: async ({ ctx, session, body }) => {
    countAccountAttempt(ctx.signInAttempts, session.user.email);
    await disableTotp(totpDeps(ctx), session.user, body);
    return { status: 204 };
  },
});

export const CONSOLE_AUTH_ROUTES: readonly CloudRoute[] = [
  signInRoute,
  getSessionRoute,
  signOutRoute,
  signOutEverywhereRoute,
  requestPasswordResetRoute,
  completePasswordResetRoute,
  getInvitationRoute,
  acceptInvitationRoute,
  setUpTotpRoute,
  enableTotpRoute,
  disableTotpRoute,
];
