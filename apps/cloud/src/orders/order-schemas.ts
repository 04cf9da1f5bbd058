// The order resource: what a shop sends and what it gets back.
import { z } from 'zod';
import type { orders } from '../db/schema.js';
import { MAX_LINE_QUANTITY } from '../limits.js';
import { fromMinor, isEmailAddress, toMilli, VAT_CODES } from '@fiscal-pos/fiscal';
import { CANCEL_REASONS, ORDER_STATUSES } from './order-lifecycle.js';

/** An order's id in a path, for the integration API and the console alike. */
export const OrderParams = z.object({ id: z.string().max(100) });

// A bound that fails stops the checks (abort): 1e20 is too big, not also "at most 3 decimals".
const Quantity = z
  .number()
  .positive({ abort: true })
  .max(MAX_LINE_QUANTITY, { abort: true })
  .refine((q) => toMilli(q) !== null, 'at most 3 decimals')
  .describe(`Quantity in units, > 0, at most ${MAX_LINE_QUANTITY}, at most 3 decimals`);

const Address = z.object({
  line1: z.string().min(1).max(200),
  line2: z.string().max(200).optional(),
  city: z.string().min(1).max(100),
  postalCode: z.string().max(20).optional(),
  country: z.string().length(2).default('MD').describe('ISO 3166-1 alpha-2'),
});

const Customer = z.object({
  name: z.string().min(1).max(60),
  // As the terminal checks a receipt's address: RFC 5321 lengths, letters of any script.
  email: z
    .string()
    .max(200)
    .refine(isEmailAddress, 'not an e-mail address (RFC 5321 lengths; letters of any script allowed)')
    .optional(),
  phone: z.string().max(30).optional(),
});

const Delivery = z.object({
  method: z.enum(['pickup', 'courier']),
  address: Address.optional(),
  notes: z.string().max(500).optional(),
});

export const CreateOrderBody = z
  .object({
    externalOrderId: z
      .string()
      .min(1)
      .max(100)
      .describe("The shop's own order id; the idempotency key of this request"),
    customer: Customer,
    delivery: Delivery.optional(),
    note: z.string().max(500).optional(),
    lines: z
      .array(z.object({ productCode: z.string().min(1).max(100), quantity: Quantity }))
      .min(1)
      .max(200),
  })
  .refine((b) => b.delivery?.method !== 'courier' || b.delivery.address !== undefined, {
    message: 'courier delivery needs an address',
    path: ['delivery', 'address'],
  })
  .meta({ id: 'CreateOrder' });
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export const OrderLine = z.object({
  position: z.number().int(),
  productCode: z.string(),
  name: z.object({ ro: z.string(), ru: z.string().optional(), en: z.string().optional() }),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number().describe('VAT-inclusive, MDL'),
  vatCode: z.enum(VAT_CODES),
  vatRate: z.number(),
  amount: z.number().describe('unitPrice × quantity, rounded to bani'),
  vat: z.number(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const Order = z
  .object({
    id: z.string(),
    externalOrderId: z.string(),
    status: z
      .enum(ORDER_STATUSES)
      .describe(
        'draft -> confirmed -> fulfilled; draft or confirmed -> cancelled. More statuses may be added',
      ),
    currency: z.literal('MDL'),
    customer: Customer,
    delivery: Delivery.nullable(),
    note: z.string().nullable(),
    lines: z.array(OrderLine),
    subtotal: z.number(),
    vatTotal: z.number(),
    total: z.number(),
    vatBreakdown: z.array(
      z.object({
        vatCode: z.string(),
        rate: z.number(),
        amount: z.number(),
        vat: z.number(),
        taxableBase: z.number(),
      }),
    ),
    confirmedAt: z.iso.datetime().nullable(),
    fulfilledAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    cancelReason: z.enum(CANCEL_REASONS).nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

/** Lines and breakdown are stored already in API form (they never change after creation). */
export function presentOrder(row: typeof orders.$inferSelect): Order {
  return {
    id: row.id,
    externalOrderId: row.externalOrderId,
    status: row.status as Order['status'],
    currency: 'MDL',
    customer: row.customer as Order['customer'],
    delivery: (row.delivery ?? null) as Order['delivery'],
    note: row.note,
    lines: row.lines as OrderLine[],
    subtotal: fromMinor(row.subtotalMinor),
    vatTotal: fromMinor(row.vatMinor),
    total: fromMinor(row.totalMinor),
    vatBreakdown: row.vatBreakdown as Order['vatBreakdown'],
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    fulfilledAt: row.fulfilledAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason as Order['cancelReason'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const CancelOrderBody = z
  .object({
    reason: z.enum(CANCEL_REASONS).optional().describe('Why the order is cancelled; `other` when absent'),
  })
  .meta({ id: 'CancelOrder' });
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;
