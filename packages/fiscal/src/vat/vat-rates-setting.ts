import { toBp } from '../money/money.js';
import { isVatCode, type VatTable } from './vat.js';

/**
 * The terminal's VAT rates from its configuration (VAT_RATES), e.g. `A=8,B=20,C=0,D=12,E=6`:
 * each listed code with its percent (0-100, at most 2 decimals). A code not listed is unknown to
 * the terminal, and a sale line with it is refused with UNKNOWN_VAT_CODE; `_` (exempt) is always
 * known. Throws an Error naming what is wrong, so a terminal never starts on rates it misread.
 */
export function parseVatRatesSetting(text: string): VatTable {
  const table: VatTable = { _: { code: '_', rateBp: null } };
  for (const entry of text.split(',').map((part) => part.trim())) {
    const match = /^([A-E])\s*=\s*(\d+(?:\.\d+)?)$/.exec(entry);
    const code = match?.[1];
    const rateBp = match?.[2] === undefined ? null : toBp(Number(match[2]));
    if (code === undefined || !isVatCode(code) || rateBp === null || rateBp > 10_000) {
      throw new Error(
        `VAT_RATES: "${entry}" is not CODE=PERCENT with a code A-E and a percent from 0 to 100`,
      );
    }
    if (table[code] !== undefined) throw new Error(`VAT_RATES: ${code} is given twice`);
    table[code] = { code, rateBp };
  }
  return table;
}
