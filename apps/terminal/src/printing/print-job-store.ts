import type { Db } from '../storage/database.js';
import { rowCount } from '../storage/row-counts.js';
import type { PrintDocument } from './receipt-printer.js';

export type PrintJobStatus = 'queued' | 'printed' | 'dropped';

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

/** The print_jobs table (migration 0010). */
export class PrintJobStore {
  constructor(private readonly db: Db) {}

  add(document: PrintDocument, source: string, at: string): number {
    // A trigger counts the queued jobs for health (row_counts, migration 0016); finish() moves that count.
    const result = this.db
      .prepare(
        `INSERT INTO print_jobs (kind, source, document, status, created_at) VALUES (?, ?, ?, 'queued', ?)`,
      )
      .run(document.kind, source, JSON.stringify(document), at);
    return Number(result.lastInsertRowid);
  }

  /** The oldest queued job with its document: the printer takes them in order. */
  head(): { job: PrintJob; document: PrintDocument } | null {
    const row = this.db
      .prepare<[], Row & { document: string }>(
        `SELECT ${COLUMNS}, document FROM print_jobs WHERE status = 'queued' ORDER BY id LIMIT 1`,
      )
      .get();
    return row ? { job: fromRow(row), document: JSON.parse(row.document) as PrintDocument } : null;
  }

  get(id: number): PrintJob | null {
    const row = this.db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM print_jobs WHERE id = ?`).get(id);
    return row ? fromRow(row) : null;
  }

  /** Queued jobs in print order, then the latest finished ones, newest first. */
  list(finishedLimit: number): { queued: PrintJob[]; finished: PrintJob[] } {
    const queued = this.db
      .prepare<[], Row>(`SELECT ${COLUMNS} FROM print_jobs WHERE status = 'queued' ORDER BY id`)
      .all();
    const finished = this.db
      .prepare<[number], Row>(
        `SELECT ${COLUMNS} FROM print_jobs WHERE status <> 'queued' ORDER BY id DESC LIMIT ?`,
      )
      .all(finishedLimit);
    return { queued: queued.map(fromRow), finished: finished.map(fromRow) };
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

  /** Ends a queued job; false when it was no longer queued (dropped meanwhile, or printed). */
  finish(id: number, status: Exclude<PrintJobStatus, 'queued'>, at: string): boolean {
    return (
      this.db
        .prepare(
          `UPDATE print_jobs SET status = ?, finished_at = ?, document = NULL WHERE id = ? AND status = 'queued'`,
        )
        .run(status, at, id).changes === 1
    );
  }

  noteFailure(id: number, reason: string): void {
    this.db
      .prepare(
        `UPDATE print_jobs SET attempts = attempts + 1, last_error = ? WHERE id = ? AND status = 'queued'`,
      )
      .run(reason, id);
  }

  /** Forgets finished jobs older than FINISHED_KEPT_DAYS. */
  prune(now: Date): void {
    const before = new Date(now.getTime() - FINISHED_KEPT_DAYS * 86_400_000).toISOString();
    this.db.prepare(`DELETE FROM print_jobs WHERE status <> 'queued' AND finished_at < ?`).run(before);
  }
}
