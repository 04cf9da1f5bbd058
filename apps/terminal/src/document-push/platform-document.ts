import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { RefundRecord } from '../refunds/refund-store.js';
import type { SaleRecord } from '../sales/sale-store.js';

/** The document types as the cloud names them (the terminal's `receipt` is a sale). */
const DOCUMENT_TYPES = {
  receipt: 'sale',
  refund: 'refund',
  cash_in: 'cash_in',
  cash_out: 'cash_out',
  x_report: 'x_report',
  z_report: 'z_report',
} as const;

/** The fiscal server's status as the cloud names it: `success` is a registered (`synced`) document. */
const STATUSES = {
  pending: 'pending',
  sent: 'sent',
  success: 'synced',
  failed: 'failed',
  offline: 'offline',
} as const;

/** A line of a sale or refund as the cloud keeps it; productId moves the catalog's stock. */
interface DocumentLine {
  position: number;
  productId: string | null;
  name: string;
  quantityMilli: number;
  unitPrice: number;
  amount: number;
  vatCode: string;
}

/** One fiscal document pushed to POST /api/device/v1/documents (docs/platform.md). */
export interface PushedDocument {
  operationId: string;
  revision: number;
  type: (typeof DOCUMENT_TYPES)[keyof typeof DOCUMENT_TYPES];
  createdAt: string;
  receiptNumber: number | null;
  reportNumber: number;
  status: (typeof STATUSES)[keyof typeof STATUSES];
  fiscalCode: string | null;
  offlineFiscalCode: string | null;
  mevId: string | null;
  total: number;
  vat: { code: string; rateBp: number | null; taxableAmount: number; vatAmount: number }[];
  payments: { code: string; amount: number }[];
  saleId: string | null;
  refundId: string | null;
  lines: DocumentLine[];
}

function saleLines(sale: SaleRecord): DocumentLine[] {
  return sale.items.map((item, position) => ({
    position,
    productId: item.productId,
    name: item.name,
    quantityMilli: item.quantityMilli,
    unitPrice: item.unitPrice,
    amount: item.netAmount,
    vatCode: item.vatCode,
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
      vatCode: sold?.vatCode ?? '_',
    };
  });
}

/**
 * The document the cloud receives for a fiscal operation at one revision: amounts in bani and
 * positive (the type says which way the money went), the MEV status and codes as they stand.
 */
export function platformDocument(
  op: FiscalOperationRecord,
  revision: number,
  related: { sale: SaleRecord | null; refund: RefundRecord | null; refundedSale: SaleRecord | null },
): PushedDocument {
  const { sale, refund, refundedSale } = related;
  return {
    operationId: op.id,
    revision,
    type: DOCUMENT_TYPES[op.operationType],
    createdAt: op.createdAt,
    receiptNumber: op.receiptNumber,
    reportNumber: op.reportNumber,
    status: STATUSES[op.status],
    fiscalCode: op.fiscalCode,
    offlineFiscalCode: op.offlineFiscalCode,
    mevId: op.mevId,
    total: Math.abs(op.totalAmount),
    vat: op.vat.map((line) => ({
      code: line.code,
      rateBp: line.rateBp,
      taxableAmount: Math.abs(line.taxableBase),
      vatAmount: Math.abs(line.vatAmount),
    })),
    payments: op.payments.map((p) => ({ code: p.code, amount: Math.abs(p.amount) })),
    saleId: sale?.id ?? refund?.saleId ?? null,
    refundId: refund?.id ?? null,
    lines: sale ? saleLines(sale) : refund && refundedSale ? refundLines(refund, refundedSale) : [],
  };
}
