import { formatMinor, fromMilli } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { PrintDocument } from '../printing/receipt-printer.js';
import { fiscalFooter, type ReceiptHeader } from '../receipts/document-layouts.js';
import type { SaleRecord } from './sale-store.js';

/** The fiscal receipt of a sale as it comes out of the printer. */
export function saleReceipt(
  header: ReceiptHeader,
  sale: SaleRecord,
  op: FiscalOperationRecord,
  qrCodeData: string,
): PrintDocument {
  const lines: string[][] = [
    ['', 'FISCAL RECEIPT', ''],
    ['Terminal', header.terminalId],
    ['Reg. no.', header.registrationNumber],
    ['Receipt', String(op.receiptNumber)],
    [''],
  ];
  for (const item of sale.items) {
    lines.push([item.name]);
    lines.push([
      `${fromMilli(item.quantityMilli)} x ${formatMinor(item.unitPrice)}`,
      `${formatMinor(item.netAmount)} ${item.vatCode}`,
    ]);
  }
  lines.push([''], ['SUBTOTAL', formatMinor(sale.subtotal)]);
  if (sale.cartDiscountAmount > 0) lines.push(['Discount', `-${formatMinor(sale.cartDiscountAmount)}`]);
  if (sale.cartMarkupAmount > 0) lines.push(['Markup', formatMinor(sale.cartMarkupAmount)]);
  lines.push(['TOTAL', formatMinor(sale.total)]);
  for (const vat of op.vat) lines.push([`VAT ${vat.code}`, formatMinor(vat.vatAmount)]);
  for (const payment of sale.payments) {
    lines.push([`Paid (${payment.paymentType})`, formatMinor(payment.amount)]);
    const card = payment.card;
    if (card) {
      lines.push([`${card.scheme ?? 'Card'} ${card.maskedPan ?? ''}`.trim()]);
      lines.push([`RRN ${card.rrn}`, `Auth ${card.authCode ?? '-'}`]);
      lines.push([`Card terminal ${card.bankTerminalId}`, `Cheque ${card.chequeNumber}`]);
    }
  }
  if (sale.changeAmount > 0) lines.push(['Change', formatMinor(sale.changeAmount)]);
  lines.push(...fiscalFooter(op));
  return { kind: 'receipt', lines, qrCode: qrCodeData, feedLines: 3, cut: true };
}

/**
 * The operation as it stood when its receipt was first printed: a document issued offline
 * carried its offline fiscal code (and the OFFLINE line), which stays its code on paper after
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
      [`Copy ${copy.number}`, copy.printedAt],
      [''],
      ...original.lines,
      [''],
      ['', 'DUPLICAT - NOT A FISCAL RECEIPT', ''],
    ],
  };
}
