import { VAT_CODES, type DayVatTables, type VatTable } from '@fiscal-pos/fiscal';
import type { z } from 'zod';
import type { vatRatesSchema } from './catalog-contract.js';

/** A VAT table as the API shows it (catalog VAT rates, health), in code order. */
function presentVatRates(table: VatTable): z.infer<typeof vatRatesSchema> {
  return VAT_CODES.flatMap((code) => {
    const rate = table[code];
    return rate === undefined
      ? []
      : [{ code, rateBasisPoints: rate.rateBp ?? 0, exempt: rate.rateBp === null }];
  });
}

/** The fiscal day's table in use and the one waiting for its Z report, as the API shows them. */
export function presentDayVatRates({ inUse, pending }: DayVatTables): {
  inUse: z.infer<typeof vatRatesSchema>;
  pending: z.infer<typeof vatRatesSchema> | null;
} {
  return { inUse: presentVatRates(inUse), pending: pending === null ? null : presentVatRates(pending) };
}
