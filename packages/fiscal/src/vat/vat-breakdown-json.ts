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

function percentOf(entry: VatLine): number {
  return entry.rateBp === null ? 0 : fromBp(entry.rateBp);
}

/**
 * Each entry with its key in a vatBreakdown map: its code, as the spec has it; but when a code
 * comes at several rates (a report with a return of a sale of an earlier day, or one over a
 * rate change: VatSums), each of its entries is keyed `<code> <percent>%` (`B 20%`, `B 18%`;
 * `<code> exempt` without a rate). No key then holds amounts taxed at different rates, and a
 * reader of `vatBreakdown.B` finds nothing rather than a part of code B.
 */
export function keyedVatEntries(entries: readonly VatLine[]): [string, VatLine][] {
  const rates = new Map<VatCode, Set<VatLine['rateBp']>>();
  for (const entry of entries) rates.set(entry.code, (rates.get(entry.code) ?? new Set()).add(entry.rateBp));
  return entries.map((entry) => {
    if ((rates.get(entry.code)?.size ?? 0) < 2) return [entry.code, entry];
    return [entry.rateBp === null ? `${entry.code} exempt` : `${entry.code} ${percentOf(entry)}%`, entry];
  });
}

/**
 * The spec's vatBreakdown object (map from VAT code to VAT entry, keyed by keyedVatEntries).
 * The sale result names the gross amount `totalWithVat`; reports name it `gross`.
 */
export function vatBreakdownToJson<G extends GrossField = 'gross'>(
  entries: readonly VatLine[],
  grossField: G = 'gross' as G,
): Record<string, VatEntryJson<G>> {
  const json: Record<string, VatEntryJson<G>> = {};
  for (const [key, entry] of keyedVatEntries(entries)) {
    json[key] = {
      code: entry.code,
      percent: percentOf(entry),
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
