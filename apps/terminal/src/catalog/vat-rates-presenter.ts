import { VAT_CODES, type VatTable } from '@fiscal-pos/fiscal';
import type { z } from 'zod';
import type { vatRatesSchema } from './catalog-contract.js';

/** A VAT table as the API shows it (catalog VAT rates, health), in code order. */
export function presentVatRates(table: VatTable): z.infer<typeof vatRatesSchema> {
  return VAT_CODES.flatMap((code) => {
    const rate = table[code];
    return rate === undefined
      ? []
      : [{ code, rateBasisPoints: rate.rateBp ?? 0, exempt: rate.rateBp === null }];
  });
}
