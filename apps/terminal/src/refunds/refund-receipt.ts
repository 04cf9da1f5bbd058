import { formatMinor, fromMilli } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { PrintDocument } from '../printing/receipt-printer.js';
import { fiscalFooter, type ReceiptHeader } from '../receipts/document-layouts.js';
import type { SaleRecord } from '../sales/sale-store.js';
import type { RefundRecord } from './refund-store.js';

/** The fiscal receipt of a refund: which sale, what came back, what was given back and how. */
export function refundReceipt(
  header: ReceiptHeader,
  sale: SaleRecord,
  refund: RefundRecord,
  op: FiscalOperationRecord,
  qrCodeData: string,
): PrintDocument {
  const lines: string[][] = [
    ['', 'REFUND RECEIPT', ''],
    ['Terminal', header.terminalId],
    ['Reg. no.', header.registrationNumber],
    ['Receipt', String(op.receiptNumber)],
    ['Returned from sale', sale.createdAt.slice(0, 10)],
    ...(refund.reason ? [[refund.reason]] : []),
    [''],
  ];
  for (const item of refund.items) {
    const sold = sale.items[item.index];
    lines.push([sold?.name ?? `item ${item.index}`]);
    lines.push([
      `${fromMilli(item.quantityMilli)} returned`,
      `-${formatMinor(item.amount)} ${sold?.vatCode ?? ''}`,
    ]);
  }
  lines.push([''], ['TOTAL RETURNED', formatMinor(refund.total)]);
  for (const vat of op.vat) lines.push([`VAT ${vat.code}`, `-${formatMinor(vat.vatAmount)}`]);
  for (const payment of refund.payments)
    lines.push([`Given back (${payment.paymentType})`, formatMinor(payment.amount)]);
  lines.push(...fiscalFooter(op));
  return { kind: 'receipt', lines, qrCode: qrCodeData, feedLines: 3, cut: true };
}
