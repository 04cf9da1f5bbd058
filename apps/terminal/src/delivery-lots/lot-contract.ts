import { z } from 'zod';
import { pageFields } from '../http/query-fields.js';
import { moneySchema, oneOfStrings, timestampSchema, vatCodeSchema } from '../http/shared-contract.js';
import { LOT_STATUSES } from './lot-status.js';

const quantitySchema = z.number().multipleOf(0.001);

const lotLineSchema = z
  .strictObject({
    lotLineId: z.string().meta({ description: 'the caller’s key, or the one generated for it' }),
    productId: z.string().nullable(),
    name: z.string(),
    quantity: quantitySchema,
    unitPrice: moneySchema,
    vatCode: vatCodeSchema,
    allowDecimals: z.boolean(),
    discountPercent: z.number(),
    discountAbsolute: moneySchema,
    markupPercent: z.number(),
    markupAbsolute: moneySchema,
  })
  .meta({ id: 'DeliveryLotLine' });

/** The webhook body (spec, Events: Delivery-lot webhook), also shown on the sold lot. */
const lotSaleReportSchema = z
  .strictObject({
    lotId: z.uuid(),
    saleId: z.uuid().meta({ description: 'serverSaleId of the sale (equal to its saleId)' }),
    soldAt: timestampSchema,
    lines: z.array(
      z.strictObject({
        lotLineId: z.string(),
        name: z.string(),
        orderedQty: quantitySchema,
        soldQty: quantitySchema,
        status: oneOfStrings(
          ['sold', 'modified', 'removed'],
          'sold in full, in another quantity, or not at all',
        ),
      }),
    ),
    extraLines: z.array(
      z.strictObject({
        productId: z
          .string()
          .nullable()
          .meta({ description: 'items[].id of the sale; null when it had none' }),
        name: z.string(),
        soldQty: quantitySchema,
        status: oneOfStrings(['added'], 'added by the cashier'),
      }),
    ),
  })
  .meta({ id: 'DeliveryLotSaleReport' });

/** data of the delivery-lot endpoints. */
export const deliveryLotSchema = z
  .strictObject({
    lotId: z.uuid(),
    qrPayload: z.string().meta({ description: 'DL1.<lot id hex>.<check>: see docs/terminal-api.md' }),
    status: oneOfStrings(LOT_STATUSES, 'open, sold, cancelled, or expired (expiresAt passed)'),
    reference: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    expiresAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    closedAt: timestampSchema.nullable().meta({ description: 'when it was sold or cancelled' }),
    lines: z.array(lotLineSchema),
    sale: lotSaleReportSchema
      .nullable()
      .meta({ description: 'what the sale did to the lot; null until sold' }),
    webhook: z
      .strictObject({
        state: oneOfStrings(['pending', 'attempted'], 'pending until the one attempt starts'),
        outcome: z.enum(['delivered', 'failed']).nullable().meta({
          description:
            'delivered (the receiver answered 2xx) or failed (any other answer, none, or an address the terminal may not call); null while pending or when a restart cut the attempt short. The receiver’s status and error text are in the terminal’s log only.',
        }),
        at: timestampSchema.nullable(),
      })
      .nullable()
      .meta({ description: 'null until a lot with a webhookUrl is sold' }),
  })
  .meta({ id: 'DeliveryLot' });

export type DeliveryLotView = z.infer<typeof deliveryLotSchema>;

export const deliveryLotPageSchema = z
  .strictObject({ deliveryLots: z.array(deliveryLotSchema), ...pageFields })
  .meta({ id: 'DeliveryLotPage' });
