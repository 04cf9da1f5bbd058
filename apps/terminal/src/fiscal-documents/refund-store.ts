import type { FiscalOperationStatus } from '@fiscal-pos/fiscal';
import type { CardApproval } from '../card/card-terminal.js';
import type { Db } from '../storage/database.js';

export interface RefundItem {
  /** Position in the sale's items. */
  index: number;
  quantityMilli: number;
  amount: number;
  vatAmount: number;
}

export interface RefundPayment {
  paymentType: string;
  amount: number;
  /** The card journal's refund when the terminal gave the money back on its card terminal. */
  cardTransactionId: string | null;
}

export interface StoredRefund {
  id: string;
  saleId: string;
  fiscalOperationId: string;
  total: number;
  reason: string | null;
  printReceipt: boolean;
  createdAt: string;
  items: RefundItem[];
  payments: RefundPayment[];
}

/** What the bank's card terminal gave for a card refund: its approval's references. */
type CardRefund = Omit<CardApproval, 'kind' | 'amount'>;

/** A refund as read back, with the status of its fiscal operation and its card refunds. */
export interface RefundRecord extends Omit<StoredRefund, 'payments'> {
  status: FiscalOperationStatus;
  payments: (RefundPayment & { card: CardRefund | null })[];
}

interface PaymentRow {
  payment_type: string;
  amount: number;
  card_transaction_id: string | null;
  rrn: string | null;
  auth_code: string | null;
  cheque_number: string | null;
  masked_pan: string | null;
  scheme: string | null;
  bank_terminal_id: string | null;
}

/** The bank's references of a card refund; none unless the card terminal approved it. */
function cardRefundOf(p: PaymentRow): CardRefund | null {
  if (p.card_transaction_id === null || p.rrn === null || p.cheque_number === null) return null;
  return {
    rrn: p.rrn,
    authCode: p.auth_code,
    chequeNumber: p.cheque_number,
    maskedPan: p.masked_pan,
    scheme: p.scheme,
    bankTerminalId: p.bank_terminal_id ?? '',
  };
}

/** What the refunds of a sale that stand (not refused by the fiscal server) gave back. */
export interface ReturnedSoFar {
  /** Per item index: quantity in thousandths, amount and VAT, as the refunds recorded them. */
  lines: Map<number, Omit<RefundItem, 'index'>>;
  /** Amount per payment type. */
  payments: Map<string, number>;
}

interface RefundRow {
  id: string;
  sale_id: string;
  fiscal_operation_id: string;
  total: number;
  reason: string | null;
  print_receipt: number;
  created_at: string;
  status: FiscalOperationStatus;
}

export class RefundStore {
  constructor(private readonly db: Db) {}

  /** Called inside the refund's fiscal transaction. */
  insert(refund: StoredRefund): void {
    this.db
      .prepare(
        `INSERT INTO refunds (id, sale_id, fiscal_operation_id, total, reason, print_receipt, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        refund.id,
        refund.saleId,
        refund.fiscalOperationId,
        refund.total,
        refund.reason,
        refund.printReceipt ? 1 : 0,
        refund.createdAt,
      );
    const item = this.db.prepare(
      'INSERT INTO refund_items (refund_id, item_index, quantity_milli, amount, vat_amount) VALUES (?, ?, ?, ?, ?)',
    );
    for (const i of refund.items) item.run(refund.id, i.index, i.quantityMilli, i.amount, i.vatAmount);
    const payment = this.db.prepare(
      `INSERT INTO refund_payments (refund_id, position, payment_type, amount, card_transaction_id)
       VALUES (?, ?, ?, ?, ?)`,
    );
    refund.payments.forEach((p, position) =>
      payment.run(refund.id, position, p.paymentType, p.amount, p.cardTransactionId),
    );
  }

  get(id: string): RefundRecord | undefined {
    const row = this.db
      .prepare<[string], RefundRow>(
        `SELECT r.*, o.status FROM refunds r JOIN fiscal_operations o ON o.id = r.fiscal_operation_id WHERE r.id = ?`,
      )
      .get(id);
    return row ? this.withLines(row) : undefined;
  }

  /** A sale's refunds, oldest first, refused ones included (their status says so). */
  forSale(saleId: string): RefundRecord[] {
    return this.db
      .prepare<[string], RefundRow>(
        `SELECT r.*, o.status FROM refunds r JOIN fiscal_operations o ON o.id = r.fiscal_operation_id
         WHERE r.sale_id = ? ORDER BY o.seq`,
      )
      .all(saleId)
      .map((row) => this.withLines(row));
  }

  /** A refund the fiscal server refused gave nothing back: it does not count. */
  returnedSoFar(saleId: string): ReturnedSoFar {
    const standing = this.forSale(saleId).filter((refund) => refund.status !== 'failed');
    const lines = new Map<number, Omit<RefundItem, 'index'>>();
    const payments = new Map<string, number>();
    for (const refund of standing) {
      for (const i of refund.items) {
        const line = lines.get(i.index) ?? { quantityMilli: 0, amount: 0, vatAmount: 0 };
        lines.set(i.index, {
          quantityMilli: line.quantityMilli + i.quantityMilli,
          amount: line.amount + i.amount,
          vatAmount: line.vatAmount + i.vatAmount,
        });
      }
      for (const p of refund.payments)
        payments.set(p.paymentType, (payments.get(p.paymentType) ?? 0) + p.amount);
    }
    return { lines, payments };
  }

  private withLines(row: RefundRow): RefundRecord {
    const items = this.db
      .prepare<[string], { item_index: number; quantity_milli: number; amount: number; vat_amount: number }>(
        'SELECT * FROM refund_items WHERE refund_id = ? ORDER BY item_index',
      )
      .all(row.id)
      .map((i) => ({
        index: i.item_index,
        quantityMilli: i.quantity_milli,
        amount: i.amount,
        vatAmount: i.vat_amount,
      }));
    const payments = this.db
      .prepare<[string], PaymentRow>(
        `SELECT p.payment_type, p.amount, p.card_transaction_id, c.rrn, c.auth_code, c.cheque_number, c.masked_pan,
           c.scheme, c.bank_terminal_id
         FROM refund_payments p LEFT JOIN card_transactions c ON c.id = p.card_transaction_id
         WHERE p.refund_id = ? ORDER BY p.position`,
      )
      .all(row.id)
      .map((p) => ({
        paymentType: p.payment_type,
        amount: p.amount,
        cardTransactionId: p.card_transaction_id,
        card: cardRefundOf(p),
      }));
    return {
      id: row.id,
      saleId: row.sale_id,
      fiscalOperationId: row.fiscal_operation_id,
      total: row.total,
      reason: row.reason,
      printReceipt: row.print_receipt === 1,
      createdAt: row.created_at,
      status: row.status,
      items,
      payments,
    };
  }
}
