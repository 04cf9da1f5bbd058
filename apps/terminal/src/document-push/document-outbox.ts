import type { Db } from '../storage/database.js';
import { rowCount } from '../storage/row-counts.js';

/** A document the cloud has not confirmed at its current revision. */
export interface DueDocument {
  seq: number;
  operationId: string;
  revision: number;
  attempts: number;
  /** The sale this document is (a sale's receipt), or null. */
  saleId: string | null;
  /** The refund this document is, or null. */
  refundId: string | null;
}

/**
 * The platform outbox (migrations 0011 and 0026): rows are written by triggers, read and
 * confirmed here. It is keyed by (due, seq): the due documents are the key's last range, and a
 * row is found by its seq with `due IN (0, 1)`.
 */
export class DocumentOutbox {
  constructor(private readonly db: Db) {}

  /** The oldest unconfirmed documents, in document order. */
  due(limit: number): DueDocument[] {
    return this.db
      .prepare<
        [number],
        {
          seq: number;
          operation_id: string;
          revision: number;
          attempts: number;
          sale_id: string | null;
          refund_id: string | null;
        }
      >(
        `SELECT p.seq, o.id AS operation_id, p.revision, p.attempts, s.id AS sale_id, r.id AS refund_id
           FROM platform_outbox p
           JOIN fiscal_operations o ON o.seq = p.seq
           LEFT JOIN sales s ON s.seq = o.seq
           LEFT JOIN refunds r ON r.fiscal_operation_id = o.id
          WHERE p.due = 1
          ORDER BY p.seq LIMIT ?`,
      )
      .all(limit)
      .map((r) => ({
        seq: r.seq,
        operationId: r.operation_id,
        revision: r.revision,
        attempts: r.attempts,
        saleId: r.sale_id,
        refundId: r.refund_id,
      }));
  }

  /**
   * The cloud has these documents at these revisions. A row whose revision grew meanwhile (the
   * fiscal server answered while the push was on the way) stays due.
   */
  confirm(pushed: readonly { seq: number; revision: number }[]): void {
    // A trigger keeps the count of due documents for health (row_counts platform_outbox_due, migration 0016).
    const update = this.db.prepare(
      `UPDATE platform_outbox SET pushed_revision = max(pushed_revision, @revision),
              due = max(pushed_revision, @revision) < revision, attempts = 0, last_error = NULL
        WHERE due IN (0, 1) AND seq = @seq`,
    );
    this.db.transaction(() => {
      for (const { seq, revision } of pushed) update.run({ revision, seq });
    })();
  }

  noteFailure(seqs: readonly number[], reason: string): void {
    const update = this.db.prepare(
      'UPDATE platform_outbox SET attempts = attempts + 1, last_error = ? WHERE due IN (0, 1) AND seq = ?',
    );
    this.db.transaction(() => {
      for (const seq of seqs) update.run(reason, seq);
    })();
  }

  size(): number {
    return rowCount(this.db, 'platform_outbox_due');
  }
}
