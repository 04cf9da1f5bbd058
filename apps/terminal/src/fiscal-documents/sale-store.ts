import type { CardTransaction } from '../card/card-journal.js';
import type { CardApproval } from '../card/card-terminal.js';
import type { CardTransactionStatus } from '../card/card-transaction-status.js';
import type { Db } from '../storage/database.js';
import { historyPage } from '../fiscal-operations/history-page.js';
import type { ListCursor } from '../fiscal-operations/list-cursor.js';

interface StoredSaleItem {
  productId: string | null;
  /** The delivery-lot line this item sells; null for a sale of no lot and for extra lines. */
  lotLineId: string | null;
  name: string;
  quantityMilli: number;
  unitPrice: number;
  originalAmount: number;
  discountAmount: number;
  markupAmount: number;
  netAmount: number;
  vatCode: string;
  vatRateBp: number | null;
  vatAmount: number;
  /** Sold in fractions; null for a sale written before it was kept (migration 0032). */
  allowDecimals: boolean | null;
}

interface StoredPayment {
  paymentType: string;
  amount: number;
  rrn: string | null;
  notes: string | null;
}

/** What the card terminal gave for a payment the terminal charged (from the card journal). */
interface CardCharge extends Omit<CardApproval, 'kind' | 'amount'> {
  /** approved; cancelling/cancelled when the terminal took it back (the sale was refused). */
  status: CardTransactionStatus;
}

export interface SalePayment extends StoredPayment {
  /** Null unless the terminal charged this payment on its card terminal. */
  card: CardCharge | null;
}

interface Delivery {
  customerPhone: string | null;
  customerEmail: string | null;
  customerName: string | null;
  language: string;
}

export interface StoredSale {
  id: string;
  purchaseId: string;
  fiscalOperationId: string;
  subtotal: number;
  cartDiscountAmount: number;
  cartMarkupAmount: number;
  total: number;
  amountReceived: number;
  changeAmount: number;
  delivery: Delivery | null;
  printReceipt: boolean;
  cashierId: string | null;
  cashierName: string | null;
  createdAt: string;
  items: StoredSaleItem[];
  payments: StoredPayment[];
}

/** The shift a sale was recorded in: every sale joins the open shift or opens one (always has). */
export interface SaleShift {
  shiftId: string;
  shiftNumber: number;
}

/** A sale as the list reads it, without items and payments. */
export type SaleHeader = Omit<StoredSale, 'items' | 'payments'> & SaleShift;

/** A sale as read back: its shift, and its payments with their card charge. */
export interface SaleRecord extends StoredSale, SaleShift {
  payments: SalePayment[];
}

interface SaleRow {
  id: string;
  purchase_id: string;
  fiscal_operation_id: string;
  subtotal: number;
  cart_discount_amount: number;
  cart_markup_amount: number;
  total: number;
  amount_received: number;
  change_amount: number;
  delivery_json: string | null;
  print_receipt: number;
  cashier_id: string | null;
  cashier_name: string | null;
  created_at: string;
  /** The payments, StoredPayment[] in their order (migration 0029). */
  payments_json: string;
  shift_id: string;
  shift_number: number;
}

interface ItemRow {
  product_id: string | null;
  lot_line_id: string | null;
  name: string;
  quantity_milli: number;
  unit_price: number;
  original_amount: number;
  discount_amount: number;
  markup_amount: number;
  net_amount: number;
  vat_code: string;
  vat_rate_bp: number | null;
  vat_amount: number;
  allow_decimals: number | null;
}

/** The card-journal row of a payment the terminal charged, by its position in the sale. */
interface CardRow {
  payment_position: number;
  rrn: string | null;
  auth_code: string | null;
  cheque_number: string | null;
  masked_pan: string | null;
  scheme: string | null;
  bank_terminal_id: string | null;
  status: CardTransactionStatus;
}

/** A sale with its operation's UUID and shift, which it has through its fiscal operation (its key, seq). */
const SALE_COLUMNS = 's.*, o.id AS fiscal_operation_id, o.shift_id, sh.number AS shift_number';
const SALE_FROM = `FROM sales s JOIN fiscal_operations o ON o.seq = s.seq
  LEFT JOIN shifts sh ON sh.id = o.shift_id`;

/** A card-journal row's fields as a payment shows them. */
type JournalCharge = Pick<
  CardTransaction,
  'rrn' | 'authCode' | 'chequeNumber' | 'maskedPan' | 'scheme' | 'bankTerminalId' | 'status'
>;

