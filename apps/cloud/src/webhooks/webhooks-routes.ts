import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { emitEvent } from '../events/emit-event.js';
import { SubscribableEventType } from '../events/event-types.js';
import { decodeCursor, PageQuery, pageOf, paginate } from '../http/cursor.js';
import { ProblemError, ProblemSchema } from '../http/problem.js';
import { defineRoute } from '../http/route.js';
import { newId } from '../ids.js';
import { assertTransition, type DeliveryStatus } from './delivery-lifecycle.js';
import { newSigningSecret } from './signing.js';

/** At most this many live endpoints per merchant. */
export const MAX_ENDPOINTS = 16;

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(SubscribableEventType),
    status: z.enum(['enabled', 'disabled']),
    disabledReason: z.enum(['gone', 'failing']).nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: z.string().describe('Signing secret (whsec_...); shown only in this response'),
}).meta({ id: 'CreatedWebhookEndpoint' });

export const CreateWebhookBody = z
  .object({
    url: z.url().max(2000).describe('https URL on a public address'),
    events: z.array(SubscribableEventType).min(1),
    description: z.string().max(200).optional(),
  })
  .meta({ id: 'CreateWebhook' });

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    status: row.status as WebhookEndpoint['status'],
    disabledReason: row.disabledReason as WebhookEndpoint['disabledReason'],
    createdAt: row.createdAt.toISOString(),
  };
}

async function findEndpoint(db: Db, merchantId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.merchantId, merchantId),
        eq(webhookEndpoints.id, id),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new ProblemError('not_found', `No webhook endpoint ${id}.`);
  return row;
}

const EndpointParams = z.object({ id: z.string().max(100) });

export const createWebhookRoute = defineRoute({
  method: 'POST',
  path: '/webhooks',
  operationId: 'createWebhook',
  summary: 'Registers an https endpoint; the signing secret is returned only here',
  scopes: ['webhooks:manage'],
  body: CreateWebhookBody,
  responses: {
    201: { description: 'Registered', schema: CreatedWebhookEndpoint },
    422: {
      description: 'URL not https or not on a public address, or too many endpoints',
      schema: ProblemSchema,
    },
  },
  handler: async ({ ctx, auth, body }) => {
    const check = await ctx.urlGuard.check(body.url);
    if (!check.ok)
      throw new ProblemError('url_not_allowed', `The URL is refused: ${check.reason}.`, [
        { path: 'body.url', message: check.reason },
      ]);
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, auth.merchantId), isNull(webhookEndpoints.deletedAt)));
    if ((count?.n ?? 0) >= MAX_ENDPOINTS)
      throw new ProblemError('url_not_allowed', `At most ${MAX_ENDPOINTS} endpoints per merchant.`);
    const id = newId('we');
    const secret = newSigningSecret();
    // Stored only sealed; this response is the one place the secret is readable.
    const sealed = ctx.secrets.seal(secret, id);
    const [row] = await ctx.db
      .insert(webhookEndpoints)
      .values({
        id,
        merchantId: auth.merchantId,
        url: check.url.href,
        description: body.description ?? null,
        events: [...new Set(body.events)],
        secretCiphertext: sealed.ciphertext,
        secretKeyId: sealed.keyId,
        status: 'enabled',
      })
      .returning();
    return { status: 201, body: { ...presentEndpoint(row!), secret } };
  },
});

export const listWebhooksRoute = defineRoute({
  method: 'GET',
  path: '/webhooks',
  operationId: 'listWebhooks',
  summary: "The merchant's webhook endpoints (without secrets)",
  scopes: ['webhooks:manage'],
  responses: { 200: { description: 'Endpoints', schema: z.object({ data: z.array(WebhookEndpoint) }) } },
  handler: async ({ ctx, auth }) => {
    const rows = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, auth.merchantId), isNull(webhookEndpoints.deletedAt)))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
    return { status: 200, body: { data: rows.map(presentEndpoint) } };
  },
});

export const deleteWebhookRoute = defineRoute({
  method: 'DELETE',
  path: '/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Deletes an endpoint; its queued deliveries are dropped',
  scopes: ['webhooks:manage'],
  params: EndpointParams,
  responses: {
    204: { description: 'Deleted' },
    404: { description: 'No such endpoint', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    await findEndpoint(ctx.db, auth.merchantId, params.id);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(webhookEndpoints)
        .set({ deletedAt: sql`now()` })
        .where(eq(webhookEndpoints.id, params.id));
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: 'endpoint deleted', leaseUntil: null })
        .where(and(eq(webhookDeliveries.endpointId, params.id), eq(webhookDeliveries.status, 'pending')));
    });
    return { status: 204 };
  },
});

