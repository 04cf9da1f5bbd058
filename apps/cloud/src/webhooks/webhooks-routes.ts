// The webhook endpoints of the integration API: each handler calls one use case and presents.
import { eventsBeyondScopes } from '../events/event-scopes.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { integrationKey } from '../integration-access/integration-key-auth.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { listWebhookDeliveries } from './list-webhook-deliveries.js';
import { pingWebhookEndpoint } from './ping-webhook-endpoint.js';
import { redeliverWebhook } from './redeliver-webhook.js';
import { registerWebhookEndpoint } from './register-webhook-endpoint.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
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
  RotateWebhookSecretBody,
  WebhookEndpointList,
} from './webhook-schemas.js';
import { listLiveEndpoints } from './webhook-store.js';

export const createWebhookRoute = defineRoute(integrationKey(['webhooks:manage']), {
  method: 'POST',
  path: '/webhooks',
  operationId: 'createWebhook',
  summary: 'Registers an https endpoint; the signing secret is returned only here',
  description:
    'With an Idempotency-Key, a retry by the same API key with the same Idempotency-Key and body returns ' +
    'the endpoint it registered (200, Idempotent-Replayed: true, with its current secret) instead of ' +
    'registering a second one; the same Idempotency-Key with another body is 409.',
  body: CreateWebhookBody,
  idempotencyKey: 'optional',
  responses: {
    201: { description: 'Registered', schema: CreatedWebhookEndpoint },
    200: {
      description: 'Replayed: this Idempotency-Key registered the endpoint before',
      schema: CreatedWebhookEndpoint,
    },
    403: {
      description: "An event carries data the key's scopes cannot read (its read routes' scopes)",
      schema: ProblemSchema,
    },
    409: { description: 'The Idempotency-Key registered another endpoint', schema: ProblemSchema },
    422: {
      description: 'URL not https or not on a public address, or too many endpoints',
      schema: ProblemSchema,
    },
  },
  handler: async ({ ctx, auth, body, idempotencyKey }) => {
    const beyond = eventsBeyondScopes(body.events, auth.scopes);
    if (beyond.length > 0)
      throw new ProblemError(
        'insufficient_scope',
        'This key may not subscribe to events carrying data it cannot read.',
        beyond.map(({ index, event, needs }) => ({
          path: `body.events.${index}`,
          message: `${event} needs one of the scopes: ${needs.join(', ')}`,
        })),
      );
    const result = await registerWebhookEndpoint(ctx, {
      merchantId: auth.merchantId,
      body,
      idempotency: idempotencyKey === undefined ? undefined : { apiKeyId: auth.keyId, key: idempotencyKey },
    });
    if (result.kind === 'replayed')
      return { status: 200, body: result.endpoint, headers: { 'idempotent-replayed': 'true' } };
    return { status: 201, body: result.endpoint };
  },
});

export const listWebhooksRoute = defineRoute(integrationKey(['webhooks:manage']), {
  method: 'GET',
  path: '/webhooks',
  operationId: 'listWebhooks',
  summary: "The merchant's webhook endpoints (without secrets)",
  responses: { 200: { description: 'Endpoints', schema: WebhookEndpointList } },
  handler: async ({ ctx, auth }) => ({
    status: 200,
    body: { data: (await listLiveEndpoints(ctx.db, auth.merchantId)).map(presentEndpoint) },
  }),
});

export const deleteWebhookRoute = defineRoute(integrationKey(['webhooks:manage']), {
  method: 'DELETE',
  path: '/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Deletes an endpoint; its queued deliveries are dropped',
  params: EndpointParams,
  responses: {
    204: { description: 'Deleted' },
    404: { description: 'No such endpoint', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    await deleteWebhookEndpoint(ctx.db, { merchantId: auth.merchantId, endpointId: params.id });
    return { status: 204 };
  },
});

export const pingWebhookRoute = defineRoute(integrationKey(['webhooks:manage']), {
  method: 'POST',
  path: '/webhooks/{id}/ping',
  operationId: 'pingWebhook',
  summary: 'Queues a `ping` event to this endpoint only',
  params: EndpointParams,
  responses: {
    202: { description: 'Queued', schema: QueuedPing },
    404: { description: 'No such endpoint, or it is disabled', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    const eventId = await pingWebhookEndpoint(ctx.db, { merchantId: auth.merchantId, endpointId: params.id });
    ctx.notifyDeliveries();
    return { status: 202, body: { eventId } };
  },
});

export const listDeliveriesRoute = defineRoute(integrationKey(['webhooks:manage']), {
  method: 'GET',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'Delivery log of an endpoint, newest first, with every attempt',
  params: EndpointParams,
  query: DeliveryQuery,
  responses: { 200: { description: 'A page of deliveries', schema: DeliveryPage } },
  handler: async ({ ctx, auth, params, query }) => ({
    status: 200,
    body: await listWebhookDeliveries(ctx.db, {
      merchantId: auth.merchantId,
      endpointId: params.id,
      status: query.status,
      cursor: query.cursor,
      limit: query.limit,
    }),
  }),
});

export const redeliverRoute = defineRoute(integrationKey(['webhooks:manage']), {
  method: 'POST',
  path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhook',
  summary:
    'Sends a finished delivery again, with the same webhook id (receivers deduplicating on it will skip it)',
  params: DeliveryParams,
  responses: {
    202: { description: 'Queued again' },
    404: { description: 'No such delivery, or its endpoint is disabled', schema: ProblemSchema },
    409: { description: 'The delivery is still pending', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    await redeliverWebhook(ctx.db, {
      merchantId: auth.merchantId,
      endpointId: params.id,
      deliveryId: params.deliveryId,
    });
    ctx.notifyDeliveries();
    return { status: 202 };
  },
});

export const rotateWebhookSecretRoute = defineRoute(integrationKey(['webhooks:manage']), {
  method: 'POST',
  path: '/webhooks/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary:
    'Replaces the signing secret; until the grace period ends, deliveries carry a signature with each secret',
  params: EndpointParams,
  body: RotateWebhookSecretBody.optional(),
  responses: {
    200: { description: 'The new secret, shown only here', schema: RotatedWebhookSecret },
    404: { description: 'No such endpoint', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params, body }) => ({
    status: 200,
    body: await rotateWebhookSecret(ctx, {
      merchantId: auth.merchantId,
      endpointId: params.id,
      graceSeconds: body?.graceSeconds ?? DEFAULT_SECRET_GRACE_SECONDS,
    }),
  }),
});
