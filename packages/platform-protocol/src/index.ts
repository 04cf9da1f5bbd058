// The fiscal documents a terminal pushes to its cloud (POST /api/device/v1/documents), one
// contract for both ends: the cloud validates pushes with these schemas and the terminal builds
// its documents to their type. Integer minor units and thousandths, as the terminal stores them.
// A receipt's or cash operation's amounts are never negative: the type says the direction (a
// refund or cash-out gives money back), so no sign can contradict the type. A report's are the
// day's net figures, signed as its paper prints them: a day whose returns of a VAT code exceeded
// its sales has that line negative, which no type could say (docs/platform.md, "Amounts").
import { ACPS_CODES, VAT_CODES } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { Instant } from './instant.js';
import { TimeZone } from './time-zone.js';

export const DOCUMENT_TYPES = ['sale', 'refund', 'cash_in', 'cash_out', 'x_report', 'z_report'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The reports: their amounts are the day's net figures, which may be negative. */
const REPORT_DOCUMENT_TYPES = ['x_report', 'z_report'] as const satisfies readonly DocumentType[];

export const isReportDocument = (type: DocumentType): boolean =>
  (REPORT_DOCUMENT_TYPES as readonly DocumentType[]).includes(type);

export const DOCUMENT_STATUSES = ['pending', 'sent', 'offline', 'synced', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** Batch size of one push: big enough to drain an outbox quickly, small enough for one transaction. */
const MAX_DOCUMENTS_PER_PUSH = 200;
const MAX_LINES = 500;
/**
 * A sale or refund has a VAT line per code, but an X or Z report has one per code and rate its
 * day met: the day's returns give back the VAT their sales charged, at the rates of the days
 * they were sold (docs/terminal-api.md, "VAT rates"). Not bounded by the six codes, then: a
 * refused push holds back every later document, so the bound is far above any real day.
 */
const MAX_VAT_LINES = 100;
/** Integer columns (revision, numbers, positions) are 32-bit: larger values are refused, not stored. */
const MAX_INT = 2_147_483_647;
/** 10^12 bani = 10 billion MDL: far beyond any receipt, far inside exact JS integers. */
const MAX_MINOR = 1_000_000_000_000;
/** 10^9 thousandths = a million units on one line. */
const MAX_QUANTITY_MILLI = 1_000_000_000;

const Minor = z.number().int().min(0).max(MAX_MINOR).describe('Integer minor units (bani), never negative');
/** An amount a report may carry negative; a receipt's or cash operation's is refused below zero (`PushedDocument`). */
const SignedMinor = z
  .number()
  .int()
  .min(-MAX_MINOR)
  .max(MAX_MINOR)
  .describe('Integer minor units (bani); negative only on an X or Z report');
const Count = z.number().int().min(0).max(MAX_INT);
const Code = z.string().min(1).max(100);

const DocumentVat = z.object({
  code: z.enum(VAT_CODES),
  rateBp: z.number().int().min(0).max(10_000).nullable().describe('Basis points (2000 = 20 %); null: exempt'),
  taxableAmount: SignedMinor,
  vatAmount: SignedMinor,
});

const DocumentPayment = z.object({
  code: z.enum(ACPS_CODES).describe('ACPS payment code'),
  amount: SignedMinor,
});

const DocumentLine = z.object({
  position: z
    .number()
    .int()
    .min(0)
    .max(MAX_LINES * 10),
  productId: z
    .string()
    .min(1)
    .max(100)
    .nullable()
    .describe('The catalog product (prod_...) the line was sold from; null for free-text lines'),
  name: z.string().min(1).max(200),
  quantityMilli: z.number().int().min(1).max(MAX_QUANTITY_MILLI).describe('Thousandths of the unit, > 0'),
  unitPrice: Minor,
  amount: Minor.describe('What the line cost after discounts, VAT included'),
  vatCode: z.enum(VAT_CODES),
});

export const PushedDocument = z
  .object({
    operationId: z.uuid().describe("The terminal's fiscal operation id; unique per terminal"),
    revision: z
      .number()
      .int()
      .min(1)
      .max(MAX_INT)
      .describe('Bumped by the terminal at each change of fiscal status'),
    type: z.enum(DOCUMENT_TYPES),
    createdAt: Instant.describe('When the terminal issued the document'),
    receiptNumber: Count.nullable(),
    reportNumber: Count,
    status: z.enum(DOCUMENT_STATUSES).describe('The MEV status; failed: the tax server refused it'),
    fiscalCode: Code.nullable(),
    offlineFiscalCode: Code.nullable(),
    mevId: Code.nullable(),
    total: SignedMinor.describe(
      'Minor units: a receipt or cash operation never negative (the type gives the direction); a report the ' +
        'day’s net, negative when its returns exceeded its sales',
    ),
    vat: z.array(DocumentVat).max(MAX_VAT_LINES),
    payments: z.array(DocumentPayment).max(20),
    saleId: Code.nullable().describe("A sale's own id; for a refund, the refunded sale's id"),
    refundId: Code.nullable(),
    lines: z.array(DocumentLine).max(MAX_LINES),
    // What the paper receipt carries beside the figures, for the merchant console's receipt view.
    // Optional: terminals before them push documents without them.
    registrationNumber: Code.nullable()
      .optional()
      .describe("The fiscal device's registration number with the tax service (NR. INREGISTRARE)"),
    verificationUrl: z
      .url()
      .max(500)
      .nullable()
      .optional()
      .describe("The tax service's receipt check link the receipt's QR code holds; null on other documents"),
    change: Minor.nullable().optional().describe('Change given in cash on a sale (REST), minor units'),
    timeZone: TimeZone.optional().describe(
      "The terminal's IANA time zone (TZ) as it pushes the document: the cloud fixes the document's calendar " +
        'day and printed time with it when it first stores it. Absent (terminals before it): Europe/Chisinau',
    ),
  })
  .refine((d) => new Set(d.lines.map((l) => l.position)).size === d.lines.length, {
    // A line's position names its stock movement: two lines at one position would move once.
    message: 'line positions must be unique',
    path: ['lines'],
  })
  .superRefine((d, ctx) => {
    if (isReportDocument(d.type)) return;
    for (const [path, amount] of signedAmounts(d))
      if (amount < 0)
        ctx.addIssue({
          code: 'custom',
          message: `a ${d.type} is never negative: its type gives the direction`,
          path,
        });
  })
  .meta({ id: 'PushedFiscalDocument' });
export type PushedDocument = z.output<typeof PushedDocument>;

/** The amounts a report may carry negative, with their paths in the document. */
function signedAmounts(
  d: Pick<PushedDocument, 'total' | 'vat' | 'payments'>,
): [(string | number)[], number][] {
  return [
    [['total'], d.total],
    ...d.vat.flatMap((v, i): [(string | number)[], number][] => [
      [['vat', i, 'taxableAmount'], v.taxableAmount],
      [['vat', i, 'vatAmount'], v.vatAmount],
    ]),
    ...d.payments.map((p, i): [(string | number)[], number] => [['payments', i, 'amount'], p.amount]),
  ];
}

export const PushDocumentsBody = z
  .object({ documents: z.array(PushedDocument).min(1).max(MAX_DOCUMENTS_PER_PUSH) })
  .meta({ id: 'PushFiscalDocuments' });

const INGEST_OUTCOMES = ['created', 'updated', 'unchanged'] as const;
export type IngestOutcome = (typeof INGEST_OUTCOMES)[number];

export const PushDocumentsResult = z
  .object({
    results: z
      .array(z.object({ operationId: z.string(), outcome: z.enum(INGEST_OUTCOMES) }))
      .describe('One per pushed document, in the order pushed'),
  })
  .meta({ id: 'PushFiscalDocumentsResult' });
export type PushDocumentsResult = z.infer<typeof PushDocumentsResult>;
export * from './device-credential.js';
export * from './pin-verifier.js';
export * from './device-api.js';
export * from './activation-link.js';
export * from './time-zone.js';
export * from './instant.js';
