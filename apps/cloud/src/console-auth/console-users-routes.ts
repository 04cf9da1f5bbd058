// A merchant's console users: the list (every role reads it), invitations, role changes and
// removals (owners only). Each route is scoped by the session's merchant: another merchant's
// user or invitation id answers 404.
import { z } from 'zod';
import type { AppContext, CloudRoute } from '../context.js';
import { consoleUser } from '../console-access/console-user.js';
import type { ConsoleUserRow } from '../console-users/console-user-store.js';
import {
  inviteConsoleUser,
  listPendingInvitations,
  revokeInvitation,
  type InvitationRow,
} from '../console-users/invitations.js';
import { endAllSessions } from '../console-users/sessions.js';
import {
  changeConsoleUserRole,
  listConsoleUsers,
  removeConsoleUser,
  requireConsoleUser,
} from '../console-users/team.js';
import { totpEnabled } from '../console-users/totp.js';
import { decodeCursor, pageOf, paginate, PageQuery } from '../http/cursor.js';
import { ProblemError } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import {
  ConsoleInvitationSchema,
  ConsoleUserSchema,
  InvitationIdParams,
  InviteSchema,
  InvitedSchema,
  UserIdParams,
  UserRefSchema,
  UserRoleChangeSchema,
} from './console-users-schemas.js';

const presentUser = (user: ConsoleUserRow): z.infer<typeof ConsoleUserSchema> => ({
  id: user.id,
  email: user.email,
  role: user.role,
  totpEnabled: totpEnabled(user),
  createdAt: user.createdAt.toISOString(),
});

const presentInvitation = (row: InvitationRow): z.infer<typeof ConsoleInvitationSchema> => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** The invitation use case as the console and the operator call it. */
export const inviteDeps = (ctx: AppContext) => ({
  db: ctx.db,
  mail: ctx.mail,
  now: ctx.clock.now(),
  ttlMs: ctx.config.console.invitationTtlMs,
  consoleUrl: ctx.consoleUrl(),
});

const listUsersRoute = defineRoute(consoleUser({ role: 'viewer' }), {
  method: 'GET',
  path: '/users',
  operationId: 'consoleListUsers',
  summary: 'The shop’s console users, oldest first',
  query: PageQuery,
  responses: {
    200: { description: 'A page of users', schema: pageOf(ConsoleUserSchema, 'ConsoleUserPage') },
  },
  handler: async ({ ctx, user, query }) => {
    const rows = await listConsoleUsers(ctx.db, {
      merchantId: user.merchantId,
      limit: query.limit,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    });
    const page = paginate(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
    return {
      status: 200,
      body: { data: page.rows.map(presentUser), hasMore: page.hasMore, nextCursor: page.nextCursor },
    };
  },
});

const inviteRoute = defineRoute(consoleUser({ role: 'owner', shownOnce: ['link'] }), {
  method: 'POST',
  path: '/users/invitations',
  operationId: 'consoleInviteUser',
  summary: 'Invites a colleague by e-mail',
  description:
    'Mails a link (`/console/invitation/<token>`, single use, valid 7 days) to the address; a pending invitation of the same address is replaced. Without a mail server (no SMTP_URL) nothing is mailed: `mailed` is false and `link` carries the link for the owner to pass on (it is never shown again).',
  body: InviteSchema,
  responses: {
    201: { description: 'Invited', schema: InvitedSchema },
    409: { description: 'The address already has a console account' },
  },
  handler: async ({ ctx, user, body, request }) => {
    const invited = await inviteConsoleUser(inviteDeps(ctx), {
      merchantId: user.merchantId,
      email: body.email,
      role: body.role,
      invitedBy: user.userId,
    });
    const mailed = invited.mail === 'queued';
    if (!mailed) request.log.warn('an invitation was not mailed (no SMTP_URL): its link is in the answer');
    return {
      status: 201,
      body: { invitation: presentInvitation(invited.invitation), mailed, link: mailed ? null : invited.link },
    };
  },
});

const listInvitationsRoute = defineRoute(consoleUser({ role: 'viewer' }), {
  method: 'GET',
  path: '/users/invitations',
  operationId: 'consoleListInvitations',
  summary: 'Invitations neither accepted, withdrawn nor expired, oldest first',
  responses: {
    200: {
      description: 'Pending invitations',
      schema: z.object({ data: z.array(ConsoleInvitationSchema) }).meta({ id: 'ConsoleInvitationList' }),
    },
  },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: {
      data: (await listPendingInvitations(ctx.db, user.merchantId, ctx.clock.now())).map(presentInvitation),
    },
  }),
});

