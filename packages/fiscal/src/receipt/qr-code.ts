import { formatMinor } from '../money/money.js';
import type { Minor } from '../money/money.js';

const RECEIPT_VERIFIER = 'https://mev.sfs.md/receipt-verifier';

/**
 * The tax authority's receipt check URL carried as qrCodeData:
 * `https://mev.sfs.md/receipt-verifier/<registration number>/<total, 2 decimals>/<receipt number>/<YYYY-MM-DD>`.
 */
export function receiptQrUrl(
  registrationNumber: string,
  total: Minor,
  receiptNumber: number,
  date: string,
): string {
  return [
    RECEIPT_VERIFIER,
    encodeURIComponent(registrationNumber),
    formatMinor(total),
    receiptNumber,
    date,
  ].join('/');
}
