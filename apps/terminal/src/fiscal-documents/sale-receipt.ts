import { formatMinor, fromMilli } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { PrintDocument, PrintLine } from '../printing/receipt-printer.js';
import {
  cardLines,
  dateTimeLine,
  fiscalFooter,
  merchantHeader,
  paymentLabel,
  verificationLines,
  vatLines,
  type ReceiptHeader,
} from '../receipts/receipt-parts.js';
import type { SaleRecord } from './sale-store.js';

/**
 * The fiscal receipt of a sale as it comes out of the printer. Every amount adds up on paper:
 * each line is quantity × price = its original amount, its own discount and markup follow it,
 * the cart's come once after the lines, and the lines, adjustments, TOTAL, payments and REST
 * (change) balance exactly (test/receipts/printed-receipts.test.ts parses them back).
 */
export function saleReceipt(
  header: ReceiptHeader,
  sale: SaleRecord,
  op: FiscalOperationRecord,
  qrCodeData: string,
): PrintDocument {
  const lines: PrintLine[] = [...merchantHeader(header), ['', 'BON FISCAL', ''], ['']];
  for (const item of sale.items) {
    lines.push({ text: item.name });
    lines.push([
      `${fromMilli(item.quantityMilli)} x ${formatMinor(item.unitPrice)}`,
      `${formatMinor(item.originalAmount)} ${item.vatCode}`,
    ]);
    if (item.discountAmount > 0) lines.push(['  REDUCERE', `-${formatMinor(item.discountAmount)}`]);
    if (item.markupAmount > 0) lines.push(['  ADAOS', `+${formatMinor(item.markupAmount)}`]);
  }
  lines.push(['']);
  if (sale.cartDiscountAmount > 0 || sale.cartMarkupAmount > 0) {
    lines.push(['SUBTOTAL', formatMinor(sale.subtotal)]);
    if (sale.cartDiscountAmount > 0) lines.push(['REDUCERE BON', `-${formatMinor(sale.cartDiscountAmount)}`]);
    if (sale.cartMarkupAmount > 0) lines.push(['ADAOS BON', `+${formatMinor(sale.cartMarkupAmount)}`]);
  }
  lines.push({ large: ['TOTAL', formatMinor(sale.total)] });
  lines.push(...vatLines(op.vat));
  for (const payment of sale.payments) {
    lines.push([paymentLabel(payment.paymentType), formatMinor(payment.amount)]);
    if (payment.card) lines.push(...cardLines(payment.card));
    // Charged on the caller's own card terminal: its RRN is all the terminal was told (the
    // authorisation code is on that terminal's slip).
    else if (payment.rrn !== null) lines.push([`  RRN ${payment.rrn}`]);
  }
  if (sale.changeAmount > 0) lines.push(['REST', formatMinor(sale.changeAmount)]);
  lines.push(...fiscalFooter(op), ...verificationLines(qrCodeData));
  return { kind: 'receipt', lines, qrCode: qrCodeData, feedLines: 3, cut: true };
}

/**
 * The operation as it stood when its receipt was first printed: a document issued offline
 * carried its offline fiscal code (and the offline mark), which stays its code on paper after
 * synchronisation gave it the server's.
 */
function asIssued(op: FiscalOperationRecord): FiscalOperationRecord {
  return op.offlineFiscalCode === null ? op : { ...op, fiscalCode: null };
}

/**
 * A duplicate of a sale's receipt: the original receipt, line for line as it was issued,
 * between markings that say it is a numbered copy and not a fiscal document.
 */
export function saleReceiptDuplicate(
  header: ReceiptHeader,
  sale: SaleRecord,
  op: FiscalOperationRecord,
  qrCodeData: string,
  copy: { number: number; printedAt: string },
): PrintDocument {
  const original = saleReceipt(header, sale, asIssued(op), qrCodeData);
  return {
    ...original,
    kind: 'receipt-copy',
    lines: [
      ['', 'DUPLICAT', ''],
      [`COPIA NR. ${copy.number}`],
      dateTimeLine(copy.printedAt),
      [''],
      ...original.lines,
      [''],
      ['', 'DUPLICAT - NU ESTE DOCUMENT FISCAL', ''],
    ],
  };
}
