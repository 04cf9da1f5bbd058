import type { PrintDocument } from '../printing/receipt-printer.js';
import { dateTimeLine } from '../receipts/receipt-parts.js';

/** Fiscal documents' kinds: their paper, printed again, must say that it is not the original. */
const FISCAL_KINDS: ReadonlySet<PrintDocument['kind']> = new Set(['receipt', 'service-receipt', 'report']);

/**
 * An unconfirmed job printed again on a cashier's request (POST /api/printer/jobs/{id}/reprint).
 * A fiscal document's reprint says it is a copy, at the top and at the bottom, like a receipt
 * duplicate (sale-receipt.ts): the original may already be on paper. Other paper is printed as
 * it was.
 */
export function markedAsCopy(document: PrintDocument, at: string): PrintDocument {
  if (!FISCAL_KINDS.has(document.kind)) return document;
  return {
    ...document,
    kind: document.kind === 'receipt' ? 'receipt-copy' : document.kind,
    lines: [
      ['', 'COPIE', ''],
      ['RETIPARIRE'],
      dateTimeLine(at),
      [''],
      ...document.lines,
      [''],
      ['', 'COPIE - NU ESTE DOCUMENT FISCAL', ''],
    ],
  };
}
