// The fiscal documents a terminal pushes (POST /api/device/v1/documents) and the sales the
// integration API shows (GET /api/public/v1/sales). The device contract speaks integer minor
// units and thousandths, as the terminal stores them; the integration API speaks MDL numbers
// with 2 decimals like its other resources. A receipt's or cash operation's amounts are never
// negative: the type says the direction (a refund or cash-out gives money back), so no sign can
// contradict the type. An X or Z report's are the day's net figures, signed as the terminal
// pushed them (docs/platform.md, "Amounts"): a VAT line negative when the day gave back more of
// it than it sold.
import { fromMilli, fromMinor, VAT_CODES } from '@fiscal-pos/fiscal';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, type DocumentType } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import type { fiscalDocuments } from '../db/schema.js';

export type FiscalDocumentRow = typeof fiscalDocuments.$inferSelect;

/** Receipts: the documents the sales API lists and whose lines move stock. */
export const RECEIPT_TYPES = ['sale', 'refund'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/** A fiscal document's fields as the APIs show them, with the types its audience lists. */
function documentSchema<T extends z.ZodType<DocumentType>>(type: T) {
  return z.object({
    id: z.string(),
    type,
    terminalId: z.string(),
    operationId: z.string().describe("The terminal's fiscal operation id"),
    revision: z.number().int(),
    status: z
      .enum(DOCUMENT_STATUSES)
      .describe('The MEV status: pending, sent, offline (registered later), synced, failed (refused)'),
    createdAt: z.iso.datetime().describe('When the terminal issued it'),
    receivedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    receiptNumber: z.number().int().nullable(),
    reportNumber: z.number().int(),
    fiscalCode: z.string().nullable(),
    offlineFiscalCode: z.string().nullable(),
    mevId: z.string().nullable(),
    saleId: z.string().nullable().describe("The terminal's sale id; for a refund, the refunded sale's"),
    refundId: z.string().nullable(),
    currency: z.literal('MDL'),
    total: z
      .number()
      .describe(
        'MDL; never negative on a receipt or cash operation (a refund gives it back); an X or Z report’s is the ' +
          'day’s net, negative when it gave back more than it sold',
      ),
    vat: z.array(
      z.object({
        code: z.enum(VAT_CODES),
        rate: z.number().nullable().describe('Percent; null: exempt'),
        taxableAmount: z.number(),
        vatAmount: z.number(),
      }),
    ),
    payments: z.array(z.object({ code: z.string().describe('ACPS payment code'), amount: z.number() })),
    lines: z.array(
      z.object({
        position: z.number().int(),
        productId: z.string().nullable(),
        name: z.string(),
        quantity: z.number().describe('Units, 3 decimals'),
        unitPrice: z.number(),
        amount: z.number(),
        vatCode: z.enum(VAT_CODES),
      }),
    ),
  });
}

export const Sale = documentSchema(
  z.enum(RECEIPT_TYPES).describe('sale, or refund (money and stock going back)'),
).meta({ id: 'Sale' });
export type Sale = z.infer<typeof Sale>;

/** Any document a terminal pushed (the console lists them all), with what its paper carried. */
export const FiscalDocument = documentSchema(z.enum(DOCUMENT_TYPES))
  .extend({
    registrationNumber: z
      .string()
      .nullable()
      .describe("The fiscal device's registration number; null if the terminal did not send it"),
    verificationUrl: z
      .string()
      .nullable()
      .describe("The tax service's check link the receipt's QR code holds; null on other documents"),
    change: z.number().nullable().describe('Change given in cash (sales); null when not sent'),
    timeZone: z
      .string()
      .describe(
        "The IANA time zone of the document's calendar day and printed time: its terminal's when it was " +
          'issued (Europe/Chisinau for documents of terminals that did not report theirs)',
      ),
  })
  .meta({ id: 'FiscalDocument' });
export type FiscalDocument = z.infer<typeof FiscalDocument>;

/** The sale resource, also the object of the sale.* and refund.* events. */
export function presentSale(row: FiscalDocumentRow & { type: ReceiptType }): Sale {
  return { ...presentFields(row), type: row.type };
}

export function presentDocument(row: FiscalDocumentRow): FiscalDocument {
  return {
    ...presentFields(row),
    type: row.type,
    registrationNumber: row.registrationNumber,
    verificationUrl: row.verificationUrl,
    change: row.changeMinor === null ? null : fromMinor(row.changeMinor),
    timeZone: row.timeZone,
  };
}

function presentFields(row: FiscalDocumentRow): Omit<Sale, 'type'> {
  return {
    id: row.id,
    terminalId: row.terminalId,
    operationId: row.operationId,
    revision: row.revision,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    receiptNumber: row.receiptNumber,
    reportNumber: row.reportNumber,
    fiscalCode: row.fiscalCode,
    offlineFiscalCode: row.offlineFiscalCode,
    mevId: row.mevId,
    saleId: row.saleId,
    refundId: row.refundId,
    currency: 'MDL',
    total: fromMinor(row.totalMinor),
    vat: row.vat.map((v) => ({
      code: v.code,
      rate: v.rateBp === null ? null : v.rateBp / 100,
      taxableAmount: fromMinor(v.taxableAmount),
      vatAmount: fromMinor(v.vatAmount),
    })),
    payments: row.payments.map((p) => ({ code: p.code, amount: fromMinor(p.amount) })),
    lines: row.lines.map((l) => ({
      position: l.position,
      productId: l.productId,
      name: l.name,
      quantity: fromMilli(l.quantityMilli),
      unitPrice: fromMinor(l.unitPrice),
      amount: fromMinor(l.amount),
      vatCode: l.vatCode,
    })),
  };
}

export const isReceipt = (row: FiscalDocumentRow): row is FiscalDocumentRow & { type: ReceiptType } =>
  (RECEIPT_TYPES as readonly string[]).includes(row.type);
