import { FISCAL_OPERATION_STATUSES } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import {
  acpsCodeSchema,
  documentNumberSchema,
  moneySchema,
  saleVatEntrySchema,
  timestampSchema,
} from '../http/shared-contract.js';

const statusSchema = z.enum(FISCAL_OPERATION_STATUSES).meta({
  description: 'status of the refund’s fiscal operation with the fiscal server',
});

/** data of POST /api/sales/{saleId}/refund. */
export const refundResultSchema = z
  .strictObject({
    refundId: z.uuid(),
    saleId: z.uuid(),
    fiscalOperationId: z.uuid(),
    receiptNumber: documentNumberSchema.meta({ description: 'sequential within the current Z report' }),
    reportNumber: documentNumberSchema,
    fiscalCode: z.string().meta({
      description:
        'fiscal code from the fiscal server; the offline fiscal code until the refund is synchronised',
    }),
    mevId: z.string().nullable().meta({ description: 'null while offline' }),
    isOffline: z.boolean(),
    offlineFiscalCode: z.string().nullable(),
    status: statusSchema,
    total: moneySchema.meta({ description: 'amount given back' }),
    vatBreakdown: z.record(z.string(), saleVatEntrySchema),
    paymentBreakdown: z.array(z.strictObject({ type: acpsCodeSchema, amount: moneySchema })),
    qrCodeData: z.url().meta({ description: 'verification URL of the refund receipt' }),
    mevResponseXml: z.string().meta({ description: 'SOAP reply of the fiscal server; empty while offline' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'RefundResult' });

export type RefundResult = z.infer<typeof refundResultSchema>;

/** A refund as GET /api/sales/{saleId} lists it. */
export const saleRefundSchema = z
  .strictObject({
    refundId: z.uuid(),
    fiscalOperationId: z.uuid(),
    status: statusSchema.meta({ description: 'a refused (failed) refund gave nothing back' }),
    total: moneySchema,
    reason: z.string().nullable(),
    items: z.array(
      z.strictObject({
        index: z.number().int().min(0).meta({ description: 'position in the sale’s items' }),
        quantity: z.number().multipleOf(0.001),
        amount: moneySchema,
      }),
    ),
    payments: z.array(z.strictObject({ type: acpsCodeSchema, amount: moneySchema })),
    createdAt: timestampSchema,
  })
  .meta({ id: 'SaleRefund' });

export type SaleRefund = z.infer<typeof saleRefundSchema>;
