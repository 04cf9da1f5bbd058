import { z } from 'zod';
import { ACPS_CODES } from '../payments/acps.js';
import type { ParseResult } from '../validation/validation-issue.js';
import {
  amountField,
  coded,
  flagField,
  parseWithSchema,
  quantityField,
  textField,
  withDefault,
} from '../validation/zod-validation.js';

const refundItemSchema = z.strictObject(
  {
    index: z
      .number(coded('REFUND_ITEM_INVALID'))
      .int(coded('REFUND_ITEM_INVALID'))
      .min(0, coded('REFUND_ITEM_INVALID'))
      .meta({ description: "0-based position in the sale detail's items" }),
    quantity: quantityField('REFUND_QUANTITY_INVALID', 'quantity returned, at most what is left of the line'),
  },
  coded('REFUND_ITEM_INVALID', 'an item must be an object'),
);

const refundPaymentSchema = z.strictObject(
  {
    type: z.enum(ACPS_CODES, coded('PAYMENT_TYPE_INVALID')).meta({ description: 'ACPS payment code' }),
    amount: amountField('PAYMENT_AMOUNT_INVALID', { positive: true }, 'amount given back with this type'),
  },
  coded('PAYMENT_TYPE_INVALID', 'a payment must be an object'),
);

/**
 * POST /api/sales/{saleId}/refund and /refund/quote. Strict: a field the terminal does not know
 * is a VALIDATION_ERROR (UNKNOWN_FIELD) naming it, never ignored, for money must not leave on a
 * request the terminal understood only in part.
 */
export const refundRequestSchema = z.strictObject({
  items: withDefault(
    z
      .array(refundItemSchema, coded('REFUND_ITEM_INVALID'))
      .min(1, coded('REFUND_ITEM_INVALID'))
      .meta({ description: 'lines returned; omitted: everything not yet returned' }),
    null,
  ),
  payments: withDefault(
    z.array(refundPaymentSchema, coded('PAYMENT_TYPE_INVALID')).min(1, coded('PAYMENT_TYPE_INVALID')).meta({
      description:
        'how the money goes back, summing to the refund total; omitted: the way it was paid, proportionally, cash last',
    }),
    null,
  ),
  reason: withDefault(textField('REASON_TOO_LONG', { max: 100 }, 'max 100 characters'), null),
  printReceipt: flagField(true, 'print the refund receipt'),
});

/** Quantities in thousandths, amounts in bani; omitted fields are null. */
export type RefundRequest = z.output<typeof refundRequestSchema>;

export function parseRefundRequest(body: unknown): ParseResult<RefundRequest> {
  return parseWithSchema(refundRequestSchema, body);
}