export const pingWebhookRoute = defineRoute({
  method: 'POST',
  path: '/webhooks/{id}/ping',
  operationId: 'pingWebhook',
  summary: 'Queues a `ping` event to this endpoint only',
  scopes: ['webhooks:manage'],
  params: EndpointParams,
  responses: {
    202: { description: 'Queued', schema: z.object({ eventId: z.string() }) },
    404: { description: 'No such endpoint', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    const endpoint = await findEndpoint(ctx.db, auth.merchantId, params.id);
    const emitted = await ctx.db.transaction((tx) =>
      emitEvent(tx, {
        merchantId: auth.merchantId,
        type: 'ping',
        data: { object: { endpointId: endpoint.id } },
        onlyEndpointId: endpoint.id,
      }),
    );
    ctx.notifyDeliveries();
    return { status: 202, body: { eventId: emitted.eventId } };
  },
});

export const DeliveryAttempt = z.object({
  attemptedAt: z.iso.datetime(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable().describe('First 1 KiB of the response body'),
});

export const Delivery = z
  .object({
    id: z.string().describe('The webhook id (X-Service-Webhook-Id), the same on every attempt'),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    attemptLog: z.array(DeliveryAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type Delivery = z.infer<typeof Delivery>;

export const listDeliveriesRoute = defineRoute({
  method: 'GET',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'Delivery log of an endpoint, newest first, with every attempt',
  scopes: ['webhooks:manage'],
  params: EndpointParams,
  query: PageQuery.extend({ status: z.enum(['pending', 'succeeded', 'failed']).optional() }),
  responses: { 200: { description: 'A page of deliveries', schema: pageOf(Delivery, 'DeliveryPage') } },
  handler: async ({ ctx, auth, params, query }) => {
    await findEndpoint(ctx.db, auth.merchantId, params.id);
    const d = webhookDeliveries;
    const conditions: SQL[] = [eq(d.merchantId, auth.merchantId), eq(d.endpointId, params.id)];
    if (query.status) conditions.push(eq(d.status, query.status));
    if (query.cursor) {
      const after = decodeCursor(query.cursor);
      conditions.push(sql`(${d.createdAt}, ${d.id}) < (${after.at}, ${after.id})`);
    }
    const rows = await ctx.db
      .select({ delivery: d, eventType: events.type })
      .from(d)
      .innerJoin(events, eq(events.id, d.eventId))
      .where(and(...conditions))
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(query.limit + 1);
    const page = paginate(rows, query.limit, (r) => ({ at: r.delivery.createdAt, id: r.delivery.id }));
    const ids = page.rows.map((r) => r.delivery.id);
    const attempts = ids.length
      ? await ctx.db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(webhookAttempts.id)
      : [];
    const data: Delivery[] = page.rows.map(({ delivery, eventType }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType,
      status: delivery.status as DeliveryStatus,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      createdAt: delivery.createdAt.toISOString(),
      attemptLog: attempts
        .filter((a) => a.deliveryId === delivery.id)
        .map((a) => ({
          attemptedAt: a.attemptedAt.toISOString(),
          statusCode: a.statusCode,
          latencyMs: a.latencyMs,
          error: a.error,
          responseExcerpt: a.responseExcerpt,
        })),
    }));
    return { status: 200, body: { data, hasMore: page.hasMore, nextCursor: page.nextCursor } };
  },
});

export const redeliverRoute = defineRoute({
  method: 'POST',
  path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhook',
  summary:
    'Sends a finished delivery again, with the same webhook id (receivers deduplicating on it will skip it)',
  scopes: ['webhooks:manage'],
  params: z.object({ id: z.string().max(100), deliveryId: z.string().max(100) }),
  responses: {
    202: { description: 'Queued again' },
    404: { description: 'No such delivery', schema: ProblemSchema },
    409: { description: 'The delivery is still pending', schema: ProblemSchema },
  },
  handler: async ({ ctx, auth, params }) => {
    const endpoint = await findEndpoint(ctx.db, auth.merchantId, params.id);
    if (endpoint.status !== 'enabled')
      throw new ProblemError('not_found', 'The endpoint is disabled; register it again.');
    const [row] = await ctx.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.merchantId, auth.merchantId),
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.id, params.deliveryId),
        ),
      );
    if (!row) throw new ProblemError('not_found', `No delivery ${params.deliveryId}.`);
    if (row.status === 'pending')
      throw new ProblemError('idempotency_conflict', 'The delivery is still pending.');
    assertTransition(row.status as DeliveryStatus, 'pending');
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, leaseUntil: null })
      .where(and(eq(webhookDeliveries.id, params.deliveryId), eq(webhookDeliveries.status, row.status)));
    ctx.notifyDeliveries();
    return { status: 202 };
  },
});
