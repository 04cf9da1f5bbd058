import type { Db } from '../storage/database.js';
import { rowCount } from '../storage/row-counts.js';
import type { PrintDocument } from './receipt-printer.js';

export type PrintJobStatus = 'queued' | 'printed' | 'dropped' | 'unconfirmed' | 'reprinted';

export interface PrintJob {
  id: number;
  kind: PrintDocument['kind'];
  source: string;
  status: PrintJobStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

interface Row {
  id: number;
  kind: PrintDocument['kind'];
  source: string;
  status: PrintJobStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

const COLUMNS = 'id, kind, source, status, attempts, last_error, created_at, finished_at';

const fromRow = (r: Row): PrintJob => ({
  id: r.id,
  kind: r.kind,
  source: r.source,
  status: r.status,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

/** Printed and dropped jobs stay listed this long (the document itself goes at once). */
const FINISHED_KEPT_DAYS = 7;

/** The print_jobs table (migrations 0010, 0017 and 0035). */
export class PrintJobStore {
  constructor(private readonly db: Db) {}

  /** A job to print (`queued`), or one a print on request sent without confirmation (`unconfirmed`). */
  add(
    document: PrintDocument,
    source: string,
    at: string,
    first: { status: 'queued' | 'unconfirmed'; lastError: string } | null = null,
  ): number {
    const status = first?.status ?? 'queued';
    // A trigger counts the queued jobs for health (row_counts, migrations 0016 and 0017); finish() moves that count.
    const result = this.db
      .prepare(
        `INSERT INTO print_jobs (kind, source, document, status, attempts, last_error, created_at, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        document.kind,
        source,
        JSON.stringify(document),
        status,
        first === null ? 0 : 1,
        first?.lastError ?? null,
        at,
        status === 'queued' ? null : at,
      );
    return Number(result.lastInsertRowid);
  }

  transaction<T>(run: () => T): T {
    return this.db.transaction(run)();
  }

  /** The document of an unconfirmed job, for its reprint; null for any other job. */
  unconfirmedDocument(id: number): PrintDocument | null {
    const row = this.db
      .prepare<[number], { document: string }>(
        `SELECT document FROM print_jobs WHERE id = ? AND status = 'unconfirmed'`,
      )
      .get(id);
    return row ? (JSON.parse(row.document) as PrintDocument) : null;
  }

  /** A cashier settled an unconfirmed job: reprinted, or dropped (it did print); false if it was not unconfirmed. */
  settleUnconfirmed(id: number, status: 'reprinted' | 'dropped'): boolean {
    return (
      this.db
        .prepare(`UPDATE print_jobs SET status = ?, document = NULL WHERE id = ? AND status = 'unconfirmed'`)
        .run(status, id).changes === 1
    );
  }

  /** Jobs the printer may have printed without saying so, waiting for a cashier. */
  unconfirmedCount(): number {
    return (
      this.db
        .prepare<[], { n: number }>(`SELECT count(*) AS n FROM print_jobs WHERE status = 'unconfirmed'`)
        .get()?.n ?? 0
    );
  }

  /**
   * The oldest queued job with its document: the printer takes them in order. `sentAt`: when its
   * bytes began to go to the printer, if what came of that was never recorded (migration 0035).
   */
  head(): { job: PrintJob; document: PrintDocument; sentAt: string | null } | null {
    const row = this.db
      .prepare<[], Row & { document: string; sent_at: string | null }>(
        `SELECT ${COLUMNS}, document, sent_at FROM print_jobs WHERE status = 'queued' ORDER BY id LIMIT 1`,
      )
      .get();
    return row
      ? { job: fromRow(row), document: JSON.parse(row.document) as PrintDocument, sentAt: row.sent_at }
      : null;
  }

  /** Written before the first byte of a queued job goes to the printer. */
  markSent(id: number, at: string): void {
    this.db.prepare(`UPDATE print_jobs SET sent_at = ? WHERE id = ? AND status = 'queued'`).run(at, id);
  }

  get(id: number): PrintJob | null {
    const row = this.db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM print_jobs WHERE id = ?`).get(id);
    return row ? fromRow(row) : null;
  }

  /** Queued jobs in print order, unconfirmed ones oldest first, then the latest finished ones, newest first. */
  list(finishedLimit: number): { queued: PrintJob[]; unconfirmed: PrintJob[]; finished: PrintJob[] } {
    const inStatus = (status: 'queued' | 'unconfirmed') =>
      this.db
        .prepare<[string], Row>(`SELECT ${COLUMNS} FROM print_jobs WHERE status = ? ORDER BY id`)
        .all(status)
        .map(fromRow);
    const finished = this.db
      .prepare<[number], Row>(
        `SELECT ${COLUMNS} FROM print_jobs WHERE status NOT IN ('queued', 'unconfirmed') ORDER BY id DESC LIMIT ?`,
      )
      .all(finishedLimit);
    return {
      queued: inStatus('queued'),
      unconfirmed: inStatus('unconfirmed'),
      finished: finished.map(fromRow),
    };
  }

  lastQueuedId(): number | null {
    return (
      this.db
        .prepare<[], { id: number }>(`SELECT max(id) AS id FROM print_jobs WHERE status = 'queued'`)
        .get()?.id ?? null
    );
  }

  /** Whether a job up to `id` still waits. */
  queuedThrough(id: number): boolean {
    return (
      this.db.prepare(`SELECT 1 FROM print_jobs WHERE status = 'queued' AND id <= ? LIMIT 1`).get(id) !==
      undefined
    );
  }

  queuedCount(): number {
    return rowCount(this.db, 'print_jobs_queued');
  }

  /**
   * Ends a queued job; false when it was no longer queued (dropped meanwhile, or printed). An
   * unconfirmed job keeps its document, for a reprint.
   */
  finish(id: number, status: 'printed' | 'dropped' | 'unconfirmed', at: string): boolean {
    return (
      this.db
        .prepare(
          `UPDATE print_jobs SET status = ?, finished_at = ?,
             document = CASE WHEN ? = 'unconfirmed' THEN document END
           WHERE id = ? AND status = 'queued'`,
        )
        .run(status, at, status, id).changes === 1
    );
  }

  /** A failed attempt: the job is tried again (its send, if any, is over: it clears `sent_at`). */
  noteFailure(id: number, reason: string): void {
    this.db
      .prepare(
        `UPDATE print_jobs SET attempts = attempts + 1, last_error = ?, sent_at = NULL
         WHERE id = ? AND status = 'queued'`,
      )
      .run(reason, id);
  }

  /** Forgets finished jobs older than FINISHED_KEPT_DAYS; an unconfirmed one waits for a cashier. */
  prune(now: Date): void {
    const before = new Date(now.getTime() - FINISHED_KEPT_DAYS * 86_400_000).toISOString();
    this.db
      .prepare(`DELETE FROM print_jobs WHERE status NOT IN ('queued', 'unconfirmed') AND finished_at < ?`)
      .run(before);
  }
}
