import { ACPS_CODES, VAT_CODES } from '@fiscal-pos/fiscal';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { refundQrCode } from '../fiscal-documents/refund-presenter.js';
import type { RefundRecord } from '../fiscal-documents/refund-store.js';
import { saleQrCode } from '../fiscal-documents/sale-presenter.js';
import type { SaleRecord } from '../fiscal-documents/sale-store.js';
import {
  isReportDocument,
  type DocumentStatus,
  type DocumentType,
  type PushedDocument,
} from '@fiscal-pos/platform-protocol';

/** The document types as the cloud names them (the terminal's `receipt` is a sale). */
const DOCUMENT_TYPES: Record<FiscalOperationRecord['operationType'], DocumentType> = {
  receipt: 'sale',
  refund: 'refund',
  cash_in: 'cash_in',
  cash_out: 'cash_out',
  x_report: 'x_report',
  z_report: 'z_report',
} as const;

/** The fiscal server's status as the cloud names it: `success` is a registered (`synced`) document. */
const STATUSES: Record<FiscalOperationRecord['status'], DocumentStatus> = {
  pending: 'pending',
  sent: 'sent',
  success: 'synced',
  failed: 'failed',
  offline: 'offline',
};

type DocumentLine = PushedDocument['lines'][number];
type VatCode = DocumentLine['vatCode'];
type PaymentCode = PushedDocument['payments'][number]['code'];

/**
 * The terminal stores VAT and payment codes as text, each checked against the vocabulary when
 * the sale was taken; a stored code outside it is a defect, not something to push.
 */
function vatCodeOf(code: string): VatCode {
  if (!(VAT_CODES as readonly string[]).includes(code))
    throw new Error(`stored VAT code ${code} is not in the vocabulary`);
  return code as VatCode;
}

function paymentCodeOf(code: string): PaymentCode {
  if (!(ACPS_CODES as readonly string[]).includes(code))
    throw new Error(`stored payment code ${code} is not in the vocabulary`);
  return code as PaymentCode;
}

function saleLines(sale: SaleRecord): DocumentLine[] {
  return sale.items.map((item, position) => ({
    position,
    productId: item.productId,
    name: item.name,
    quantityMilli: item.quantityMilli,
    unitPrice: item.unitPrice,
    amount: item.netAmount,
    vatCode: vatCodeOf(item.vatCode),
  }));
}

/** A refund's lines name what they give back of the sale: its product, name and price. */
function refundLines(refund: RefundRecord, sale: SaleRecord): DocumentLine[] {
  return refund.items.map((item) => {
    const sold = sale.items[item.index];
    return {
      position: item.index,
      productId: sold?.productId ?? null,
      name: sold?.name ?? '',
      quantityMilli: item.quantityMilli,
      unitPrice: sold?.unitPrice ?? 0,
      amount: item.amount,
      vatCode: vatCodeOf(sold?.vatCode ?? '_'),
    };
  });
}

/**
 * The document the cloud receives for a fiscal operation at one revision: amounts in bani, the
 * MEV status and codes as they stand. A receipt's and a cash operation's amounts are positive
 * (the type says which way the money went); an X or Z report's are the day's net figures, signed
 * as its paper prints them, when the cloud accepts signed report amounts. A cloud before them
 * refuses a negative amount, and a refused push holds back every later document: to such a cloud
 * a report goes as before, every amount positive.
 */
export function platformDocument(
  op: FiscalOperationRecord,
  revision: number,
  related: { sale: SaleRecord | null; refund: RefundRecord | null; refundedSale: SaleRecord | null },
  terminal: { registrationNumber: string; timeZone: string },
  cloud: { signedReportAmounts: boolean },
): PushedDocument {
  const { registrationNumber, timeZone } = terminal;
  const { sale, refund, refundedSale } = related;
  const type = DOCUMENT_TYPES[op.operationType];
  const amount = cloud.signedReportAmounts && isReportDocument(type) ? (a: number) => a : Math.abs;
  // The link the receipt's QR code printed, so the cloud's receipt view shows the same one.
  const verificationUrl = sale
    ? saleQrCode(registrationNumber, sale, op)
    : refund
      ? refundQrCode(registrationNumber, refund, op)
      : null;
  return {
    operationId: op.id,
    revision,
    type,
    createdAt: op.createdAt,
    receiptNumber: op.receiptNumber,
    reportNumber: op.reportNumber,
    status: STATUSES[op.status],
    fiscalCode: op.fiscalCode,
    offlineFiscalCode: op.offlineFiscalCode,
    mevId: op.mevId,
    total: amount(op.totalAmount),
    vat: op.vat.map((line) => ({
      code: vatCodeOf(line.code),
      rateBp: line.rateBp,
      taxableAmount: amount(line.taxableBase),
      vatAmount: amount(line.vatAmount),
    })),
    payments: op.payments.map((p) => ({ code: paymentCodeOf(p.code), amount: amount(p.amount) })),
    saleId: sale?.id ?? refund?.saleId ?? null,
    refundId: refund?.id ?? null,
    lines: sale ? saleLines(sale) : refund && refundedSale ? refundLines(refund, refundedSale) : [],
    registrationNumber,
    verificationUrl,
    change: sale ? sale.changeAmount : null,
    timeZone,
  };
}
