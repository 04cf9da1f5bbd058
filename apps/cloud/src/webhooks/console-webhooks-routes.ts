// The console's webhooks: endpoints (list, register, delete, enable or disable), the delivery
// log with every attempt and the receiver's answers, redelivery, a new signing secret (shown
// once, in the answer) and a test event. Each through the use case the integration API's
// webhook routes call. Owners manage endpoints and secrets; managers redeliver and test.
import { consoleUser } from '../console-access/console-user.js';
import { ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { listWebhookDeliveries } from './list-webhook-deliveries.js';
import { pingWebhookEndpoint } from './ping-webhook-endpoint.js';
import { redeliverWebhook } from './redeliver-webhook.js';
import { registerWebhookEndpoint } from './register-webhook-endpoint.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
import { setWebhookEndpointStatus } from './set-webhook-endpoint-status.js';
import {
  CreatedWebhookEndpoint,
  CreateWebhookBody,
  DEFAULT_SECRET_GRACE_SECONDS,
  DeliveryPage,
  DeliveryParams,
  DeliveryQuery,
  EndpointParams,
  presentEndpoint,
  QueuedPing,
  RotatedWebhookSecret,
  WebhookEndpoint,
  WebhookEndpointList,
} from './webhook-schemas.js';
import { listLiveEndpoints } from './webhook-store.js';

const viewer = consoleUser({ role: 'viewer' });
const manager = consoleUser({ role: 'manager' });
const owner = consoleUser({ role: 'owner' });
const notFound = { description: 'No such endpoint of this merchant', schema: ProblemSchema };

const listConsoleWebhooksRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/webhooks',
  operationId: 'listConsoleWebhooks',
  summary: "The merchant's webhook endpoints, enabled or not (never their secrets)",
  responses: {
    200: { description: 'Endpoints', schema: WebhookEndpointList },
  },
  handler: async ({ ctx, user }) => ({
    status: 200,
    body: { data: (await listLiveEndpoints(ctx.db, user.merchantId)).map(presentEndpoint) },
  }),
});

const createConsoleWebhookRoute = defineRoute(consoleUser({ role: 'owner', shownOnce: ['secret'] }), {
  method: 'POST',
  path: '/webhooks',
  operationId: 'createConsoleWebhook',
  summary: 'Registers an https endpoint; its signing secret is in this answer only',
  body: CreateWebhookBody,
  responses: {
    201: { description: 'Registered', schema: CreatedWebhookEndpoint },
    422: { description: 'URL not https or not public, or too many endpoints', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, body }) => ({
    status: 201,
    body: (await registerWebhookEndpoint(ctx, { merchantId: user.merchantId, body })).endpoint,
  }),
});

const deleteConsoleWebhookRoute = defineRoute(owner, {
  method: 'DELETE',
  path: '/webhooks/{id}',
  operationId: 'deleteConsoleWebhook',
  summary: 'Deletes an endpoint; its queued deliveries are dropped, its log kept',
  params: EndpointParams,
  responses: { 204: { description: 'Deleted' }, 404: notFound },
  handler: async ({ ctx, user, params }) => {
    await deleteWebhookEndpoint(ctx.db, { merchantId: user.merchantId, endpointId: params.id });
    return { status: 204 };
  },
});

const statusRoute = (status: 'enabled' | 'disabled') =>
  defineRoute(owner, {
    method: 'POST',
    path: `/webhooks/{id}/${status === 'enabled' ? 'enable' : 'disable'}`,
    operationId: status === 'enabled' ? 'enableConsoleWebhook' : 'disableConsoleWebhook',
    summary:
      status === 'enabled'
        ? 'Enables an endpoint (also one the cloud disabled as gone or failing)'
        : 'Disables an endpoint: no deliveries until enabled; its queued ones fail and can be redelivered later',
    params: EndpointParams,
    responses: { 200: { description: 'The endpoint', schema: WebhookEndpoint }, 404: notFound },
    handler: async ({ ctx, user, params }) => ({
      status: 200,
      body: await setWebhookEndpointStatus(ctx.db, {
        merchantId: user.merchantId,
        endpointId: params.id,
        status,
      }),
    }),
  });

const enableConsoleWebhookRoute = statusRoute('enabled');
const disableConsoleWebhookRoute = statusRoute('disabled');

const listConsoleDeliveriesRoute = defineRoute(viewer, {
  method: 'GET',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listConsoleWebhookDeliveries',
  summary:
    "An endpoint's delivery log, newest first: each delivery with every attempt and the receiver's answer",
  params: EndpointParams,
  query: DeliveryQuery,
  responses: {
    200: { description: 'A page of deliveries', schema: DeliveryPage },
    404: notFound,
  },
  handler: async ({ ctx, user, params, query }) => ({
    status: 200,
    body: await listWebhookDeliveries(ctx.db, {
      merchantId: user.merchantId,
      endpointId: params.id,
      status: query.status,
      cursor: query.cursor,
      limit: query.limit,
    }),
  }),
});

const redeliverConsoleWebhookRoute = defineRoute(manager, {
  method: 'POST',
  path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverConsoleWebhook',
  summary: 'Sends a finished delivery again, with the same webhook id',
  params: DeliveryParams,
  responses: {
    202: { description: 'Queued again' },
    404: { description: 'No such delivery, or its endpoint is disabled', schema: ProblemSchema },
    409: { description: 'The delivery is still pending', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, params }) => {
    await redeliverWebhook(ctx.db, {
      merchantId: user.merchantId,
      endpointId: params.id,
      deliveryId: params.deliveryId,
    });
    ctx.notifyDeliveries();
    return { status: 202 };
  },
});

const rotateConsoleWebhookSecretRoute = defineRoute(consoleUser({ role: 'owner', shownOnce: ['secret'] }), {
  method: 'POST',
  path: '/webhooks/{id}/rotate-secret',
  operationId: 'rotateConsoleWebhookSecret',
  summary: 'A new signing secret, shown in this answer only; the old one signs too for 24 hours',
  params: EndpointParams,
  responses: {
    200: { description: 'The new secret', schema: RotatedWebhookSecret },
    404: notFound,
  },
  handler: async ({ ctx, user, params }) => ({
    status: 200,
    body: await rotateWebhookSecret(ctx, {
      merchantId: user.merchantId,
      endpointId: params.id,
      graceSeconds: DEFAULT_SECRET_GRACE_SECONDS,
    }),
  }),
});

const testConsoleWebhookRoute = defineRoute(manager, {
  method: 'POST',
  path: '/webhooks/{id}/test',
  operationId: 'testConsoleWebhook',
  summary: 'Sends a `ping` event to this endpoint only',
  params: EndpointParams,
  responses: {
    202: { description: 'Queued', schema: QueuedPing },
    404: { description: 'No such endpoint of this merchant, or it is disabled', schema: ProblemSchema },
  },
  handler: async ({ ctx, user, params }) => {
    const eventId = await pingWebhookEndpoint(ctx.db, { merchantId: user.merchantId, endpointId: params.id });
    ctx.notifyDeliveries();
    return { status: 202, body: { eventId } };
  },
});

export const CONSOLE_WEBHOOK_ROUTES = [
  listConsoleWebhooksRoute,
  createConsoleWebhookRoute,
  deleteConsoleWebhookRoute,
  enableConsoleWebhookRoute,
  disableConsoleWebhookRoute,
  listConsoleDeliveriesRoute,
  redeliverConsoleWebhookRoute,
  rotateConsoleWebhookSecretRoute,
  testConsoleWebhookRoute,
];