const revokeInvitationRoute = defineRoute(consoleUser({ role: 'owner' }), {
  method: 'DELETE',
  path: '/users/invitations/{invitationId}',
  operationId: 'consoleRevokeInvitation',
  summary: 'Withdraws a pending invitation: its link stops working',
  params: InvitationIdParams,
  responses: { 204: { description: 'Withdrawn' }, 404: { description: 'No such pending invitation' } },
  handler: async ({ ctx, user, params }) => {
    const revoked = await revokeInvitation(ctx.db, {
      merchantId: user.merchantId,
      invitationId: params.invitationId,
      now: ctx.clock.now(),
    });
    if (!revoked) throw new ProblemError('not_found', `No pending invitation ${params.invitationId}.`);
    return { status: 204 };
  },
});

const changeRoleRoute = defineRoute(consoleUser({ role: 'owner' }), {
  method: 'PATCH',
  path: '/users/{userId}',
  operationId: 'consoleChangeUserRole',
  summary: 'Changes a user’s role (the shop’s last owner keeps theirs)',
  params: UserIdParams,
  body: UserRoleChangeSchema,
  responses: {
    200: { description: 'The user as changed', schema: ConsoleUserSchema },
    404: { description: 'No such user' },
    409: { description: 'The last owner cannot be demoted' },
  },
  handler: async ({ ctx, user, params, body }) => ({
    status: 200,
    body: presentUser(
      await changeConsoleUserRole(ctx.db, {
        merchantId: user.merchantId,
        userId: params.userId,
        role: body.role,
        now: ctx.clock.now(),
      }),
    ),
  }),
});

const removeUserRoute = defineRoute(consoleUser({ role: 'owner' }), {
  method: 'DELETE',
  path: '/users/{userId}',
  operationId: 'consoleRemoveUser',
  summary: 'Removes a user: their sessions end at once (not the shop’s last owner)',
  params: UserIdParams,
  responses: {
    204: { description: 'Removed' },
    404: { description: 'No such user' },
    409: { description: 'The last owner cannot be removed' },
  },
  handler: async ({ ctx, user, params }) => {
    await removeConsoleUser(ctx.db, {
      merchantId: user.merchantId,
      userId: params.userId,
      now: ctx.clock.now(),
    });
    return { status: 204 };
  },
});

const signUserOutRoute = defineRoute(consoleUser({ role: 'owner' }), {
  method: 'POST',
  path: '/users/sign-out-everywhere',
  operationId: 'consoleSignUserOutEverywhere',
  summary: 'Ends every session of a user (a lost phone, a shared computer)',
  description:
    'The user is named in the body: a path under /users/{userId}/ would be ambiguous with /users/invitations/{invitationId}.',
  body: UserRefSchema,
  responses: {
    204: { description: 'Every session of the user ended' },
    404: { description: 'No such user' },
  },
  handler: async ({ ctx, user, body }) => {
    const target = await requireConsoleUser(ctx.db, { merchantId: user.merchantId, userId: body.userId });
    await endAllSessions(ctx.db, target.id);
    return { status: 204 };
  },
});

export const CONSOLE_USERS_ROUTES: readonly CloudRoute[] = [
  listUsersRoute,
  inviteRoute,
  listInvitationsRoute,
  revokeInvitationRoute,
  changeRoleRoute,
  removeUserRoute,
  signUserOutRoute,
];
