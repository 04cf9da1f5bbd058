/**
 * The ECR protocol of the bank card terminal: JSON over HTTP, coded once for the simulator
 * and the terminal's driver (docs/card-terminal-protocol.md). Requests are validated by the
 * card terminal with these schemas, answers by the driver, so neither side can drift.
 *
 * Amounts are integer minor units (bani); the only currency is MDL. Every money operation
 * carries the ECR's own `reference`: the card terminal keeps the first answer under it and
 * answers a repeated request with the same reference with that answer, so a retry never
 * charges, voids or refunds twice.
 */
import { z } from 'zod';

export const ECR_BASE_PATH = '/ecr/v1';
export const ECR_CURRENCY = 'MDL';
/** Largest amount of one transaction: 99,999,999.99 MDL. */
export const ECR_MAX_AMOUNT = 9_999_999_999;

export const ECR_OPERATIONS = ['purchase', 'void', 'refund', 'reversal', 'status'] as const;
export type EcrOperation = (typeof ECR_OPERATIONS)[number];
/** The operations that move money and answer a transaction. */
export type EcrTransactionOperation = 'purchase' | 'void' | 'refund';

/** The ECR's reference of a request: our idempotency and deduplication key. */
const ecrReferenceSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not a reference');
const rrnSchema = z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'not an RRN');
const chequeNumberSchema = z.string().regex(/^\d{1,10}$/, 'not a cheque number');
const authCodeSchema = z.string().regex(/^[A-Za-z0-9]{1,8}$/, 'not an authorisation code');
const amountSchema = z.int().min(1).max(ECR_MAX_AMOUNT);
const currencySchema = z.literal(ECR_CURRENCY);

export const purchaseRequestSchema = z.strictObject({
  reference: ecrReferenceSchema,
  amount: amountSchema,
  currency: currencySchema,
});

/** Voids a purchase of today by the card terminal's cheque number; the RRN is not accepted. */
export const voidRequestSchema = z.strictObject({
  reference: ecrReferenceSchema,
  chequeNumber: chequeNumberSchema,
});

/** Gives back (part of) a purchase by its RRN; some banks also want its authorisation code. */
export const refundRequestSchema = z.strictObject({
  reference: ecrReferenceSchema,
  rrn: rrnSchema,
  amount: amountSchema,
  currency: currencySchema,
  authCode: authCodeSchema.optional(),
});

/** Cancels, whole, the transaction the ECR started under `reference` and could not complete. */
export const reversalRequestSchema = z.strictObject({ reference: ecrReferenceSchema });

export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;
export type VoidRequest = z.infer<typeof voidRequestSchema>;
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export type ReversalRequest = z.infer<typeof reversalRequestSchema>;

const CARD_SCHEMES = ['VISA', 'MASTERCARD'] as const;

/** The answer to a purchase, void or refund (HTTP 200): the bank approved or declined it. */
export const transactionReplySchema = z.strictObject({
  reference: ecrReferenceSchema,
  operation: z.enum(['purchase', 'void', 'refund']),
  result: z.enum(['approved', 'declined']),
  /** The purchase's amount for a void; 0 when a void names no purchase. */
  amount: z.int().min(0).max(ECR_MAX_AMOUNT),
  currency: currencySchema,
  /** Retrieval reference number, 12 characters; null when declined. */
  rrn: z.string().length(12).nullable(),
  authCode: authCodeSchema.nullable(),
  /** The card terminal's own receipt number: what a void names. Null when declined. */
  chequeNumber: chequeNumberSchema.nullable(),
  maskedPan: z
    .string()
    .regex(/^\d{6}\*{2,9}\d{4}$/, 'not a masked PAN')
    .nullable(),
  scheme: z.enum(CARD_SCHEMES).nullable(),
  /** The bank's id of the card terminal. */
  terminalId: z.string().min(1).max(16),
  declineCode: z.string().min(1).max(40).nullable(),
  declineReason: z.string().min(1).max(200).nullable(),
  /** Void and refund: the purchase they are about. */
  original: z.strictObject({ rrn: z.string().length(12), chequeNumber: chequeNumberSchema }).nullable(),
  processedAt: z.iso.datetime(),
});

export type TransactionReply = z.infer<typeof transactionReplySchema>;

/**
 * The answer to a reversal (HTTP 200): `reversed` when a transaction was charged under the
 * reference and is cancelled now (or already was), `not-found` when nothing was charged under
 * it. Either way the reference is closed: a purchase arriving later with it is declined.
 */
export const reversalReplySchema = z.strictObject({
  reference: ecrReferenceSchema,
  operation: z.literal('reversal'),
  result: z.enum(['reversed', 'not-found']),
  processedAt: z.iso.datetime(),
});

export type ReversalReply = z.infer<typeof reversalReplySchema>;

export const statusReplySchema = z.strictObject({
  state: z.literal('ready'),
  terminalId: z.string().min(1).max(16),
  currency: currencySchema,
  protocol: z.literal('ecr/v1'),
  serverTime: z.iso.datetime(),
});

export type StatusReply = z.infer<typeof statusReplySchema>;

/**
 * Why the card terminal did nothing with a request (HTTP 4xx/5xx). Unlike a decline, which is
 * the bank's answer about a transaction, these are about the request or the device.
 */
const ECR_ERROR_CODES = [
  'MALFORMED_REQUEST',
  'NOT_FOUND',
  'REFERENCE_REUSED',
  'AUTH_CODE_REQUIRED',
  'TERMINAL_ERROR',
] as const;
export type EcrErrorCode = (typeof ECR_ERROR_CODES)[number];

export const errorReplySchema = z.strictObject({
  error: z.strictObject({ code: z.enum(ECR_ERROR_CODES), message: z.string() }),
});

export type ErrorReply = z.infer<typeof errorReplySchema>;

export function ecrErrorStatus(code: EcrErrorCode): number {
  switch (code) {
    case 'MALFORMED_REQUEST':
      return 400;
    case 'NOT_FOUND':
      return 404;
    case 'REFERENCE_REUSED':
      return 409;
    case 'AUTH_CODE_REQUIRED':
      return 422;
    case 'TERMINAL_ERROR':
      return 503;
  }
}

/** Decline codes the simulated bank answers (a real bank has more; the driver passes any through). */
export const DECLINE_CODES = {
  DO_NOT_HONOUR: 'Do not honour',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  TRANSACTION_NOT_FOUND: 'No such transaction',
  ALREADY_CANCELLED: 'The transaction was already voided or reversed',
  AMOUNT_EXCEEDS_ORIGINAL: 'The refund exceeds what is left of the purchase',
  AUTH_CODE_MISMATCH: 'The authorisation code does not match the purchase',
  REFERENCE_REVERSED: 'The reference was reversed before the purchase arrived',
} as const;
