// The console's fleet under /api/console/v1: the overview, terminals, integration keys and the
// integration module. Every change calls the use case the administration API calls (terminals/,
// keys/, merchants/): one writer per resource. The session's merchant scopes every request; a
// terminal or key of another merchant is 404. Roles: docs/console.md.
import { activationLink } from '@fiscal-pos/platform-protocol';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { consoleUser } from '../console-access/console-user.js';
import type { AppContext, CloudRoute } from '../context.js';
import { decodeCursor, encodeCursor, PageQuery } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import {
  CreatedIntegrationKey,
  CreateKeyBody,
  IntegrationSwitch,
  KeyParams,
  RotateKeyBody,
} from '../keys/key-schemas.js';
import { createKey, listKeys, revokeKey, rotateKey } from '../keys/keys.js';
import { requireMerchant, setIntegrationActive } from '../merchants/merchants.js';
import { deactivateTerminal, renameTerminal } from '../terminals/change-terminal.js';
import { createTerminal } from '../terminals/create-terminal.js';
import { issueActivationCode } from '../terminals/issue-activation-code.js';
import { rotateTerminalApiKey } from '../terminals/rotate-terminal-api-key.js';
import {
  RotateTerminalApiKeyBody,
  TerminalIdParams,
  TerminalNameBody,
} from '../terminals/terminal-bodies.js';
import { fleetOverview } from './fleet-overview.js';
import {
  ConsoleActivation,
  ConsoleKey,
  ConsoleKeyPage,
  ConsoleTerminal,
  ConsoleTerminalKeyRotation,
  ConsoleTerminalPage,
  ConsoleTerminalTest,
  FleetOverviewSchema,
  presentKey,
  presentOverview,
  presentTerminal,
  presentTest,
} from './fleet-schemas.js';
import { fleetTerminals } from './fleet-terminals.js';
import { testTerminal } from './test-terminal.js';

const viewer = consoleUser({ role: 'viewer' });
const manager = consoleUser({ role: 'manager' });
const owner = consoleUser({ role: 'owner' });

const noTerminal = { description: 'No such terminal of this merchant', schema: ProblemSchema };
const statusConflict = { description: 'The terminal’s status does not allow it', schema: ProblemSchema };
const noKey = { description: 'No such live key of this merchant', schema: ProblemSchema };

/** One terminal as the console shows it, or 404. */
async function consoleTerminal(ctx: AppContext, merchantId: string, terminalId: string) {
  const [terminal] = await fleetTerminals(ctx.db, {
    merchantId,
    terminalId,
    now: ctx.clock.now(),
    relayUrl: ctx.config.relayPublicUrl,
  });
  if (!terminal) throw new ProblemError('not_found', `No terminal ${terminalId}.`);
  return presentTerminal(terminal);
}

/** The cloud's address for the QR code: CLOUD_PUBLIC_URL, else the one the console was reached at. */
const cloudUrlOf = (ctx: AppContext, request: FastifyRequest) =>
  ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

const overviewRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/overview',
  operationId: 'consoleFleetOverview',
  summary: 'The fleet at a glance: terminals online or last seen, health, alerts, sales today and this week',
  responses: { 200: { description: 'The overview', schema: FleetOverviewSchema } },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: presentOverview(await fleetOverview(ctx, user.merchantId)),
  }),
});

const listTerminalsRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/terminals',
  operationId: 'consoleListTerminals',
  summary: 'The merchant’s terminals, oldest first, deactivated ones included',
  query: PageQuery,
  responses: { 200: { description: 'A page of terminals', schema: ConsoleTerminalPage } },
  handler: async ({ ctx, user, query }) => {
    const rows = await fleetTerminals(ctx.db, {
      merchantId: user.merchantId,
      now: ctx.clock.now(),
      relayUrl: ctx.config.relayPublicUrl,
      limit: query.limit,
      ...(query.cursor === undefined ? {} : { after: decodeCursor(query.cursor) }),
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const hasMore = rows.length > query.limit;
    return {
      status: 200,
      body: {
        data: page.map(presentTerminal),
        hasMore,
        nextCursor: hasMore && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      },
    };
  },
});

const getTerminalRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/terminals/{terminalId}',
  operationId: 'consoleGetTerminal',
  summary: 'One terminal with its health and alerts',
  params: TerminalIdParams,
  responses: { 200: { description: 'The terminal', schema: ConsoleTerminal }, 404: noTerminal },
  handler: async ({ ctx, user, params }) => ({
    status: 200,
    body: await consoleTerminal(ctx, user.merchantId, params.terminalId),
  }),
});

