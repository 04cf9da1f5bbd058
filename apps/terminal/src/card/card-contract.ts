import { toMinor, validationIssue } from '@fiscal-pos/fiscal';
import { ECR_MAX_AMOUNT } from '@fiscal-pos/ecr-protocol';
import { z } from 'zod';
import type { FieldError } from '../domain-error.js';
import type { Parsed } from '../http/define-route.js';
import { moneySchema, timestampSchema } from '../http/shared-contract.js';

/**
 * Validation codes of the card endpoints (details[].code of a VALIDATION_ERROR): the spec's
 * where one fits (PAYMENT_RRN_INVALID, AMOUNT_INVALID), the terminal's own otherwise
 * (documented in docs/terminal-api.md). The *_UNKNOWN and AUTH_CODE_REQUIRED codes are given by
 * the use case, once the journal or the card terminal has been asked.
 */
const CARD_VALIDATION_MESSAGES = {
  CHEQUE_NUMBER_INVALID: 'chequeNumber must be a string of 1-10 digits',
  CHEQUE_NUMBER_UNKNOWN: 'no card payment with this cheque number was charged on this terminal',
  PAYMENT_RRN_INVALID: 'rrn must be a string of 1-12 letters or digits',
  RRN_UNKNOWN: 'no card payment with this RRN was charged on this terminal',
  AMOUNT_INVALID: 'amount must be a number > 0 with at most 2 decimals, at most 99999999.99',
  AUTH_CODE_INVALID: 'authCode must be a string of 1-8 letters or digits',
  AUTH_CODE_REQUIRED: 'the bank needs the authorisation code of the purchase',
} as const;

type CardValidationCode = keyof typeof CARD_VALIDATION_MESSAGES;

/** Every failure of the field, whatever it is (missing, wrong type, out of range), is `code`. */
const coded = (code: CardValidationCode) => ({ error: () => code });

const rrnField = z
  .string(coded('PAYMENT_RRN_INVALID'))
  .regex(/^[A-Za-z0-9]{1,12}$/, coded('PAYMENT_RRN_INVALID'))
  .meta({ description: 'RRN of the card payment (card.rrn of the sale)' });

// Strict, like the fiscal bodies: a misspelt field (`authcode`, `amout`) is refused by name
// (UNKNOWN_FIELD), never dropped: a bank that needs the authorisation code refuses the refund
// without it.
export const cardVoidRequestSchema = z
  .strictObject({
    chequeNumber: z
      .string(coded('CHEQUE_NUMBER_INVALID'))
      .regex(/^\d{1,10}$/, coded('CHEQUE_NUMBER_INVALID'))
      .meta({
        description: 'cheque number of the card payment (card.chequeNumber of the sale); not the RRN',
      }),
  })
  .meta({ id: 'CardVoidRequest' });

export const cardRefundRequestSchema = z
  .strictObject({
    rrn: rrnField,
    amount: z
      .number(coded('AMOUNT_INVALID'))
      .gt(0, coded('AMOUNT_INVALID'))
      .lte(ECR_MAX_AMOUNT / 100, coded('AMOUNT_INVALID'))
      .meta({ description: 'MDL to give back, at most 2 decimals; at most what is left of the payment' })
      .transform((amount, ctx) => {
        const bani = toMinor(amount);
        if (bani === null) {
          ctx.issues.push({ code: 'custom', message: 'AMOUNT_INVALID', input: amount });
          return z.NEVER;
        }
        return bani;
      }),
    authCode: z
      .string(coded('AUTH_CODE_INVALID'))
      .regex(/^[A-Za-z0-9]{1,8}$/, coded('AUTH_CODE_INVALID'))
      .meta({
        description: 'authorisation code of the payment (card.authCode of the sale); some banks need it',
      })
      .nullish()
      .transform((code) => code ?? null),
  })
  .meta({ id: 'CardRefundRequest' });

/**
 * A card request body: the schema (documented and run), every problem reported at once like
 * the other bodies, each under its field's code.
 */
export function cardRequestBody<S extends z.ZodType>(schema: S) {
  return {
    schema,
    parse(body: unknown): Parsed<z.output<S>> {
      const result = schema.safeParse(body);
      if (result.success) return { ok: true, value: result.data };
      const seen = new Set<string>();
      const issues = result.error.issues.flatMap((issue): FieldError[] => {
        if (issue.code === 'unrecognized_keys')
          return issue.keys.map((key) => validationIssue(key, 'UNKNOWN_FIELD'));
        const field = issue.path.map(String).join('.');
        const code = issue.message;
        // Every field is built with coded(); reaching this is a bug in a schema.
        if (!Object.hasOwn(CARD_VALIDATION_MESSAGES, code))
          throw new Error(`uncoded issue at "${field}": ${code}`);
        if (seen.has(field)) return [];
        seen.add(field);
        return [{ field, code, message: CARD_VALIDATION_MESSAGES[code as CardValidationCode] }];
      });
      return { ok: false, issues };
    },
  };
}

/** data of POST /api/card/void and /api/card/refund: the card terminal's approval. */
export const cardOperationResultSchema = z
  .strictObject({
    transactionId: z.uuid().meta({ description: 'the terminal’s reference of this card operation' }),
    operation: z.enum(['void', 'refund']),
    status: z.literal('approved'),
    amount: moneySchema.meta({ description: 'MDL given back to the card' }),
    rrn: z.string().meta({ description: 'RRN of this operation' }),
    authCode: z.string().nullable(),
    chequeNumber: z.string().meta({ description: 'the card terminal’s receipt number of this operation' }),
    maskedPan: z.string().nullable(),
    scheme: z.string().nullable(),
    bankTerminalId: z.string(),
    original: z
      .strictObject({ rrn: z.string().nullable(), chequeNumber: z.string().nullable() })
      .meta({ description: 'the card payment voided or refunded' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'CardOperationResult' });

export type CardOperationResult = z.infer<typeof cardOperationResultSchema>;
