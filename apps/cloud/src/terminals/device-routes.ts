// The device API under /api/device/v1: what an activated terminal calls in the cloud, with its
// device credential. Activation itself takes no credential (it issues one) and is limited per
// client address (config.activationRateLimit). More device routes (catalog feed, document push)
// are declared with defineRoute(deviceCredential, …) the same way and reach only request's own terminal.
import { catalogChangesSince } from '../catalog/catalog-changes.js';
import { PushDocumentsBody, PushDocumentsResult } from '@fiscal-pos/platform-protocol';
import { ingestDocuments } from '../documents/ingest-documents.js';
import {
  AcknowledgeApiKeyBody,
  ActivateBody,
  Activation,
  CatalogFeed,
  CatalogFeedQuery,
  DeviceHealthReport,
  DeviceTerminal,
  RotatedCredential,
} from '@fiscal-pos/platform-protocol';
import { ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import type { CloudRoute } from '../context.js';
import { deviceCredential } from '../device-access/device-auth.js';
import { openDevice } from '../open-access/open-device.js';
import { activateTerminal } from './activate-terminal.js';
import { rotateDeviceCredential } from '../device-access/device-credentials.js';
import { showDeviceTerminal } from './show-device-terminal.js';
import { acknowledgeApiKey } from './terminal-api-keys.js';
import { recordTerminalHealth } from './record-health.js';
import { requireKnownTimeZones } from './known-time-zones.js';

const activationAttempts = openDevice((ctx) => ({
  limiter: ctx.activationAttempts,
  refusal: `This address may try ${ctx.config.activationRateLimit.max} activation codes per window; retry after the Retry-After header's seconds.`,
}));

const activateRoute = defineRoute(activationAttempts, {
  method: 'POST',
  path: '/activate',
  operationId: 'deviceActivate',
  summary: 'Exchanges an activation code, once, for the terminal’s identity, credential and X-API-Key',
  body: ActivateBody,
  responses: {
    200: { description: 'Activated; the credential and key are in this answer only', schema: Activation },
    422: {
      description:
        'invalid_activation_code, activation_code_used or activation_code_expired; nothing changed',
      schema: ProblemSchema,
    },
  },
  handler: async ({ ctx, body }) => ({ status: 200, body: await activateTerminal(ctx, body.code) }),
});

const getTerminalRoute = defineRoute(deviceCredential, {
  method: 'GET',
  path: '/terminal',
  operationId: 'deviceGetTerminal',
  summary: 'The calling terminal: name, status, merchant identity and a rotated X-API-Key waiting for it',
  responses: { 200: { description: 'The terminal', schema: DeviceTerminal } },
  handler: async ({ ctx, device }) => ({ status: 200, body: await showDeviceTerminal(ctx, device) }),
});

const acknowledgeApiKeyRoute = defineRoute(deviceCredential, {
  method: 'POST',
  path: '/terminal/api-key/ack',
  operationId: 'deviceAcknowledgeApiKey',
  summary: 'The terminal stored its rotated X-API-Key: the cloud drops its copy; repeating it is harmless',
  body: AcknowledgeApiKeyBody,
  responses: {
    204: { description: 'Acknowledged' },
    404: { description: 'No such key for this terminal', schema: ProblemSchema },
  },
  handler: async ({ ctx, device, body }) => {
    await acknowledgeApiKey(ctx.db, { terminalId: device.terminalId, keyId: body.id, now: ctx.clock.now() });
    return { status: 204 };
  },
});

const rotateCredentialRoute = defineRoute(deviceCredential, {
  method: 'POST',
  path: '/credential/rotate',
  operationId: 'deviceRotateCredential',
  summary: 'A new device credential; the current one works until the new one is first used',
  responses: { 200: { description: 'The new credential (in this answer only)', schema: RotatedCredential } },
  handler: async ({ ctx, device }) => ({
    status: 200,
    body: {
      deviceCredential: await ctx.db.transaction((tx) => rotateDeviceCredential(tx, device, ctx.clock.now())),
    },
  }),
});

const catalogFeedRoute = defineRoute(deviceCredential, {
  method: 'GET',
  path: '/catalog',
  operationId: 'deviceCatalogFeed',
  summary: 'The merchant’s catalog changes after a cursor (version order, tombstones, paging)',
  description:
    'See "Catalog feed" in docs/platform.md. Start with cursor=0; follow nextCursor until complete.',
  query: CatalogFeedQuery,
  responses: { 200: { description: 'Changes after the cursor', schema: CatalogFeed } },
  handler: async ({ ctx, device, query }) => ({
    status: 200,
    body: await catalogChangesSince(ctx.db, device.merchantId, Number(query.cursor), query.limit),
  }),
});

const pushDocumentsRoute = defineRoute(deviceCredential, {
  method: 'POST',
  path: '/documents',
  operationId: 'devicePushDocuments',
  summary: 'Fiscal documents from the terminal’s outbox, deduplicated by operation id and revision',
  description:
    'See "Fiscal documents" in docs/platform.md. One transaction per push; a retry of the same push changes nothing.',
  body: PushDocumentsBody,
  responses: {
    200: { description: 'What became of each document, in the order pushed', schema: PushDocumentsResult },
    400: { description: 'A document failed validation; nothing was stored', schema: ProblemSchema },
  },
  handler: async ({ ctx, device, body }) => {
    await requireKnownTimeZones(
      ctx.db,
      body.documents.map((d, i) => [`body.documents.${i}.timeZone`, d.timeZone] as const),
    );
    const { results, changed } = await ingestDocuments(ctx.db, device, body.documents);
    if (changed) ctx.notifyDeliveries();
    return { status: 200, body: { results } satisfies PushDocumentsResult };
  },
});

const reportHealthRoute = defineRoute(deviceCredential, {
  method: 'POST',
  path: '/health',
  operationId: 'deviceReportHealth',
  summary: 'The terminal’s health now (every minute and on change); the cloud keeps the latest',
  description:
    'See "Health report" in docs/platform.md. Replaces the previous report of this terminal; the merchant console shows it and alerts on it.',
  body: DeviceHealthReport,
  responses: {
    204: { description: 'Kept' },
    400: { description: 'The report failed validation; nothing was kept', schema: ProblemSchema },
  },
  handler: async ({ ctx, device, body }) => {
    await requireKnownTimeZones(ctx.db, [['body.timeZone', body.timeZone]]);
    await recordTerminalHealth(ctx.db, device, body, ctx.clock.now());
    return { status: 204 };
  },
});

export const DEVICE_ROUTES: readonly CloudRoute[] = [
  activateRoute,
  getTerminalRoute,
  acknowledgeApiKeyRoute,
  rotateCredentialRoute,
  catalogFeedRoute,
  pushDocumentsRoute,
  reportHealthRoute,
];
