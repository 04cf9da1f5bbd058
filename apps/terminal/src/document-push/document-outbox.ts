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

/** Why the cloud refused a document, and when. */
export interface Refusal {
  operationId: string;
  reason: string;
  at: string;
}

/**
 * The platform outbox (migrations 0011 and 0026; 0034 the documents the cloud refused): rows are
 * written by triggers, read and confirmed here. It is keyed by (due, seq): the due documents are
 * the key's last range, and a row is found by its seq with `due IN (0, 1)`.
 */
export class DocumentOutbox {
  constructor(private readonly db: Db) {}

  /** The oldest unconfirmed documents, in document order, but those the cloud refused (`refused`). */
  due(limit: number): DueDocument[] {
    // A refused document is passed over: its row stays in the due range, so each read walks past
    // the refused ones before it, a probe each in a table that is empty on a sound terminal.
    return this.#read(
      `WHERE p.due = 1 AND NOT EXISTS (SELECT 1 FROM platform_outbox_refused x WHERE x.seq = p.seq)
       ORDER BY p.seq LIMIT @limit`,
      { limit },
    );
  }

  /** The documents the cloud refused at their current revision, in document order, after `afterSeq`. */
  refused(afterSeq: number, limit: number): DueDocument[] {
    // Driven by the refused rows, not by the due range: a terminal activated after months alone
    // has all of those due, and a round must not walk them.
    return this.#read(
      `WHERE p.due = 1 AND p.seq IN (
         SELECT seq FROM platform_outbox_refused WHERE seq > @afterSeq ORDER BY seq LIMIT @limit)
       ORDER BY p.seq`,
      { afterSeq, limit },
    );
  }

  #read(where: string, params: Record<string, number>): DueDocument[] {
    return this.db
      .prepare<
        [Record<string, number>],
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
           ${where}`,
      )
      .all(params)
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
    // A refusal of the revision confirmed (or an earlier one) is over: the cloud took it.
    const accepted = this.db.prepare(
      'DELETE FROM platform_outbox_refused WHERE seq = @seq AND revision <= @revision',
    );
    this.db.transaction(() => {
      for (const { seq, revision } of pushed) {
        update.run({ revision, seq });
        accepted.run({ revision, seq });
      }
    })();
  }

  /** A push of these failed; a document confirmed meanwhile (the rest of a refused batch) is left alone. */
  noteFailure(seqs: readonly number[], reason: string): void {
    const update = this.db.prepare(
      'UPDATE platform_outbox SET attempts = attempts + 1, last_error = ? WHERE due = 1 AND seq = ?',
    );
    this.db.transaction(() => {
      for (const seq of seqs) update.run(reason, seq);
    })();
  }

  /**
   * The cloud refused this document, pushed alone, at this revision: it is set aside (`due`
   * passes over it) until the cloud takes it or its revision grows, in one durable commit. A
   * revision that grew while the push was on the way is due as it is: nothing is set aside.
   */
  setAside(document: { seq: number; revision: number }, reason: string, at: Date): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO platform_outbox_refused (seq, revision, refused_at, reason)
           SELECT seq, revision, @at, @reason FROM platform_outbox
            WHERE due = 1 AND seq = @seq AND revision = @revision
           ON CONFLICT (seq) DO UPDATE SET refused_at = excluded.refused_at, reason = excluded.reason`,
        )
        .run({ seq: document.seq, revision: document.revision, at: at.toISOString(), reason });
      this.db
        .prepare(
          'UPDATE platform_outbox SET attempts = attempts + 1, last_error = ? WHERE due = 1 AND seq = ?',
        )
        .run(reason, document.seq);
    })();
  }

  /** Documents waiting for the cloud, those it refused included. */
  size(): number {
    return rowCount(this.db, 'platform_outbox_due');
  }

  /** Documents the cloud refused at their current revision (set aside). */
  refusedCount(): number {
    return rowCount(this.db, 'platform_outbox_refused');
  }

  /** The latest refusal of a document still set aside; null when none is. */
  lastRefusal(): Refusal | null {
    const row = this.db
      .prepare<[], { operation_id: string; reason: string; refused_at: string }>(
        `SELECT o.id AS operation_id, x.reason, x.refused_at
           FROM platform_outbox_refused x JOIN fiscal_operations o ON o.seq = x.seq
          ORDER BY x.refused_at DESC, x.seq DESC LIMIT 1`,
      )
      .get();
    return row ? { operationId: row.operation_id, reason: row.reason, at: row.refused_at } : null;
  }
}
