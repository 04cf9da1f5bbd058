// The console's Activity page: who changed what in the shop, newest first, from the audit log
// (run-audited-change.ts). Console users' changes and sign-ins, and the operator's changes to
// this merchant's things. Managers and owners read it (docs/console.md, Roles); it holds no
// secrets, as the log holds no bodies: only the name each changed thing had then.
import { z } from 'zod';
import { consoleUser } from '../console-access/console-user.js';
import type { CloudRoute } from '../context.js';
import { decodeCursor, PageQuery, pageOf, paginate } from '../http/cursor.js';
import { ProblemError } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { listMerchantAudit, type AuditRow } from '../audit/audit-store.js';
import { SUBJECT_KINDS, subjectOfPath } from '../audit/audit-subjects.js';

const CONSOLE_API = '/api/console/v1';

/** The console's resources: the first segment of its change routes' paths. */
const CONSOLE_RESOURCES = [
  'auth',
  'users',
  'terminals',
  'integration-keys',
  'integration-module',
  'categories',
  'cashiers',
  'products',
  'content-blocks',
  'orders',
  'webhooks',
] as const;

const ActivityQuery = PageQuery.extend({
  actor: z
    .string()
    .max(100)
    .optional()
    .describe('A console user’s id (GET /users), or `operator` for the operator’s changes'),
  resource: z.enum(CONSOLE_RESOURCES).optional().describe('Changes to this part of the console only'),
});

const ActivityEntry = z
  .object({
    id: z.string(),
    at: z.iso.datetime(),
    actor: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('operator') }),
      z.object({
        kind: z.literal('console_user'),
        userId: z.string(),
        email: z.string().describe('The address the user had then'),
      }),
    ]),
    operation: z
      .string()
      .describe('The operationId of the request (consoleCreateTerminal, adminCreateTerminal, ...)'),
    subject: z
      .object({
        kind: z.enum(SUBJECT_KINDS),
        id: z
          .string()
          .nullable()
          .describe('Null when not known: a refused create, a create before migration 0019'),
        name: z
          .string()
          .nullable()
          .describe('Its name when the change was made (a product’s in Romanian); null before it was kept'),
      })
      .nullable()
      .describe('What was changed; null for changes to no one thing (signing in, an import)'),
    method: z.string(),
    path: z.string().describe('The request path, with the ids of what was changed'),
    status: z.int().describe('The HTTP status answered: a refused request is listed too'),
    replayed: z.boolean().describe('A retry with an Idempotency-Key that got the first answer again'),
  })
  .meta({ id: 'ConsoleActivityEntry' });

/** What a row says was changed; a row from before subjects were kept gets its kind and id from its path. */
function subjectOf(row: AuditRow): z.infer<typeof ActivityEntry>['subject'] {
  if (row.subjectKind !== null) {
    const kind = SUBJECT_KINDS.find((k) => k === row.subjectKind);
    if (kind) return { kind, id: row.subjectId, name: row.subjectName };
  }
  const subject = subjectOfPath(row.operation, row.path);
  return subject ? { kind: subject.kind, id: subject.id ?? null, name: null } : null;
}

const present = (row: AuditRow): z.infer<typeof ActivityEntry> => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actor:
    row.actorKind === 'console_user'
      ? { kind: 'console_user', userId: row.actorUserId ?? '', email: row.actorEmail ?? '' }
      : { kind: 'operator' },
  operation: row.operation,
  subject: subjectOf(row),
  method: row.method,
  path: row.path,
  status: row.status,
  replayed: row.replayed,
});

/** The audit row id a cursor carries. */
function beforeIdOf(cursor: string): number {
  const id = Number(decodeCursor(cursor).id);
  if (!Number.isSafeInteger(id))
    throw new ProblemError('invalid_request', 'The cursor is not one this API returned.', [
      { path: 'query.cursor', message: 'invalid cursor' },
    ]);
  return id;
}

const listActivityRoute = defineRoute(consoleUser({ role: 'manager' }), {
  method: 'GET',
  path: '/activity',
  operationId: 'consoleListActivity',
  summary: 'Who changed what in the shop, newest first',
  description:
    'Every change made in the console (and by the operator on this merchant), refused ones included, ' +
    'and every sign-in (refused ones of an existing account too), with who made it and what was ' +
    'changed, by the name it had then. Never what was sent: no keys, passwords or codes.',
  query: ActivityQuery,
  responses: {
    200: { description: 'A page of changes', schema: pageOf(ActivityEntry, 'ConsoleActivityPage') },
  },
  handler: async ({ ctx, user, query }) => {
    const rows = await listMerchantAudit(ctx.db, {
      merchantId: user.merchantId,
      actor: query.actor,
      under: query.resource === undefined ? undefined : `${CONSOLE_API}/${query.resource}`,
      beforeId: query.cursor === undefined ? undefined : beforeIdOf(query.cursor),
      limit: query.limit,
    });
    const page = paginate(rows, query.limit, (row) => ({ at: row.at, id: String(row.id) }));
    return {
      status: 200,
      body: { data: page.rows.map(present), hasMore: page.hasMore, nextCursor: page.nextCursor },
    };
  },
});

export const CONSOLE_ACTIVITY_ROUTES: readonly CloudRoute[] = [listActivityRoute];
