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

/** What the bank's card terminal gave for a card refund: what reconciles it with the bank. */
const cardRefundSchema = z
  .strictObject({
    rrn: z.string().meta({ description: 'retrieval reference number of the card refund' }),
    authCode: z.string().nullable().meta({ description: 'authorisation code of the card refund' }),
    chequeNumber: z.string().meta({ description: 'the card terminal’s receipt number of the card refund' }),
    maskedPan: z.string().nullable().meta({ description: 'card number, masked' }),
    scheme: z.string().nullable().meta({ description: 'VISA, MASTERCARD, ...' }),
    bankTerminalId: z.string().meta({ description: 'the bank’s id of the card terminal' }),
  })
  .meta({ id: 'CardRefund' });

/** One way the money went back, with the card refund when it went back on the card terminal. */
const refundPaymentSchema = z
  .strictObject({
    paymentType: acpsCodeSchema,
    amount: moneySchema,
    card: cardRefundSchema
      .nullable()
      .meta({ description: 'set when the terminal gave this money back on its card terminal' }),
  })
  .meta({ id: 'RefundPayment' });

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
    payments: z.array(refundPaymentSchema).meta({
      description:
        'how the money went back, one entry per card refund made (with the bank’s RRN, authorisation code and cheque number) and per remaining amount of each type',
    }),
    qrCodeData: z.url().meta({ description: 'verification URL of the refund receipt' }),
    mevResponseXml: z.string().meta({ description: 'SOAP reply of the fiscal server; empty while offline' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'RefundResult' });

export type RefundResult = z.infer<typeof refundResultSchema>;

/** data of POST /api/sales/{saleId}/refund/quote: what the same refund request would give back now. */
export const refundQuoteSchema = z
  .strictObject({
    saleId: z.uuid(),
    total: moneySchema.meta({ description: 'amount the refund would give back' }),
    items: z
      .array(
        z.strictObject({
          index: z.number().int().min(0).meta({ description: 'position in the sale’s items' }),
          quantity: z.number().multipleOf(0.001),
          amount: moneySchema.meta({
            description: 'what this line gives back: its share of the line’s amount',
          }),
          vatAmount: moneySchema.meta({
            description: 'the VAT that goes back with it: the same share of the line’s VAT on the sale',
          }),
        }),
      )
      .meta({
        description: 'the lines returned, in the order of the request (all that is left when omitted)',
      }),
    vatBreakdown: z.record(z.string(), saleVatEntrySchema).meta({ description: 'VAT given back per code' }),
    paymentBreakdown: z.array(z.strictObject({ type: acpsCodeSchema, amount: moneySchema })).meta({
      description: 'how the money would go back: as requested, or by default the way it was paid, cash last',
    }),
  })
  .meta({ id: 'RefundQuote' });

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
