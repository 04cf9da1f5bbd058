import { ACPS_CODES, VAT_CODES } from '@fiscal-pos/fiscal';
import { z } from 'zod';

/*
 * Field shapes the response contracts share. Amounts are stored as integer bani and leave the
 * terminal as MDL numbers with at most 2 decimals; `multipleOf(0.01)` makes the contract tests
 * catch a float that slipped through.
 */

export const moneySchema = z.number().multipleOf(0.01).meta({ description: 'MDL, at most 2 decimals' });

export const timestampSchema = z.iso.datetime().meta({ description: 'ISO 8601 UTC' });

export const countSchema = z.int().min(0);

/** A receipt or report number (the first of each is 1). */
export const documentNumberSchema = z.int().min(1);

/**
 * A string from a closed list that reaches the presenters typed as plain `string` (VAT and
 * ACPS codes from the fiscal server record, statuses from SQL): the type stays `string`, the
 * check and the documented `enum` come from the list the code itself uses.
 */
export function oneOfStrings(values: readonly string[], description: string) {
  return z
    .string()
    .refine((value) => values.includes(value), { error: `must be one of ${values.join(', ')}` })
    .meta({ enum: [...values], description });
}

export const vatCodeSchema = oneOfStrings(VAT_CODES, 'VAT code');

export const acpsCodeSchema = oneOfStrings(ACPS_CODES, 'ACPS payment code');

const vatEntryFields = {
  code: vatCodeSchema,
  percent: z.number().min(0).max(100).meta({ description: 'VAT percentage; 0 for the exempt code _' }),
  vatAmount: moneySchema,
  taxableBase: moneySchema.meta({ description: 'net, without VAT' }),
};

/** VAT entry of reports and the daily summary: the gross amount is `gross`. */
const vatEntrySchema = z
  .strictObject({ ...vatEntryFields, gross: moneySchema.meta({ description: 'with VAT' }) })
  .meta({ id: 'VatEntry' });

/** Map from VAT code to VAT entry (only the codes that occur; keyedVatEntries in packages/fiscal). */
export const vatBreakdownSchema = z.record(z.string(), vatEntrySchema).meta({
  id: 'VatBreakdown',
  description:
    'keyed by VAT code; a code that occurs at two rates (a return of a sale of a day with another rate, ' +
    'a shift or periodic report over a rate change) has an entry per rate instead, keyed `<code> <percent>%` ' +
    '(`B 20%`; `<code> exempt` without a rate): docs/terminal-api.md, "VAT rates"',
});

/** Map from ACPS payment code to an amount. */
export const paymentAmountsSchema = z.record(z.string(), moneySchema).meta({ id: 'PaymentAmounts' });

/** The sale result names the gross amount `totalWithVat` (spec, VAT entry). */
export const saleVatEntrySchema = z
  .strictObject({ ...vatEntryFields, totalWithVat: moneySchema.meta({ description: 'with VAT' }) })
  .meta({ id: 'SaleVatEntry' });
