import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/database.js';
import { rowCount } from '../storage/row-counts.js';

export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryStatus = 'queued' | 'sent' | 'failed';

export interface ReceiptDelivery {
  id: string;
  saleId: string;
  refundId: string | null;
  channel: DeliveryChannel;
  recipient: string;
  language: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

interface Row {
  id: string;
  sale_id: string;
  refund_id: string | null;
  channel: DeliveryChannel;
  recipient: string;
  language: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

const fromRow = (r: Row): ReceiptDelivery => ({
  id: r.id,
  saleId: r.sale_id,
  refundId: r.refund_id,
  channel: r.channel,
  recipient: r.recipient,
  language: r.language,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});

/** Where a sale asked its receipt to go (delivery of POST /api/sales). */
export interface DeliveryRequest {
  customerEmail: string | null;
  customerPhone: string | null;
  language: string;
}

/**
 * A customer gets their receipts in the order they were issued (a refund's after the sale's): a
 * message waits while an earlier one to the same recipient on the same channel is queued, being
 * sent or waiting for its retry; it goes once that one is sent or given up. The rowid is the
 * order of issue (rows are inserted in it). Index: receipt_deliveries_recipient_queued (0027).
 */
const IN_RECIPIENT_ORDER = `NOT EXISTS (
  SELECT 1 FROM receipt_deliveries AS earlier
   WHERE earlier.status = 'queued' AND earlier.channel = d.channel
     AND earlier.recipient = d.recipient AND earlier.rowid < d.rowid)`;

/** The receipt-delivery outbox (migration 0009). */
export class DeliveryOutbox {
  constructor(private readonly db: Db) {}

  /**
   * Queues the receipt of a sale (or of one of its refunds) on each channel the sale asked for.
   * Called inside the document's fiscal transaction.
   */
  enqueue(o: { saleId: string; refundId: string | null; delivery: DeliveryRequest; at: string }): void {
    // A trigger counts the queued rows for health (row_counts, migration 0016); markSent/markAttemptFailed move that count.
    const insert = this.db.prepare(
      `INSERT INTO receipt_deliveries (id, sale_id, refund_id, channel, recipient, language, status, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
    );
    const { customerEmail, customerPhone, language } = o.delivery;
    if (customerEmail !== null)
      insert.run(randomUUID(), o.saleId, o.refundId, 'email', customerEmail, language, o.at, o.at);
    if (customerPhone !== null)
      insert.run(randomUUID(), o.saleId, o.refundId, 'sms', customerPhone, language, o.at, o.at);
  }

  /**
   * Queued messages of a channel due by `now`, oldest first, but for those `busy` (being sent)
   * and those behind an earlier one to the same recipient (IN_RECIPIENT_ORDER).
   */
  due(now: string, channel: DeliveryChannel, limit: number, busy: readonly string[]): ReceiptDelivery[] {
    return this.db
      .prepare<[string, DeliveryChannel, string, number], Row>(
        `SELECT * FROM receipt_deliveries AS d
          WHERE status = 'queued' AND next_attempt_at <= ? AND channel = ?
            AND id NOT IN (SELECT value FROM json_each(?)) AND ${IN_RECIPIENT_ORDER}
          ORDER BY next_attempt_at, id LIMIT ?`,
      )
      .all(now, channel, JSON.stringify(busy), limit)
      .map(fromRow);
  }

  /**
   * When the next queued message of these channels is due, as `due` would pick it; null: none.
   * One held behind an earlier message to its recipient is not counted: the end of that one's
   * attempt wakes the worker, and a due time already past would spin the timer.
   */
  nextDueAt(channels: readonly DeliveryChannel[], busy: readonly string[]): string | null {
    return (
      this.db
        .prepare<[string, string], { at: string | null }>(
          `SELECT MIN(next_attempt_at) AS at FROM receipt_deliveries AS d
            WHERE status = 'queued' AND channel IN (SELECT value FROM json_each(?))
              AND id NOT IN (SELECT value FROM json_each(?)) AND ${IN_RECIPIENT_ORDER}`,
        )
        .get(JSON.stringify(channels), JSON.stringify(busy))?.at ?? null
    );
  }

  forSale(saleId: string): ReceiptDelivery[] {
    return this.db
      .prepare<[string], Row>(
        'SELECT * FROM receipt_deliveries WHERE sale_id = ? ORDER BY created_at, channel',
      )
      .all(saleId)
      .map(fromRow);
  }

  queuedCount(): number {
    return rowCount(this.db, 'receipt_deliveries_queued');
  }

  markSent(id: string, at: string): void {
    this.db
      .prepare(
        `UPDATE receipt_deliveries SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?`,
      )
      .run(at, id);
  }

  /** A failed attempt: retried at `retryAt`, or given up (`failed`) when that is null. */
  markAttemptFailed(id: string, error: string, retryAt: string | null): void {
    this.db
      .prepare(
        `UPDATE receipt_deliveries SET attempts = attempts + 1, last_error = ?,
           status = CASE WHEN ? IS NULL THEN 'failed' ELSE 'queued' END,
           next_attempt_at = COALESCE(?, next_attempt_at)
         WHERE id = ?`,
      )
      .run(error.slice(0, 500), retryAt, retryAt, id);
  }
}
