import type { Bp, Minor } from '../money/money.js';
import type { VatCode } from './vat.js';

/**
 * The VAT of one code: on a receipt or refund, in a report, in the figures sent to the fiscal
 * server. vatAmount + taxableBase = gross (VAT-inclusive); rateBp is null for the exempt code.
 */
export interface VatLine {
  code: VatCode;
  rateBp: Bp | null;
  vatAmount: Minor;
  taxableBase: Minor;
  gross: Minor;
}
