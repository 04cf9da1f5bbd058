/** What the simulated card terminal did, in order, with the first answer kept per reference. */
import type { ReversalReply, TransactionReply } from '@fiscal-pos/ecr-protocol';
import type { Db } from '../store/database.js';

type PurchaseState = 'charged' | 'voided' | 'reversed';

export interface TransactionRecord {
  seq: number;
  reference: string;
  operation: TransactionReply['operation'];
  requestHash: string;
  result: TransactionReply['result'];
  amount: number;
  currency: string;
  rrn: string | null;
  authCode: string | null;
  chequeNumber: string | null;
  maskedPan: string | null;
  scheme: string | null;
  declineCode: string | null;
  declineReason: string | null;
  originalSeq: number | null;
  authCodeGiven: string | null;
  state: PurchaseState | null;
  refunded: number;
  reply: TransactionReply;
  processedAt: string;
  cancelledAt: string | null;
}

export interface ReversalRecord {
  seq: number;
  reference: string;
  found: boolean;
  reply: ReversalReply;
  reversedAt: string;
}

interface TransactionRow {
  seq: number;
  reference: string;
  operation: TransactionReply['operation'];
  request_hash: string;
  result: TransactionReply['result'];
  amount: number;
  currency: string;
  rrn: string | null;
  auth_code: string | null;
  cheque_number: string | null;
  masked_pan: string | null;
  scheme: string | null;
  decline_code: string | null;
  decline_reason: string | null;
  original_seq: number | null;
  auth_code_given: string | null;
  state: PurchaseState | null;
  refunded: number;
  reply_json: string;
  processed_at: string;
  cancelled_at: string | null;
}

interface ReversalRow {
  seq: number;
  reference: string;
  found: number;
  reply_json: string;
  reversed_at: string;
}

/** A new transaction: what the request asked and the bank decided, before numbers are given. */
export interface NewTransaction {
  reference: string;
  operation: TransactionReply['operation'];
  requestHash: string;
  amount: number;
  originalSeq: number | null;
  authCodeGiven: string | null;
}

export class TransactionStore {
  constructor(private readonly db: Db) {}

  byReference(reference: string): TransactionRecord | null {
    const row = this.db
      .prepare<[string], TransactionRow>('SELECT * FROM transactions WHERE reference = ?')
      .get(reference);
    return row ? toRecord(row) : null;
  }

  /** The approved purchase with this cheque number (or RRN), if any. */
  approvedPurchase(by: 'cheque_number' | 'rrn', value: string): TransactionRecord | null {
    const row = this.db
      .prepare<[string], TransactionRow>(
        `SELECT * FROM transactions WHERE ${by} = ? AND operation = 'purchase' AND result = 'approved'`,
      )
      .get(value);
    return row ? toRecord(row) : null;
  }

  /**
   * Inserts a transaction and completes it with `complete`, which gets the sequence number (the
   * source of the cheque number and RRN) and returns the answer. One transaction: the answer is
   * stored with the row, so a retry under the same reference gets exactly this answer.
   */
  insert(transaction: NewTransaction, complete: (seq: number) => TransactionReply): TransactionReply {
    return this.db.transaction(() => {
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO transactions (reference, operation, request_hash, result, amount, currency, original_seq,
             auth_code_given, reply_json, processed_at)
           VALUES (@reference, @operation, @requestHash, 'declined', @amount, 'MDL', @originalSeq,
             @authCodeGiven, '{}', '')`,
        )
        .run(transaction);
      const seq = Number(lastInsertRowid);
      const reply = complete(seq);
      this.db
        .prepare(
          `UPDATE transactions SET result = @result, rrn = @rrn, auth_code = @authCode,
             cheque_number = @chequeNumber, masked_pan = @maskedPan, scheme = @scheme,
             decline_code = @declineCode, decline_reason = @declineReason, state = @state,
             reply_json = @replyJson, processed_at = @processedAt
           WHERE seq = @seq`,
        )
        .run({
          seq,
          result: reply.result,
          rrn: reply.rrn,
          authCode: reply.authCode,
          chequeNumber: reply.chequeNumber,
          maskedPan: reply.maskedPan,
          scheme: reply.scheme,
          declineCode: reply.declineCode,
          declineReason: reply.declineReason,
          state: reply.operation === 'purchase' && reply.result === 'approved' ? 'charged' : null,
          replyJson: JSON.stringify(reply),
          processedAt: reply.processedAt,
        });
      return reply;
    })();
  }

  cancelPurchase(seq: number, state: 'voided' | 'reversed', at: string): void {
    this.db
      .prepare("UPDATE transactions SET state = ?, cancelled_at = ? WHERE seq = ? AND state = 'charged'")
      .run(state, at, seq);
  }

  addRefunded(seq: number, amount: number): void {
    this.db.prepare('UPDATE transactions SET refunded = refunded + ? WHERE seq = ?').run(amount, seq);
  }

  reversal(reference: string): ReversalRecord | null {
    const row = this.db
      .prepare<[string], ReversalRow>('SELECT * FROM reversals WHERE reference = ?')
      .get(reference);
    return row ? toReversal(row) : null;
  }

  insertReversal(reply: ReversalReply): void {
    this.db
      .prepare('INSERT INTO reversals (reference, found, reply_json, reversed_at) VALUES (?, ?, ?, ?)')
      .run(reply.reference, reply.result === 'reversed' ? 1 : 0, JSON.stringify(reply), reply.processedAt);
  }

  list(filter: {
    operation?: TransactionReply['operation'];
    reference?: string;
    after?: number;
    limit: number;
  }): TransactionRecord[] {
    return this.db
      .prepare<[string | null, string | null, string | null, string | null, number, number], TransactionRow>(
        `SELECT * FROM transactions WHERE (? IS NULL OR operation = ?) AND (? IS NULL OR reference = ?)
           AND seq > ? ORDER BY seq LIMIT ?`,
      )
      .all(
        filter.operation ?? null,
        filter.operation ?? null,
        filter.reference ?? null,
        filter.reference ?? null,
        filter.after ?? 0,
        filter.limit,
      )
      .map(toRecord);
  }

  listReversals(limit: number): ReversalRecord[] {
    return this.db
      .prepare<[number], ReversalRow>('SELECT * FROM reversals ORDER BY seq LIMIT ?')
      .all(limit)
      .map(toReversal);
  }
}

function toRecord(row: TransactionRow): TransactionRecord {
  return {
    seq: row.seq,
    reference: row.reference,
    operation: row.operation,
    requestHash: row.request_hash,
    result: row.result,
    amount: row.amount,
    currency: row.currency,
    rrn: row.rrn,
    authCode: row.auth_code,
    chequeNumber: row.cheque_number,
    maskedPan: row.masked_pan,
    scheme: row.scheme,
    declineCode: row.decline_code,
    declineReason: row.decline_reason,
    originalSeq: row.original_seq,
    authCodeGiven: row.auth_code_given,
    state: row.state,
    refunded: row.refunded,
    reply: JSON.parse(row.reply_json) as TransactionReply,
    processedAt: row.processed_at,
    cancelledAt: row.cancelled_at,
  };
}

function toReversal(row: ReversalRow): ReversalRecord {
  return {
    seq: row.seq,
    reference: row.reference,
    found: row.found === 1,
    reply: JSON.parse(row.reply_json) as ReversalReply,
    reversedAt: row.reversed_at,
  };
}
