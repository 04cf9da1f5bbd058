import { FISCAL_OPERATION_STATUSES } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { pageFields } from '../http/query-fields.js';
import { cursorPageFields } from '../fiscal-operations/cursor-contract.js';
import { saleRefundSchema } from './refund-contract.js';
import {
  acpsCodeSchema,
  documentNumberSchema,
  moneySchema,
  oneOfStrings,
  saleVatEntrySchema,
  timestampSchema,
  vatCodeSchema,
} from '../http/shared-contract.js';

const operationStatusSchema = z.enum(FISCAL_OPERATION_STATUSES).meta({
  description: 'status of the fiscal operation with the fiscal server',
});

/** Always set for a sale; the record type also serves X/Z reports, which have none. */
const receiptNumberSchema = documentNumberSchema
  .nullable()
  .meta({ description: 'sequential within the current Z report' });

/** The shift a sale was recorded in (it joins the open shift, or opens one). */
const saleShiftFields = {
  shiftId: z.uuid().meta({ description: 'the shift the sale was recorded in (GET /api/shifts/{shiftId})' }),
  shiftNumber: documentNumberSchema.meta({ description: 'number of that shift' }),
};

/** What the card terminal gave for a payment the terminal charged itself (no `rrn` in the request). */
const cardChargeSchema = z
  .strictObject({
    rrn: z.string().meta({ description: 'retrieval reference number; what a card refund names' }),
    authCode: z
      .string()
      .nullable()
      .meta({ description: 'authorisation code; some banks want it for a refund' }),
    chequeNumber: z
      .string()
      .meta({ description: 'the card terminal’s receipt number; what a card void names' }),
    maskedPan: z.string().nullable().meta({ description: 'card number, masked' }),
    scheme: z.string().nullable().meta({ description: 'VISA, MASTERCARD, ...' }),
    bankTerminalId: z.string().meta({ description: 'the bank’s id of the card terminal' }),
    status: oneOfStrings(
      ['approved', 'cancelling', 'cancelled'],
      'approved; cancelling/cancelled when the terminal takes the charge back because the sale was refused',
    ),
  })
  .meta({ id: 'CardCharge' });

/** One payment of a sale, as sent, with its card charge. */
const salePaymentSchema = z
  .strictObject({
    paymentType: acpsCodeSchema,
    amount: moneySchema,
    rrn: z
      .string()
      .nullable()
      .meta({ description: 'the RRN sent, or the card terminal’s when the terminal charged the card' }),
    notes: z.string().nullable(),
    card: cardChargeSchema
      .nullable()
      .meta({ description: 'set when the terminal charged this payment on its card terminal' }),
  })
  .meta({ id: 'SalePayment' });

