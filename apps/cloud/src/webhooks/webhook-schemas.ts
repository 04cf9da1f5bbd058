// The webhook resources as the API shows them, and the conversion from stored rows. One schema
// per resource for both audiences that answer it: the integration API (/api/public/v1/webhooks)
// and the merchant console (/api/console/v1/webhooks).
import { z } from 'zod';
import type { webhookEndpoints } from '../db/schema.js';
import { SubscribableEventType } from '../events/event-types.js';
import { PageQuery, pageOf } from '../http/cursor.js';

export const EndpointParams = z.object({ id: z.string().max(100) });
export const DeliveryParams = EndpointParams.extend({ deliveryId: z.string().max(100) });

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(SubscribableEventType),
    status: z.enum(['enabled', 'disabled']),
    disabledReason: z
      .enum(['gone', 'failing', 'manual'])
      .nullable()
      .describe(
        'gone: the receiver answered 410; failing: it failed for days; manual: the merchant disabled it',
      ),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = z.object({ data: z.array(WebhookEndpoint) });

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
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function presentEndpoint(row: EndpointRow): WebhookEndpoint {
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

const DeliveryAttempt = z.object({
  attemptedAt: z.iso.datetime(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable().describe('First 1 KiB of the response body'),
});

const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const Delivery = z
  .object({
    id: z.string().describe('The webhook id (X-Service-Webhook-Id), the same on every attempt'),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(DELIVERY_STATUSES),
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

/** The answer to a test event (`ping`) queued for one endpoint. */
export const QueuedPing = z.object({ eventId: z.string() });

export const DeliveryQuery = PageQuery.extend({ status: z.enum(DELIVERY_STATUSES).optional() });
export const DeliveryPage = pageOf(Delivery, 'DeliveryPage');

const DAY_SECONDS = 86_400;
/** How long a replaced signing secret signs too when the caller does not say: 24 hours. */
export const DEFAULT_SECRET_GRACE_SECONDS = DAY_SECONDS;

export const RotateWebhookSecretBody = z
  .object({
    graceSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * DAY_SECONDS)
      .default(DEFAULT_SECRET_GRACE_SECONDS)
      .describe('How long the replaced secret keeps signing (default 24 h, at most 7 days; 0 ends it now)'),
  })
  .meta({ id: 'RotateWebhookSecret' });

export const RotatedWebhookSecret = z
  .object({
    secret: z.string().describe('The new signing secret (whsec_...)'),
    previousSecretExpiresAt: z.iso
      .datetime()
      .nullable()
      .describe('Until then the replaced secret signs too; null when it was retired at once'),
  })
  .meta({ id: 'RotatedWebhookSecret' });