/**
 * The card charge a payment shows, from its card-journal row: one definition for the sale read
 * back (`SaleStore.get`) and the sale presented from the rows it just wrote (`writtenSale`).
 */
function cardChargeOf(t: JournalCharge | undefined): CardCharge | null {
  if (t === undefined) return null;
  const { rrn, chequeNumber } = t;
  return rrn !== null && chequeNumber !== null
    ? {
        rrn,
        authCode: t.authCode,
        chequeNumber,
        maskedPan: t.maskedPan,
        scheme: t.scheme,
        bankTerminalId: t.bankTerminalId ?? '',
        status: t.status,
      }
    : null;
}

/** A stored payment with its card charge: none without a journal row (the terminal did not charge it). */
function toPayment(p: StoredPayment, c: CardRow | undefined): SalePayment {
  return {
    ...p,
    card:
      c === undefined
        ? null
        : cardChargeOf({
            rrn: c.rrn,
            authCode: c.auth_code,
            chequeNumber: c.cheque_number,
            maskedPan: c.masked_pan,
            scheme: c.scheme,
            bankTerminalId: c.bank_terminal_id,
            status: c.status,
          }),
  };
}

/** The payments as stored in the sale's row (migration 0029), in their order. */
function paymentsOf(row: { payments_json: string }): StoredPayment[] {
  return JSON.parse(row.payments_json) as StoredPayment[];
}

/** The payment a list row names: the largest, the first of equals. */
function primaryPaymentType(payments: StoredPayment[]): string | null {
  let primary: StoredPayment | null = null;
  for (const p of payments) if (primary === null || p.amount > primary.amount) primary = p;
  return primary?.paymentType ?? null;
}

/**
 * The sale as `SaleStore.get` reads it back, from the rows the sale's transaction just wrote:
 * its row, the shift the operation joined and the card-journal rows of the payments the
 * terminal charged (by position, as `linkToSale` names them). The fresh answer of POST
 * /api/sales is presented from it without reading the sale back; a replay presents the same
 * record from storage (sale-presented.test.ts holds the two answers equal).
 */
export function writtenSale(
  row: StoredSale,
  shift: SaleShift,
  charged: (position: number) => JournalCharge | undefined,
): SaleRecord {
  return {
    ...row,
    ...shift,
    payments: row.payments.map((p, position) => ({ ...p, card: cardChargeOf(charged(position)) })),
  };
}

/** The sales list read off the fiscal path (history/history-reads.ts runs SaleStore.list on a read worker). */
export interface SaleHistory {
  listSales(query: Parameters<SaleStore['list']>[0]): Promise<ReturnType<SaleStore['list']>>;
}

export class SaleStore {
  constructor(private readonly db: Db) {}