/** data of POST /api/sales. */
export const saleResultSchema = z
  .strictObject({
    saleId: z.uuid(),
    purchaseId: z.uuid(),
    serverSaleId: z.uuid().meta({ description: 'equal to saleId: the terminal is the server of its sales' }),
    fiscalOperationId: z.uuid(),
    ...saleShiftFields,
    receiptNumber: receiptNumberSchema,
    reportNumber: documentNumberSchema,
    fiscalCode: z.string().meta({
      description:
        'fiscal code from the fiscal server; the offline fiscal code until the sale is synchronised',
    }),
    mevId: z.string().nullable().meta({ description: 'null while offline' }),
    isOffline: z.boolean(),
    offlineFiscalCode: z
      .string()
      .nullable()
      .meta({ description: 'set when issued offline; kept after sync' }),
    status: operationStatusSchema,
    total: moneySchema,
    subtotal: moneySchema.meta({ description: 'before the cart discount' }),
    amountReceived: moneySchema,
    change: moneySchema,
    vatBreakdown: z.record(z.string(), saleVatEntrySchema),
    paymentBreakdown: z.array(z.strictObject({ type: acpsCodeSchema, amount: moneySchema })),
    payments: z.array(salePaymentSchema).meta({
      description:
        'the payments as sent, in order, with the card terminal’s result where it charged the card',
    }),
    qrCodeData: z.url().meta({ description: 'verification URL of the receipt' }),
    mevResponseXml: z.string().meta({ description: 'SOAP reply of the fiscal server; empty while offline' }),
    receiptDelivery: z
      .strictObject({ smsSent: z.boolean(), emailSent: z.boolean() })
      .nullable()
      .meta({ description: 'delivery was requested (not confirmed); null when none was requested' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'SaleResult' });

export type SaleResult = z.infer<typeof saleResultSchema>;

/** How a sale is identified in the list and the detail. */
const saleIdentityFields = {
  id: z.uuid(),
  purchaseId: z.uuid(),
  serverSaleId: z.uuid(),
  fiscalOperationId: z.uuid(),
  ...saleShiftFields,
  cashierId: z.string().nullable(),
  cashierName: z.string().nullable(),
};

/** Item of GET /api/sales. */
const saleSummarySchema = z
  .strictObject({
    ...saleIdentityFields,
    subtotal: moneySchema,
    total: moneySchema,
    paymentAmount: moneySchema.meta({ description: 'amount received' }),
    changeAmount: moneySchema,
    paymentType: z
      .string()
      .nullable()
      .meta({ description: 'label of the primary payment type, e.g. "cash"' }),
    status: oneOfStrings(
      FISCAL_OPERATION_STATUSES,
      'synchronisation status: the status of the sale’s fiscal operation',
    ),
    createdAt: timestampSchema,
  })
  .meta({ id: 'SaleSummary' });

export type SaleSummary = z.infer<typeof saleSummarySchema>;

/** data of GET /api/sales. */
export const saleListPageSchema = z
  .strictObject({ sales: z.array(saleSummarySchema), ...pageFields, ...cursorPageFields })
  .meta({ id: 'SaleListPage' });

/** data of GET /api/sales/{saleId}. */
export const saleDetailSchema = z
  .strictObject({
    ...saleIdentityFields,
    subtotal: moneySchema,
    cartDiscountAmount: moneySchema,
    cartMarkupAmount: moneySchema,
    total: moneySchema,
    amountReceived: moneySchema,
    changeAmount: moneySchema,
    delivery: z
      .strictObject({
        customerPhone: z.string().nullable(),
        customerEmail: z.string().nullable(),
        customerName: z.string().nullable(),
        language: oneOfStrings(['ro', 'en', 'ru'], 'receipt language'),
      })
      .nullable(),
    createdAt: timestampSchema,
    items: z.array(
      z.strictObject({
        productId: z.string().nullable().meta({ description: 'items[].id of the request' }),
        lotLineId: z.string().nullable().meta({
          description: 'the delivery-lot line this item sold; null for an extra line or a sale of no lot',
        }),
        productName: z.string(),
        quantity: z.number().multipleOf(0.001),
        unitPrice: moneySchema,
        originalPrice: moneySchema.meta({ description: 'unitPrice × quantity, before adjustments' }),
        discountAmount: moneySchema,
        markupAmount: moneySchema,
        netAmount: moneySchema,
        vatCode: vatCodeSchema,
        vatPercent: z.number().min(0).max(100),
        vatAmount: moneySchema,
        returnedQuantity: z
          .number()
          .multipleOf(0.001)
          .meta({ description: 'returned by the refunds that stand (POST /api/sales/{saleId}/refund)' }),
      }),
    ),
    payments: z.array(salePaymentSchema),
    refunds: z
      .array(saleRefundSchema)
      .meta({ description: 'the sale’s refunds, oldest first, refused ones included' }),
    deliveries: z
      .array(
        z.strictObject({
          channel: oneOfStrings(['email', 'sms'], 'how the receipt is sent'),
          recipient: z.string(),
          refundId: z.uuid().nullable().meta({ description: 'set for the receipt of a refund of this sale' }),
          status: oneOfStrings(
            ['queued', 'sent', 'failed'],
            'queued: not sent yet (retried); sent: the server took it; failed: given up',
          ),
          attempts: z.number().int().min(0),
          lastError: z.string().nullable(),
          sentAt: timestampSchema.nullable(),
        }),
      )
      .meta({
        description: 'the receipts sent to the customer (delivery of the request), per channel (extension)',
      }),
    fiscalOperation: z.strictObject({
      id: z.uuid(),
      mevId: z.string().nullable(),
      fiscalCode: z
        .string()
        .nullable()
        .meta({ description: 'from the fiscal server; null until synchronised' }),
      offlineFiscalCode: z.string().nullable(),
      receiptNumber: receiptNumberSchema,
      reportNumber: documentNumberSchema,
      status: operationStatusSchema,
      isOffline: z.boolean(),
      errorMessage: z.string().nullable().meta({ description: 'the refusal reason when status is failed' }),
      mevResponseXml: z.string().nullable().meta({ description: 'null until the fiscal server answered' }),
      qrCodeData: z.url(),
    }),
  })
  .meta({ id: 'SaleDetail' });

export type SaleDetail = z.infer<typeof saleDetailSchema>;
