import { formatMinor, fromMilli } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { PrintDocument, PrintLine } from '../printing/receipt-printer.js';
import {
  cardLines,
  dateTimeLine,
  fiscalFooter,
  merchantHeader,
  negativeAmount,
  paymentLabel,
  verificationLines,
  vatLines,
  type ReceiptHeader,
} from '../receipts/receipt-parts.js';
import type { SaleRecord } from './sale-store.js';
import type { RefundRecord } from './refund-store.js';

/**
 * The fiscal receipt of a refund: which sale it returns from, each line returned with what it
 * gives back, the total, the VAT given back per code, and how the money went back.
 */
export function refundReceipt(
  header: ReceiptHeader,
  sale: SaleRecord,
  saleReceiptNumber: number | null,
  refund: RefundRecord,
  op: FiscalOperationRecord,
  qrCodeData: string,
): PrintDocument {
  const lines: PrintLine[] = [
    ...merchantHeader(header),
    ['', 'BON FISCAL DE RETUR', ''],
    ['RETUR LA BONUL NR.', String(saleReceiptNumber ?? '-')],
    ['DIN', dateTimeLine(sale.createdAt).join(' ')],
    ...(refund.reason ? [{ text: `MOTIV: ${refund.reason}` }] : []),
    [''],
  ];
  for (const item of refund.items) {
    const sold = sale.items[item.index];
    lines.push({ text: sold?.name ?? `ARTICOLUL ${item.index + 1}` });
    lines.push([
      `${fromMilli(item.quantityMilli)} RETURNAT`,
      `${negativeAmount(item.amount)} ${sold?.vatCode ?? ''}`,
    ]);
  }
  lines.push([''], { large: ['TOTAL RETUR', negativeAmount(refund.total)] });
  lines.push(...vatLines(op.vat, true));
  for (const payment of refund.payments) {
    lines.push([`RESTITUIT ${paymentLabel(payment.paymentType)}`, formatMinor(payment.amount)]);
    // The bank's references of the card refund, so the customer and the shop can match the bank's.
    if (payment.card) lines.push(...cardLines(payment.card));
  }
  lines.push(...fiscalFooter(op), ...verificationLines(qrCodeData));
  return { kind: 'receipt', lines, qrCode: qrCodeData, feedLines: 3, cut: true };
}
