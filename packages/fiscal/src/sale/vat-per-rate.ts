import type { Bp } from '../money/money.js';
import { vatFromGross } from '../money/rounding.js';
import type { VatCode } from '../vat/vat.js';
import { allocateProportionally } from './allocate.js';

/** A receipt line as the VAT rule sees it: its code, that code's rate, its final amount. */
export interface VatInputLine {
  code: VatCode;
  /** null for the exempt code (and for a code the table does not know). */
  rateBp: Bp | null;
  /** The line's final amount, VAT included. */
  gross: bigint;
}

/** The VAT of one code on the receipt, in bigint until the caller converts it. */
interface CodeVat {
  code: VatCode;
  rateBp: Bp | null;
  gross: bigint;
  vat: bigint;
}

export interface VatPerRate {
  /** Per code, in order of first appearance among the lines. */
  codes: CodeVat[];
  /** Each line's share of its code's VAT; the shares of a code add up to its VAT exactly. */
  lineVat: bigint[];
}

/**
 * VAT per rate on the receipt (DESIGN.md "Rules of calculation"): each code's VAT is computed
 * once, on that code's gross total, so the figures do not depend on how the goods are split
 * into lines (per-line rounding put 510.00 of VAT in 3030.00 at 20 %, where 505.00 is
 * contained). Each line then gets its share of its code's VAT in proportion to its amount,
 * by largest remainder, for display and returns.
 */
export function vatPerRate(lines: readonly VatInputLine[]): VatPerRate {
  const byCode = new Map<VatCode, { rateBp: Bp | null; indexes: number[] }>();
  lines.forEach((line, index) => {
    const group = byCode.get(line.code) ?? { rateBp: line.rateBp, indexes: [] };
    group.indexes.push(index);
    byCode.set(line.code, group);
  });

  const lineVat = lines.map(() => 0n);
  const codes = [...byCode].map(([code, { rateBp, indexes }]): CodeVat => {
    const grosses = indexes.map((index) => lines[index]?.gross ?? 0n);
    const gross = grosses.reduce((sum, amount) => sum + amount, 0n);
    const vat = rateBp === null ? 0n : vatFromGross(gross, BigInt(rateBp));
    allocateProportionally(vat, grosses).forEach((share, position) => {
      lineVat[indexes[position] ?? 0] = share;
    });
    return { code, rateBp, gross, vat };
  });
  return { codes, lineVat };
}