const createTerminalRoute = defineRoute(consoleUser({ role: 'owner', shownOnce: ['activation'] }), {
  method: 'POST',
  path: '/terminals',
  operationId: 'consoleCreateTerminal',
  summary: 'Creates a terminal and its activation code (shown once, valid 24 h) with the QR code’s text',
  body: TerminalNameBody,
  responses: { 201: { description: 'The terminal and its activation', schema: ConsoleActivation } },
  handler: async ({ ctx, user, body, request }) => {
    const issued = await createTerminal(ctx, { merchantId: user.merchantId, name: body.name });
    return {
      status: 201,
      body: {
        terminal: await consoleTerminal(ctx, user.merchantId, issued.terminal.id),
        activation: {
          code: issued.activationCode,
          expiresAt: issued.activationCodeExpiresAt,
          qrPayload: activationLink(cloudUrlOf(ctx, request), issued.activationCode),
        },
      },
      headers: { 'cache-control': 'no-store' },
    };
  },
});

const issueCodeRoute = defineRoute(consoleUser({ role: 'owner', shownOnce: ['activation'] }), {
  method: 'POST',
  path: '/terminals/{terminalId}/activation-code',
  operationId: 'consoleIssueActivationCode',
  summary: 'A new activation code (a replaced or reset device); using it retires the old device',
  params: TerminalIdParams,
  responses: {
    201: { description: 'The terminal and its activation', schema: ConsoleActivation },
    404: noTerminal,
    409: statusConflict,
  },
  handler: async ({ ctx, user, params, request }) => {
    const issued = await issueActivationCode(ctx, {
      merchantId: user.merchantId,
      terminalId: params.terminalId,
    });
    return {
      status: 201,
      body: {
        terminal: await consoleTerminal(ctx, user.merchantId, params.terminalId),
        activation: {
          code: issued.activationCode,
          expiresAt: issued.activationCodeExpiresAt,
          qrPayload: activationLink(cloudUrlOf(ctx, request), issued.activationCode),
        },
      },
      headers: { 'cache-control': 'no-store' },
    };
  },
});

const renameTerminalRoute = defineRoute(manager, {
  method: 'PATCH',
  path: '/terminals/{terminalId}',
  operationId: 'consoleRenameTerminal',
  summary: 'Renames a terminal (it sees the name at its next sync)',
  params: TerminalIdParams,
  body: TerminalNameBody,
  responses: { 200: { description: 'The terminal', schema: ConsoleTerminal }, 404: noTerminal },
  handler: async ({ ctx, user, params, body }) => {
    await renameTerminal(ctx, {
      merchantId: user.merchantId,
      terminalId: params.terminalId,
      name: body.name,
    });
    return { status: 200, body: await consoleTerminal(ctx, user.merchantId, params.terminalId) };
  },
});

const deactivateTerminalRoute = defineRoute(owner, {
  method: 'POST',
  path: '/terminals/{terminalId}/deactivate',
  operationId: 'consoleDeactivateTerminal',
  summary: 'Deactivates a terminal for good: its credential and keys stop working',
  params: TerminalIdParams,
  responses: {
    200: { description: 'The terminal', schema: ConsoleTerminal },
    404: noTerminal,
    409: statusConflict,
  },
  handler: async ({ ctx, user, params }) => {
    await deactivateTerminal(ctx, { merchantId: user.merchantId, terminalId: params.terminalId });
    return { status: 200, body: await consoleTerminal(ctx, user.merchantId, params.terminalId) };
  },
});

const rotateTerminalKeyRoute = defineRoute(owner, {
  method: 'POST',
  path: '/terminals/{terminalId}/api-key/rotate',
  operationId: 'consoleRotateTerminalApiKey',
  summary: 'Rotates the terminal’s X-API-Key; the terminal picks the new key up at its next sync',
  description:
    'The new key goes to the terminal only; ERPs read it there. The current key keeps working for graceSeconds after.',
  params: TerminalIdParams,
  body: RotateTerminalApiKeyBody.optional(),
  responses: {
    201: {
      description: 'The terminal and the new key’s id and last four',
      schema: ConsoleTerminalKeyRotation,
    },
    404: noTerminal,
    409: statusConflict,
  },
  handler: async ({ ctx, user, params, body }) => {
    const { apiKey } = await rotateTerminalApiKey(ctx, {
      merchantId: user.merchantId,
      terminalId: params.terminalId,
      graceSeconds: body?.graceSeconds ?? 86_400,
    });
    return {
      status: 201,
      body: { terminal: await consoleTerminal(ctx, user.merchantId, params.terminalId), apiKey },
    };
  },
});

// It waits on the relay: no transaction is held open meanwhile.
const testTerminalRoute = defineRoute(consoleUser({ role: 'manager', transactional: false }), {
  method: 'POST',
  path: '/terminals/{terminalId}/test',
  operationId: 'consoleTestTerminal',
  summary: 'Calls the terminal’s GET /api/health through the relay and says what came back',
  params: TerminalIdParams,
  responses: {
    200: {
      description: 'What the test found (a terminal that did not answer is an outcome, not an error)',
      schema: ConsoleTerminalTest,
    },
    404: noTerminal,
    409: statusConflict,
  },
  handler: async ({ ctx, user, params }) => ({
    status: 200,
    body: presentTest(
      await testTerminal(ctx, { merchantId: user.merchantId, terminalId: params.terminalId }),
    ),
  }),
});

const listKeysRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/integration-keys',
  operationId: 'consoleListIntegrationKeys',
  summary:
    'The merchant’s integration keys, oldest first, revoked and expired ones included (never the keys)',
  query: PageQuery,
  responses: { 200: { description: 'A page of keys', schema: ConsoleKeyPage } },
  handler: async ({ ctx, user, query }) => {
    const rows = await listKeys(ctx.db, user.merchantId, {
      limit: query.limit,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const hasMore = rows.length > query.limit;
    const now = ctx.clock.now();
    return {
      status: 200,
      body: {
        data: page.map((k) => presentKey(k, now)),
        hasMore,
        nextCursor: hasMore && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      },
    };
  },
});

const createKeyRoute = defineRoute(consoleUser({ role: 'owner', shownOnce: ['key'] }), {
  method: 'POST',
  path: '/integration-keys',
  operationId: 'consoleCreateIntegrationKey',
  summary: 'Issues an integration key; the key is in this answer only',
  body: CreateKeyBody,
  responses: { 201: { description: 'The key, shown this once', schema: CreatedIntegrationKey } },
  handler: async ({ ctx, user, body }) => {
    const created = await createKey(ctx.db, {
      merchantId: user.merchantId,
      scopes: [...new Set(body.scopes)],
      ...(body.name ? { name: body.name } : {}),
    });
    const { merchantId: _merchant, ...key } = created;
    return { status: 201, body: key, headers: { 'cache-control': 'no-store' } };
  },
});

const rotateKeyRoute = defineRoute(consoleUser({ role: 'owner', shownOnce: ['key'] }), {
  method: 'POST',
  path: '/integration-keys/{keyId}/rotate',
  operationId: 'consoleRotateIntegrationKey',
  summary: 'Issues the key’s successor (shown once); the old key works until the grace period ends',
  params: KeyParams,
  body: RotateKeyBody.optional(),
  responses: {
    201: {
      description: 'The successor, with its key (in this answer only)',
      schema: CreatedIntegrationKey.extend({
        previousKeyId: z.string(),
        previousKeyValidUntil: z.iso.datetime(),
      }),
    },
    404: noKey,
    409: { description: 'The key was already rotated: rotate its successor', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, params, body }) => {
    const graceSeconds = body?.graceSeconds ?? 86_400;
    const created = await rotateKey(ctx.db, params.keyId, graceSeconds, user.merchantId);
    if (!created) throw new ProblemError('not_found', `No live key ${params.keyId}.`);
    const { merchantId: _merchant, ...key } = created;
    return {
      status: 201,
      body: {
        ...key,
        previousKeyId: params.keyId,
        previousKeyValidUntil: new Date(ctx.clock.now().getTime() + graceSeconds * 1000).toISOString(),
      },
      headers: { 'cache-control': 'no-store' },
    };
  },
});

const revokeKeyRoute = defineRoute(owner, {
  method: 'POST',
  path: '/integration-keys/{keyId}/revoke',
  operationId: 'consoleRevokeIntegrationKey',
  summary: 'The key stops working now',
  params: KeyParams,
  responses: { 200: { description: 'The key, revoked', schema: ConsoleKey }, 404: noKey },
  handler: async ({ ctx, user, params }) => {
    if (!(await revokeKey(ctx.db, params.keyId, user.merchantId)))
      throw new ProblemError('not_found', `No live key ${params.keyId}.`);
    const key = (await listKeys(ctx.db, user.merchantId)).find((k) => k.id === params.keyId);
    if (!key) throw new ProblemError('not_found', `No key ${params.keyId}.`);
    return { status: 200, body: presentKey(key, ctx.clock.now()) };
  },
});

const getModuleRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/integration-module',
  operationId: 'consoleGetIntegrationModule',
  summary: 'Whether the integration API is on for this merchant (off: every key answers 403)',
  responses: { 200: { description: 'The switch', schema: IntegrationSwitch } },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: { active: (await requireMerchant(ctx.db, user.merchantId)).integrationActive },
  }),
});

const setModuleRoute = defineRoute(owner, {
  method: 'PUT',
  path: '/integration-module',
  operationId: 'consoleSetIntegrationModule',
  summary: 'Turns the integration API on or off for this merchant',
  body: IntegrationSwitch,
  responses: { 200: { description: 'The switch as set', schema: IntegrationSwitch } },
  handler: async ({ ctx, user, body }) => {
    await setIntegrationActive(ctx.db, user.merchantId, body.active);
    return { status: 200, body: { active: body.active } };
  },
});

export const FLEET_CONSOLE_ROUTES: readonly CloudRoute[] = [
  overviewRoute,
  listTerminalsRoute,
  getTerminalRoute,
  createTerminalRoute,
  renameTerminalRoute,
  issueCodeRoute,
  deactivateTerminalRoute,
  rotateTerminalKeyRoute,
  testTerminalRoute,
  listKeysRoute,
  createKeyRoute,
  rotateKeyRoute,
  revokeKeyRoute,
  getModuleRoute,
  setModuleRoute,
];
