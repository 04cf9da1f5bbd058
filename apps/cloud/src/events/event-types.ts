import { z } from 'zod';

/**
 * Event kinds (the X-Service-Event header and the body's `type`). Version 1 only adds kinds;
 * endpoints receive only the kinds they subscribed to, except `ping` which goes to the one
 * endpoint being tested.
 */
const EVENT_TYPES = [
  'order.created',
  'order.updated',
  'product.created',
  'product.updated',
  'product.deleted',
  'inventory.updated',
  'sale.created',
  'sale.updated',
  'refund.created',
  'refund.updated',
  'webhook_endpoint.disabled',
  'ping',
] as const;
export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

/** What an endpoint may subscribe to: everything but ping, which is always sent on request. */
export const SubscribableEventType = EventType.exclude(['ping']);
