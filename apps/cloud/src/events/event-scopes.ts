// Which key may subscribe to which events: an event carries the data its kind names, so a key
// subscribes only to events whose data it could read through the API (the read routes' scopes).
// Without this, a key holding webhooks:manage alone received every order, sale and stock change.
import type { Scope } from '../keys/scopes.js';
import type { SubscribableEventType as Subscribable } from './event-types.js';
import type { z } from 'zod';

type SubscribableEventType = z.infer<typeof Subscribable>;

const ORDERS: readonly Scope[] = ['orders:read', 'orders:write'];
const PRODUCTS: readonly Scope[] = ['products:read'];
const SALES: readonly Scope[] = ['sales:read'];

/** Any one of these scopes lets a key subscribe to the event (as any one admits to its read routes). */
const EVENT_READ_SCOPES: Record<SubscribableEventType, readonly Scope[]> = {
  'order.created': ORDERS,
  'order.updated': ORDERS,
  'product.created': PRODUCTS,
  'product.updated': PRODUCTS,
  'product.deleted': PRODUCTS,
  // On-hand stock is read by the inventory route and shown on every product.
  'inventory.updated': ['inventory:read', 'products:read'],
  'sale.created': SALES,
  'sale.updated': SALES,
  'refund.created': SALES,
  'refund.updated': SALES,
  'webhook_endpoint.disabled': ['webhooks:manage'],
};

/** The events of `events` that a key with `scopes` may not subscribe to, with their positions. */
export function eventsBeyondScopes(
  events: readonly SubscribableEventType[],
  scopes: readonly string[],
): { index: number; event: SubscribableEventType; needs: readonly Scope[] }[] {
  return events.flatMap((event, index) => {
    const needs = EVENT_READ_SCOPES[event];
    return needs.some((scope) => scopes.includes(scope)) ? [] : [{ index, event, needs }];
  });
}
