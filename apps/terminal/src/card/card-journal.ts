/**
 * The card-transaction journal. A row is written, durably, before its request leaves for the
 * card terminal, and moves along the transition table as answers come (card-transaction-status.ts).
 */
import type { Db } from '../storage/database.js';
import type { CardApproval, CardDecline } from './card-terminal.js';
import {
  canTransition,
  IllegalCardTransitionError,
  type CardTransactionStatus,
} from './card-transaction-status.js';

export type CardTransactionKind = 'purchase' | 'void' | 'refund';

export interface CardTransaction {
  seq: number;
  /** Our ECR reference. */
  id: string;
  kind: CardTransactionKind;
  status: CardTransactionStatus;
  amount: number;
  targetChequeNumber: string | null;
  targetRrn: string | null;
  authCodeSent: string | null;
  idempotencyKey: string | null;
  rrn: string | null;
  authCode: string | null;
  chequeNumber: string | null;
  maskedPan: string | null;
  scheme: string | null;
  bankTerminalId: string | null;
  /**
   * The card terminal's definite no to this request, with its reason: the bank's decline
   * (status `declined`), or the device's refusal of the request itself (status `failed`, a
   * protocol error such as AUTH_CODE_REQUIRED, not a fault of the device): the same request
   * would be refused again. Null on a `failed` row not sent, or refused by a device that could
   * not take requests then (TERMINAL_ERROR), which a retry may get through.
   */
  declineCode: string | null;
  declineReason: string | null;
  errorMessage: string | null;
  saleId: string | null;
  paymentPosition: number | null;
  cancelReason: string | null;
  cancelledBy: 'void' | 'reversal' | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewCardTransaction {
  id: string;
  kind: CardTransactionKind;
  amount: number;
  targetChequeNumber?: string;
  targetRrn?: string;
  authCodeSent?: string | null;
  idempotencyKey?: string | null;
}

/** Fields a transition may set; an answer's fields are written once, with the answer. */
export interface CardTransitionFields {
  answer?: CardApproval | CardDecline;
  /** The card terminal refused the request itself (not a fault of the device): its definite no. */
  refusal?: { code: string; message: string };
  errorMessage?: string;
  cancelReason?: string;
  cancelledBy?: 'void' | 'reversal';
}

interface Row {
  seq: number;
  id: string;
  kind: CardTransactionKind;
  status: CardTransactionStatus;
  amount: number;
  target_cheque_number: string | null;
  target_rrn: string | null;
  auth_code_sent: string | null;
  idempotency_key: string | null;
  rrn: string | null;
  auth_code: string | null;
  cheque_number: string | null;
  masked_pan: string | null;
  scheme: string | null;
  bank_terminal_id: string | null;
  decline_code: string | null;
  decline_reason: string | null;
  error_message: string | null;
  sale_id: string | null;
  payment_position: number | null;
  cancel_reason: string | null;
  cancelled_by: 'void' | 'reversal' | null;
  created_at: string;
  updated_at: string;
}

function toTransaction(row: Row): CardTransaction {
  return {
    seq: row.seq,
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    targetChequeNumber: row.target_cheque_number,
    targetRrn: row.target_rrn,
    authCodeSent: row.auth_code_sent,
    idempotencyKey: row.idempotency_key,
    rrn: row.rrn,
    authCode: row.auth_code,
    chequeNumber: row.cheque_number,
    maskedPan: row.masked_pan,
    scheme: row.scheme,
    bankTerminalId: row.bank_terminal_id,
    declineCode: row.decline_code,
    declineReason: row.decline_reason,
    errorMessage: row.error_message,
    saleId: row.sale_id,
    paymentPosition: row.payment_position,
    cancelReason: row.cancel_reason,
    cancelledBy: row.cancelled_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class CardJournal {
  constructor(
    private readonly db: Db,
    private readonly now: () => string,
  ) {}

  /** Written before the request is sent, with a durable commit: the write-ahead record. */
  insertSending(t: NewCardTransaction): CardTransaction {
    const at = this.now();
    this.db
      .prepare(
        `INSERT INTO card_transactions (id, kind, status, amount, target_cheque_number, target_rrn, auth_code_sent,
           idempotency_key, created_at, updated_at)
         VALUES (?, ?, 'sending', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        t.id,
        t.kind,
        t.amount,
        t.targetChequeNumber ?? null,
        t.targetRrn ?? null,
        t.authCodeSent ?? null,
        t.idempotencyKey ?? null,
        at,
        at,
      );
    return this.require(t.id);
  }

  get(id: string): CardTransaction | undefined {
    const row = this.db.prepare<[string], Row>('SELECT * FROM card_transactions WHERE id = ?').get(id);
    return row ? toTransaction(row) : undefined;
  }

  require(id: string): CardTransaction {
    const found = this.get(id);
    if (!found) throw new Error(`Card transaction ${id} does not exist`);
    return found;
  }

  /** Moves a row along the transition table; the current status is re-checked in SQL. */
  transition(
    id: string,
    from: CardTransactionStatus,
    to: CardTransactionStatus,
    fields: CardTransitionFields = {},
  ): CardTransaction {
    if (!canTransition(from, to)) throw new IllegalCardTransitionError(id, from, to);
    const approval = fields.answer?.kind === 'approved' ? fields.answer : null;
    const decline = fields.answer?.kind === 'declined' ? fields.answer : null;
    const result = this.db
      .prepare(
        `UPDATE card_transactions SET
           status = @to,
           rrn = COALESCE(@rrn, rrn),
           auth_code = COALESCE(@authCode, auth_code),
           cheque_number = COALESCE(@chequeNumber, cheque_number),
           masked_pan = COALESCE(@maskedPan, masked_pan),
           scheme = COALESCE(@scheme, scheme),
           bank_terminal_id = COALESCE(@bankTerminalId, bank_terminal_id),
           decline_code = COALESCE(@declineCode, decline_code),
           decline_reason = COALESCE(@declineReason, decline_reason),
           error_message = COALESCE(@errorMessage, error_message),
           cancel_reason = COALESCE(@cancelReason, cancel_reason),
           cancelled_by = COALESCE(@cancelledBy, cancelled_by),
           updated_at = @at
         WHERE id = @id AND status = @from`,
      )
      .run({
        id,
        from,
        to,
        rrn: approval?.rrn ?? null,
        authCode: approval?.authCode ?? null,
        chequeNumber: approval?.chequeNumber ?? null,
        maskedPan: approval?.maskedPan ?? null,
        scheme: approval?.scheme ?? null,
        bankTerminalId: fields.answer?.bankTerminalId ?? null,
        declineCode: decline?.code ?? fields.refusal?.code ?? null,
        declineReason: decline?.reason ?? fields.refusal?.message ?? null,
        errorMessage: fields.errorMessage ?? null,
        cancelReason: fields.cancelReason ?? null,
        cancelledBy: fields.cancelledBy ?? null,
        at: this.now(),
      });
    if (result.changes !== 1) throw new IllegalCardTransitionError(id, this.get(id)?.status ?? from, to);
    return this.require(id);
  }

  /** Notes a failure without a change of status (a cancellation the card terminal did not confirm). */
  noteError(id: string, errorMessage: string): void {
    this.db
      .prepare('UPDATE card_transactions SET error_message = ?, updated_at = ? WHERE id = ?')
      .run(errorMessage, this.now(), id);
  }

  /** Names the sale a purchase paid; called inside the sale's own transaction. */
  linkToSale(id: string, saleId: string, paymentPosition: number): void {
    const result = this.db
      .prepare(
        `UPDATE card_transactions SET sale_id = ?, payment_position = ?
         WHERE id = ? AND kind = 'purchase' AND status = 'approved' AND sale_id IS NULL`,
      )
      .run(saleId, paymentPosition, id);
    if (result.changes !== 1) throw new Error(`Card transaction ${id} is not an approved purchase to link`);
  }

  /**
   * The approved purchases of sales the fiscal server refused (`failed`) that no customer was
   * answered with: refused inline (never queued offline), or queued `unanswered` (migration
   * 0033). Of one operation, or (null) of all. What is left of them is to be taken back; a sale
   * answered offline stands for the customer who left with its receipt.
   */
  ofRefusedSales(operationId: string | null): CardTransaction[] {
    return this.db
      .prepare<{ op: string | null }, Row>(
        // Driven from the refused operations (their partial index, which SQLite takes only when
        // the query repeats its condition): this runs before every card operation (#settle),
        // and from the card side it scanned every approved purchase the terminal ever made.
        `SELECT c.* FROM fiscal_operations o INDEXED BY fiscal_operations_failed
           JOIN sales s ON s.seq = o.seq JOIN card_transactions c ON c.sale_id = s.id
         WHERE o.status = 'failed' AND (@op IS NULL OR o.id = @op) AND (o.is_offline = 0 OR o.unanswered = 1)
           AND c.kind = 'purchase' AND c.status = 'approved'
         ORDER BY c.seq`,
      )
      .all({ op: operationId })
      .map(toTransaction);
  }

  /** Purchases the terminal decided to take back whose cancellation is not confirmed yet. */
  cancelling(): CardTransaction[] {
    return this.db
      .prepare<[], Row>(`SELECT * FROM card_transactions WHERE status = 'cancelling' ORDER BY seq`)
      .all()
      .map(toTransaction);
  }

  /** The purchase with this cheque number (or RRN), as this terminal charged it. */
  purchaseBy(by: 'cheque_number' | 'rrn', value: string): CardTransaction | undefined {
    const row = this.db
      .prepare<[string], Row>(
        `SELECT * FROM card_transactions WHERE ${by} = ? AND kind = 'purchase' ORDER BY seq DESC LIMIT 1`,
      )
      .get(value);
    return row ? toTransaction(row) : undefined;
  }

  /** The latest attempt of a void or refund sent with this Idempotency-Key. */
  /**
   * What went back, or may have, of a purchase: its voids (the whole amount) and refunds by its
   * RRN that were approved, are in doubt or being sent, whether a fiscal refund or the
   * standalone card endpoints asked for them. A fiscal refund gives back on the card only what
   * is left, so no money goes back twice.
   */
  returnedOf(
    purchase: Pick<CardTransaction, 'amount' | 'rrn' | 'chequeNumber'>,
    /** A retried request's own row (its Idempotency-Key), which it resends rather than counts. */
    exceptKey: string | null = null,
    /** Only what surely went back (approved), not what is in doubt or being sent. */
    approvedOnly = false,
  ): number {
    const row = this.db
      .prepare<
        { cheque: string | null; rrn: string | null; except: string | null; approvedOnly: number },
        { voided: number; refunded: number }
      >(
        `SELECT
           COALESCE(SUM(CASE WHEN kind = 'void' AND target_cheque_number = @cheque THEN 1 ELSE 0 END), 0) AS voided,
           COALESCE(SUM(CASE WHEN kind = 'refund' AND target_rrn = @rrn THEN amount ELSE 0 END), 0) AS refunded
         FROM card_transactions
         WHERE kind IN ('void', 'refund')
           AND (status = 'approved' OR (@approvedOnly = 0 AND status IN ('sending', 'in_doubt')))
           AND (target_cheque_number = @cheque OR target_rrn = @rrn)
           AND (@except IS NULL OR idempotency_key IS NULL OR idempotency_key != @except)`,
      )
      .get({
        cheque: purchase.chequeNumber,
        rrn: purchase.rrn,
        except: exceptKey,
        approvedOnly: approvedOnly ? 1 : 0,
      });
    if (!row) return 0;
    return row.voided > 0 ? purchase.amount : Math.min(purchase.amount, row.refunded);
  }

  byIdempotencyKey(kind: CardTransactionKind, key: string): CardTransaction | undefined {
    const row = this.db
      .prepare<[string, string], Row>(
        `SELECT * FROM card_transactions WHERE idempotency_key = ? AND kind = ? ORDER BY seq DESC LIMIT 1`,
      )
      .get(key, kind);
    return row ? toTransaction(row) : undefined;
  }

  /** The purchases that paid a sale, by payment position. */
  forSale(saleId: string): CardTransaction[] {
    return this.db
      .prepare<[string], Row>(`SELECT * FROM card_transactions WHERE sale_id = ? ORDER BY payment_position`)
      .all(saleId)
      .map(toTransaction);
  }

  /**
   * After a restart, in one transaction: every purchase a crash caught before its sale was
   * written (sending, in doubt, or approved but linked to no sale) is to be taken back
   * (`cancelling`); those of refused sales are CardPayments.recoverInterrupted's (ofRefusedSales),
   * which takes back only what refunds left of them. A void or refund caught sending is
   * `in_doubt` (a retry with its Idempotency-Key resends the same reference).
   */
  markInterrupted(): { purchases: number; others: number } {
    const at = this.now();
    return this.db.transaction(() => {
      const purchases = this.db
        .prepare(
          `UPDATE card_transactions SET status = 'cancelling', updated_at = ?,
             cancel_reason = 'interrupted by a restart before the sale was written'
           WHERE kind = 'purchase' AND (status IN ('sending', 'in_doubt') OR (status = 'approved' AND sale_id IS NULL))`,
        )
        .run(at).changes;
      const others = this.db
        .prepare(
          `UPDATE card_transactions SET status = 'in_doubt', updated_at = ?,
             error_message = 'interrupted by a restart before the card terminal answered'
           WHERE kind != 'purchase' AND status = 'sending'`,
        )
        .run(at).changes;
      return { purchases, others };
    })();
  }
}
