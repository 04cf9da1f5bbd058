/**
 * Structural validation of parsed messages: every required element present and well typed.
 * The parsed tree has string leaves; these schemas turn them into typed values.
 */
import { z } from 'zod';
import { parseMinor } from '@fiscal-pos/fiscal';
import { MEV_OPERATION_FAULT_CODES } from './fault-codes.js';
import { MEV_BATCH_MAX_OPERATIONS, MEV_OPERATION_TYPES } from './messages.js';

const amount = z.string().transform((text, ctx) => {
  const minor = parseMinor(text);
  if (minor === null) {
    ctx.addIssue({ code: 'custom', message: `not an amount with 2 decimals: "${text}"` });
    return z.NEVER;
  }
  return minor;
});

const positiveInt = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'not a positive integer')
  .transform(Number);

const isoTime = z.iso.datetime({ offset: true });
export const uuid = z.string().regex(/^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/, 'not a UUID');
const text = (max: number) => z.string().min(1).max(max);

const vatLineSchema = z.object({
  Code: z.string().regex(/^[A-Z_]$/, 'not a VAT code'),
  Rate: amount.optional(),
  TaxableBase: amount,
  Vat: amount,
  Gross: amount,
});

const paymentSchema = z.object({
  Code: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'not an ACPS code'),
  Amount: amount,
});

export const registerRequestSchema = z.object({
  RegistrationNumber: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not a registration number'),
  OperationId: uuid,
  OperationType: z.enum(MEV_OPERATION_TYPES),
  ReceiptNumber: positiveInt.optional(),
  ReportNumber: positiveInt,
  Total: amount,
  VatLine: z.array(vatLineSchema).default([]),
  Payment: z.array(paymentSchema).default([]),
  OccurredAt: isoTime,
});

export const securityHeaderSchema = z.object({
  Security: z.object({
    UsernameToken: z.object({ Username: text(128), Password: text(256) }),
  }),
});

/**
 * The batch's list only; each operation is validated on its own with registerRequestSchema,
 * so that one malformed operation is refused alone instead of failing its whole batch.
 */
export const batchRequestSchema = z.object({
  Operation: z
    .array(z.unknown())
    .min(1, 'a batch holds at least one Operation')
    .max(MEV_BATCH_MAX_OPERATIONS, `a batch holds at most ${MEV_BATCH_MAX_OPERATIONS} operations`),
});

const registrationSchema = z.object({
  OperationId: uuid,
  MevId: text(128),
  FiscalCode: text(128),
  ServerTime: isoTime,
});

export const registeredReplySchema = z.object({ RegisterFiscalOperationResponse: registrationSchema });

/** Results in request order; a refusal inside a batch can only be about its own operation. */
export const batchReplySchema = z.object({
  RegisterFiscalOperationBatchResponse: z.object({
    Result: z
      .array(
        z.union([
          z.object({ Registered: registrationSchema }),
          z.object({
            Refused: z.object({
              OperationId: uuid.optional(),
              Code: z.enum(MEV_OPERATION_FAULT_CODES),
              Message: z.string().max(4096),
            }),
          }),
        ]),
      )
      .min(1)
      .max(MEV_BATCH_MAX_OPERATIONS),
  }),
});

export const faultReplySchema = z.object({
  Fault: z.object({
    faultcode: text(256),
    faultstring: z.string().max(4096),
    detail: z.object({ MevFault: z.object({ Code: text(64) }) }).optional(),
  }),
});

/** A short, readable list of what failed validation (for fault reasons and logs). */
export function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
