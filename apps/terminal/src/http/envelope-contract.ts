import { z } from 'zod';
import { ERROR_CODES } from '../domain-error.js';
import { timestampSchema } from './shared-contract.js';

/** One entry of error.details. */
const fieldErrorSchema = z
  .strictObject({
    field: z.string().meta({ description: 'path of the field, e.g. items[0].name, or a header name' }),
    code: z
      .string()
      .meta({ description: 'validation code (spec table, plus the terminal’s query and header codes)' }),
    message: z.string(),
    expected: z.number().optional().meta({
      description:
        'the figure the rule expected, in MDL: the sum the payments must reach (PAYMENT_SUM_MISMATCH), the computed change (CHANGE_MISMATCH), the total (INSUFFICIENT_PAYMENT)',
    }),
  })
  .meta({ id: 'FieldError' });

const OTHER_CODES = ERROR_CODES.filter(
  (code): code is Exclude<(typeof ERROR_CODES)[number], 'VALIDATION_ERROR'> => code !== 'VALIDATION_ERROR',
);

/** error.details is there for VALIDATION_ERROR and for nothing else. */
const errorBodySchema = z.union([
  z.strictObject({
    code: z.literal('VALIDATION_ERROR'),
    message: z.string(),
    details: z.array(fieldErrorSchema).min(1),
  }),
  z.strictObject({ code: z.enum(OTHER_CODES), message: z.string() }),
]);

export const errorEnvelopeSchema = z
  .strictObject({
    success: z.literal(false),
    data: z.null(),
    error: errorBodySchema,
    timestamp: timestampSchema,
  })
  .meta({ id: 'ErrorEnvelope' });

/** The success envelope around one endpoint's payload. */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.strictObject({
    success: z.literal(true),
    data,
    error: z.null(),
    timestamp: timestampSchema,
  });
}

/** The error body of the raw endpoints (catalog paths): the envelope's `error`, alone. */
export const rawErrorSchema = z.strictObject({ error: errorBodySchema }).meta({ id: 'RawError' });