  /**
   * Called inside the sale's fiscal transaction, after its operation's insert: `operationSeq` is
   * that operation's seq (sale.fiscalOperationId its UUID), the sale's key (migration 0029).
   */
  insert(sale: StoredSale, operationSeq: number): void {
    this.db
      .prepare(
        `INSERT INTO sales (seq, id, purchase_id, subtotal, cart_discount_amount, cart_markup_amount, total,
           amount_received, change_amount, delivery_json, print_receipt, cashier_id, cashier_name, created_at, payments_json)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        operationSeq,
        sale.id,
        sale.purchaseId,
        sale.subtotal,
        sale.cartDiscountAmount,
        sale.cartMarkupAmount,
        sale.total,
        sale.amountReceived,
        sale.changeAmount,
        sale.delivery ? JSON.stringify(sale.delivery) : null,
        sale.printReceipt ? 1 : 0,
        sale.cashierId,
        sale.cashierName,
        sale.createdAt,
        JSON.stringify(
          sale.payments.map(({ paymentType, amount, rrn, notes }): StoredPayment => ({
            paymentType,
            amount,
            rrn,
            notes,
          })),
        ),
      );
    const item = this.db.prepare(
      `INSERT INTO sale_items (sale_id, position, product_id, name, quantity_milli, unit_price, original_amount,
         discount_amount, markup_amount, net_amount, vat_code, vat_rate_bp, vat_amount, lot_line_id, allow_decimals)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    sale.items.forEach((i, position) =>
      item.run(
        sale.id,
        position,
        i.productId,
        i.name,
        i.quantityMilli,
        i.unitPrice,
        i.originalAmount,
        i.discountAmount,
        i.markupAmount,
        i.netAmount,
        i.vatCode,
        i.vatRateBp,
        i.vatAmount,
        i.lotLineId,
        i.allowDecimals === null ? null : i.allowDecimals ? 1 : 0,
      ),
    );
  }

  get(id: string): SaleRecord | undefined {
    const row = this.db
      .prepare<[string], SaleRow>(`SELECT ${SALE_COLUMNS} ${SALE_FROM} WHERE s.id = ?`)
      .get(id);
    if (!row) return undefined;
    const items = this.db
      .prepare<[string], ItemRow>('SELECT * FROM sale_items WHERE sale_id = ? ORDER BY position')
      .all(id)
      .map((i) => ({
        productId: i.product_id,
        lotLineId: i.lot_line_id,
        name: i.name,
        quantityMilli: i.quantity_milli,
        unitPrice: i.unit_price,
        originalAmount: i.original_amount,
        discountAmount: i.discount_amount,
        markupAmount: i.markup_amount,
        netAmount: i.net_amount,
        vatCode: i.vat_code,
        vatRateBp: i.vat_rate_bp,
        vatAmount: i.vat_amount,
        allowDecimals: i.allow_decimals === null ? null : i.allow_decimals === 1,
      }));
    const cards = new Map(
      this.db
        .prepare<[string], CardRow>(
          `SELECT payment_position, rrn, auth_code, cheque_number, masked_pan, scheme, bank_terminal_id, status
           FROM card_transactions WHERE sale_id = ? AND payment_position IS NOT NULL`,
        )
        .all(id)
        .map((c) => [c.payment_position, c]),
    );
    const payments = paymentsOf(row).map((p, position) => toPayment(p, cards.get(position)));
    return { ...fromRow(row), items, payments };
  }

  /** A page of the sales, newest first: the receipts' page of the history (history-page.ts). */
  list(query: {
    dateFrom: string | null;
    dateTo: string | null;
    shiftId: string | null;
    limit: number;
    offset: number;
    cursor: ListCursor | null;
  }): {
    sales: (SaleHeader & { status: string; primaryPaymentType: string | null })[];
    total: number;
    nextCursor: string | null;
  } {
    const { limit, offset, cursor, ...filter } = query;
    const page = historyPage(
      this.db,
      { ...filter, type: 'receipt', status: null },
      { limit, offset, cursor },
    );
    const operations = this.db
      .prepare<
        [string],
        Pick<SaleRow, 'shift_id' | 'shift_number'> & { seq: number; id: string; status: string }
      >(
        `SELECT o.seq, o.id, o.status, o.shift_id, sh.number AS shift_number
         FROM fiscal_operations o LEFT JOIN shifts sh ON sh.id = o.shift_id
         WHERE o.seq IN (SELECT value FROM json_each(?)) ORDER BY o.seq DESC`,
      )
      .all(JSON.stringify(page.seqs));
    // A sale is keyed by its operation's seq (migration 0029): the page's sales are the page's seqs.
    const sales = new Map(
      this.db
        .prepare<[string], PageSaleRow & { seq: number }>(
          'SELECT * FROM sales WHERE seq IN (SELECT value FROM json_each(?))',
        )
        .all(JSON.stringify(page.seqs))
        .map((row) => [row.seq, row]),
    );
    return {
      sales: operations.map((o) => {
        const row = sales.get(o.seq);
        if (!row) throw new Error(`fiscal operation ${o.id} is a receipt without its sale`);
        return {
          ...fromRow({
            ...row,
            fiscal_operation_id: o.id,
            shift_id: o.shift_id,
            shift_number: o.shift_number,
          }),
          status: o.status,
          primaryPaymentType: primaryPaymentType(paymentsOf(row)),
        };
      }),
      total: page.total,
      nextCursor: page.nextCursor,
    };
  }
}

/** A sale of a list page: its row (its operation's UUID and shift are its operation's). */
type PageSaleRow = Omit<SaleRow, 'fiscal_operation_id' | 'shift_id' | 'shift_number'>;

function fromRow(row: SaleRow): SaleHeader {
  return {
    id: row.id,
    purchaseId: row.purchase_id,
    fiscalOperationId: row.fiscal_operation_id,
    subtotal: row.subtotal,
    cartDiscountAmount: row.cart_discount_amount,
    cartMarkupAmount: row.cart_markup_amount,
    total: row.total,
    amountReceived: row.amount_received,
    changeAmount: row.change_amount,
    delivery: row.delivery_json ? (JSON.parse(row.delivery_json) as Delivery) : null,
    printReceipt: row.print_receipt === 1,
    cashierId: row.cashier_id,
    cashierName: row.cashier_name,
    createdAt: row.created_at,
    shiftId: row.shift_id,
    shiftNumber: row.shift_number,
  };
}
