import type { Bp } from '../money/money.js';

/** The six VAT codes a receipt line can carry; `_` is exempt (no VAT). */
export const VAT_CODES = ['A', 'B', 'C', 'D', 'E', '_'] as const;
export type VatCode = (typeof VAT_CODES)[number];

/** A code's rate in basis points (2000 = 20 %); null for the exempt code `_`. */
interface VatRate {
  code: VatCode;
  rateBp: Bp | null;
}

/**
 * The codes the terminal knows, with their rates. Configurable on the terminal (later
 * synced from the cloud): a syntactically valid code missing here is UNKNOWN_VAT_CODE.
 */
export type VatTable = Partial<Record<VatCode, VatRate>>;

export const DEFAULT_VAT_TABLE: VatTable = {
  A: { code: 'A', rateBp: 800 },
  B: { code: 'B', rateBp: 2000 },
  C: { code: 'C', rateBp: 0 },
  D: { code: 'D', rateBp: 1200 },
  E: { code: 'E', rateBp: 600 },
  _: { code: '_', rateBp: null },
};

export function isVatCode(value: unknown): value is VatCode {
  return typeof value === 'string' && (VAT_CODES as readonly string[]).includes(value);
}
