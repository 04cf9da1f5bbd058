// The operator's side of terminals, under /api/admin/v1/merchants/{merchantId}/terminals:
// create (with its activation code), list, rename, deactivate, issue a new code, rotate the
// terminal's X-API-Key. Audited and idempotent like every administration route; activation
// codes are shown once (left out of idempotent replays).
import { z } from 'zod';
import { requireMerchant } from '../merchants/merchants.js';
import { MerchantParams } from '../merchants/merchant-params.js';
import { ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import type { CloudRoute } from '../context.js';
import { operator } from '../operator-access/operator-auth.js';
import { deactivateTerminal, renameTerminal } from './change-terminal.js';
import { createTerminal } from './create-terminal.js';
import { issueActivationCode } from './issue-activation-code.js';
import { rotateTerminalApiKey } from './rotate-terminal-api-key.js';
import { RotateTerminalApiKeyBody, TerminalNameBody } from './terminal-bodies.js';
import { IssuedActivationCode, Terminal, TerminalParams } from './terminal-schemas.js';
import { listTerminals } from './terminal-store.js';

const notFound = { description: 'No such merchant, or no such terminal of it', schema: ProblemSchema };
const conflict = {
  description: 'The terminal’s status does not allow it (deactivated)',
  schema: ProblemSchema,
};
const BASE = '/merchants/{merchantId}/terminals';

const createTerminalRoute = defineRoute(operator({ shownOnce: ['activationCode'] }), {
  method: 'POST',
  path: BASE,
  operationId: 'adminCreateTerminal',
  summary: 'Creates a pending terminal and its activation code (valid 24 h, single use)',
  params: MerchantParams,
  body: TerminalNameBody,
  responses: {
    201: { description: 'The terminal and its code', schema: IssuedActivationCode },
    404: notFound,
  },
  handler: async ({ ctx, params, body }) => ({
    status: 201,
    body: await createTerminal(ctx, { merchantId: params.merchantId, name: body.name }),
  }),
});

const listTerminalsRoute = defineRoute(operator(), {
  method: 'GET',
  path: BASE,
  operationId: 'adminListTerminals',
  summary: "A merchant's terminals, oldest first, deactivated ones included",
  params: MerchantParams,
  responses: {
    200: { description: 'Terminals', schema: z.object({ data: z.array(Terminal) }) },
    404: notFound,
  },
  handler: async ({ ctx, params }) => {
    await requireMerchant(ctx.db, params.merchantId);
    return { status: 200, body: { data: await listTerminals(ctx.db, params.merchantId) } };
  },
});

const renameTerminalRoute = defineRoute(operator(), {
  method: 'PATCH',
  path: `${BASE}/{terminalId}`,
  operationId: 'adminRenameTerminal',
  summary: 'Renames a terminal (the terminal sees it at its next sync)',
  params: TerminalParams,
  body: TerminalNameBody,
  responses: { 200: { description: 'The terminal', schema: Terminal }, 404: notFound },
  handler: async ({ ctx, params, body }) => ({
    status: 200,
    body: await renameTerminal(ctx, { ...params, name: body.name }),
  }),
});

const deactivateTerminalRoute = defineRoute(operator(), {
  method: 'POST',
  path: `${BASE}/{terminalId}/deactivate`,
  operationId: 'adminDeactivateTerminal',
  summary: 'Deactivates a terminal for good: its credential and keys stop working, no code activates it',
  params: TerminalParams,
  responses: { 200: { description: 'The terminal', schema: Terminal }, 404: notFound, 409: conflict },
  handler: async ({ ctx, params }) => ({ status: 200, body: await deactivateTerminal(ctx, params) }),
});

const issueActivationCodeRoute = defineRoute(operator({ shownOnce: ['activationCode'] }), {
  method: 'POST',
  path: `${BASE}/{terminalId}/activation-code`,
  operationId: 'adminIssueActivationCode',
  summary: 'A new activation code (replaces an unused one); using it revokes the old device’s credential',
  params: TerminalParams,
  responses: {
    201: { description: 'The terminal and its code', schema: IssuedActivationCode },
    404: notFound,
    409: conflict,
  },
  handler: async ({ ctx, params }) => ({ status: 201, body: await issueActivationCode(ctx, params) }),
});

const rotateTerminalApiKeyRoute = defineRoute(operator(), {
  method: 'POST',
  path: `${BASE}/{terminalId}/api-key/rotate`,
  operationId: 'adminRotateTerminalApiKey',
  summary: "Rotates an active terminal's X-API-Key; the terminal picks the new key up at its next sync",
  description:
    'The new key is not in this answer: only the terminal receives it. The current key keeps working until the terminal acknowledges the new one, and for `graceSeconds` after.',
  params: TerminalParams,
  body: RotateTerminalApiKeyBody.optional(),
  responses: {
    201: {
      description: 'The terminal and the new key’s id and last four',
      schema: z.object({ terminal: Terminal, apiKey: z.object({ id: z.string(), lastFour: z.string() }) }),
    },
    404: notFound,
    409: conflict,
  },
  handler: async ({ ctx, params, body }) => ({
    status: 201,
    body: await rotateTerminalApiKey(ctx, { ...params, graceSeconds: body?.graceSeconds ?? 86_400 }),
  }),
});

export const TERMINAL_ADMIN_ROUTES: readonly CloudRoute[] = [
  createTerminalRoute,
  listTerminalsRoute,
  renameTerminalRoute,
  deactivateTerminalRoute,
  issueActivationCodeRoute,
  rotateTerminalApiKeyRoute,
];
