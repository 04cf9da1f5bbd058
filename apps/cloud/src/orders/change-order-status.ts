// Moves an order along its lifecycle (order-lifecycle.ts) and emits `order.updated` with the
// previous status in the same transaction. Asking for the status the order already has changes
// nothing and emits nothing, so a retried request is harmless.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orders } from '../db/schema.js';
import { emitEvent } from '../events/emit-event.js';
import { ProblemError } from '../http/problem.js';
import { decideTransition, type CancelReason, type OrderStatus } from './order-lifecycle.js';
import { presentOrder, type Order } from './order-schemas.js';

export type ChangeOrderStatusResult =
  { kind: 'changed'; order: Order; previousStatus: OrderStatus } | { kind: 'unchanged'; order: Order };

export interface ChangeOrderStatusOptions {
  merchantId: string;
  orderId: string;
  to: OrderStatus;
  /** Recorded when `to` is `cancelled`. */
  cancelReason?: CancelReason;
}

/** The column stamped when an order enters each status. */
const STAMPED = {
  draft: undefined,
  confirmed: 'confirmedAt',
  fulfilled: 'fulfilledAt',
  cancelled: 'cancelledAt',
} as const satisfies Record<OrderStatus, keyof typeof orders.$inferSelect | undefined>;

export async function changeOrderStatus(
  db: Db,
  options: ChangeOrderStatusOptions,
): Promise<ChangeOrderStatusResult> {
  const { merchantId, orderId, to } = options;
  return db.transaction(async (tx) => {
    // The row lock orders concurrent changes of one order: each decides on the status the
    // previous one committed.
    const [current] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)))
      .for('update')
      .limit(1);
    if (!current) throw new ProblemError('not_found', `No order ${orderId}.`);
    const from = current.status as OrderStatus;
    const decision = decideTransition(from, to);
    if (decision === 'already') return { kind: 'unchanged', order: presentOrder(current) };
    if (decision === 'refused')
      throw new ProblemError('order_status_conflict', `A ${from} order cannot become ${to}.`);

    const stamped = STAMPED[to];
    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: sql`now()`,
        ...(stamped ? { [stamped]: sql`now()` } : {}),
        ...(to === 'cancelled' ? { cancelReason: options.cancelReason ?? 'other' } : {}),
      })
      .where(eq(orders.id, current.id))
      .returning();
    const order = presentOrder(updated!);
    await emitEvent(tx, {
      merchantId,
      type: 'order.updated',
      data: { object: order, previousAttributes: changedAttributes(presentOrder(current), order) },
    });
    return { kind: 'changed', order, previousStatus: from };
  });
}

/** The attributes that differ, with their values before the change (as Stripe's events carry them). */
function changedAttributes(before: Order, after: Order): Partial<Order> {
  return Object.fromEntries(
    Object.entries(before).filter(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(after[name as keyof Order]),
    ),
  );
}
