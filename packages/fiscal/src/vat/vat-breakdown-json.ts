import { fromBp, fromMinor } from '../money/money.js';
import type { Minor } from '../money/money.js';
import type { VatCode } from './vat.js';
import type { VatLine } from './vat-line.js';

type GrossField = 'gross' | 'totalWithVat';

/** A VAT entry of the spec as JSON numbers; `percent` is 0 for the exempt code. */
export type VatEntryJson<G extends GrossField = 'gross'> = {
  code: VatCode;
  percent: number;
  vatAmount: number;
  taxableBase: number;
} & Record<G, number>;

/**
 * The spec's vatBreakdown object (map from VAT code to VAT entry). The sale result names
 * the gross amount `totalWithVat`; reports name it `gross`.
 */
export function vatBreakdownToJson<G extends GrossField = 'gross'>(
  entries: readonly VatLine[],
  grossField: G = 'gross' as G,
): Record<string, VatEntryJson<G>> {
  const json: Record<string, VatEntryJson<G>> = {};
  for (const entry of entries) {
    json[entry.code] = {
      code: entry.code,
      percent: entry.rateBp === null ? 0 : fromBp(entry.rateBp),
      vatAmount: fromMinor(entry.vatAmount),
      taxableBase: fromMinor(entry.taxableBase),
      [grossField]: fromMinor(entry.gross),
    } as VatEntryJson<G>;
  }
  return json;
}

/** A map of amounts (e.g. paymentTotals) as JSON numbers. */
export function amountMapToJson(amounts: Readonly<Record<string, Minor>>): Record<string, number> {
  return Object.fromEntries(Object.entries(amounts).map(([key, amount]) => [key, fromMinor(amount)]));
}
