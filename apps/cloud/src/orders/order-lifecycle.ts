// The life of an order, as a table. A shop creates a draft; it confirms it (checkout
// completed, paid or promised) or cancels it; the merchant fulfils a confirmed order (rings it
// up and hands it over). Fulfilled and cancelled are final. Version 1 may add statuses, never
// remove a transition.
export const ORDER_STATUSES = ['draft', 'confirmed', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['fulfilled', 'cancelled'],
  fulfilled: [],
  cancelled: [],
};

/** Why a shop cancels, as commerce platforms name it. */
export const CANCEL_REASONS = ['customer', 'fraud', 'inventory', 'declined', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * What asking for `to` means for an order in `from`: a status change, nothing (the order is
 * there already, so a repeated request is harmless), or a refusal.
 */
export type TransitionDecision = 'change' | 'already' | 'refused';

export function decideTransition(from: OrderStatus, to: OrderStatus): TransitionDecision {
  if (from === to) return 'already';
  return ORDER_TRANSITIONS[from].includes(to) ? 'change' : 'refused';
}
