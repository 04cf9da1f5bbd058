import { randomBytes, randomUUID } from 'node:crypto';
import { SEES_HELD_WRITES, type Db } from '../storage/database.js';

export interface TerminalState {
  terminalId: string;
  reportNumber: number;
  lastReceiptNumber: number;
  dayStartedAt: string | null;
  offlineSecret: string;
}

interface StateRow {
  terminal_id: string;
  report_number: number;
  /** Not a column: the open report's highest receipt number (see LAST_RECEIPT_NUMBER). */
  last_receipt_number: number;
  day_started_at: string | null;
  offline_secret: string;
}

/**
 * The open report's last receipt number: that of its newest operation with one, walking the
 * report's index back from its newest entry (a seek, then the few operations without a number
 * since). A number is issued in the transaction that writes its operation, so within a report
 * the numbers grow with seq (a trigger holds it, migration 0025). A counter of its own was a row
 * every sale's commit rewrote (migration 0022), and an index of (report, receipt) a page
 * (migration 0025). An answer held for a later commit changes no receipt number.
 */
const LAST_RECEIPT_NUMBER = `${SEES_HELD_WRITES} COALESCE((SELECT o.receipt_number
  FROM fiscal_operations o INDEXED BY fiscal_operations_report_seq
  WHERE o.report_number = terminal_state.report_number AND o.receipt_number IS NOT NULL
  ORDER BY o.seq DESC LIMIT 1), 0)`;

/** The device's fiscal counters. Every write here happens inside an operation's transaction. */
export class TerminalStateStore {
  constructor(private readonly db: Db) {}

  /** Creates the single state row at first start; later starts keep what is there. */
  initialize(terminalId: string | null): TerminalState {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO terminal_state (id, terminal_id, report_number, day_started_at, offline_secret)
         VALUES (1, ?, 1, NULL, ?)`,
      )
      .run(terminalId ?? `TRM-${randomUUID().slice(0, 8).toUpperCase()}`, randomBytes(32).toString('hex'));
    return this.get();
  }

  get(): TerminalState {
    const row = this.db
      .prepare<[], StateRow>(
        `SELECT *, ${LAST_RECEIPT_NUMBER} AS last_receipt_number FROM terminal_state WHERE id = 1`,
      )
      .get();
    if (!row) throw new Error('terminal_state is not initialized');
    return {
      terminalId: row.terminal_id,
      reportNumber: row.report_number,
      lastReceiptNumber: row.last_receipt_number,
      dayStartedAt: row.day_started_at,
      offlineSecret: row.offline_secret,
    };
  }

  /**
   * Issues the next receipt number of the open Z report and starts the fiscal day if needed,
   * from `state` as the operation read it under the fiscal lock (`get`), not read again: while
   * the lock is held nothing else numbers a document or closes the day, and the trigger of
   * migration 0025 refuses a number that would not follow the report's last.
   */
  issueReceiptNumber(at: string, state: TerminalState): { receiptNumber: number; reportNumber: number } {
    // The row is written by the day's first document only, which starts the day.
    if (state.dayStartedAt === null) {
      this.db
        .prepare('UPDATE terminal_state SET day_started_at = ? WHERE id = 1 AND day_started_at IS NULL')
        .run(at);
    }
    return { receiptNumber: state.lastReceiptNumber + 1, reportNumber: state.reportNumber };
  }

  /** Closes the fiscal day: the next report number, receipt numbering from 1 again. */
  closeDay(): number {
    const row = this.db
      .prepare<[], { report_number: number }>(
        `UPDATE terminal_state SET report_number = report_number + 1, day_started_at = NULL
         WHERE id = 1 RETURNING report_number`,
      )
      .get();
    if (!row) throw new Error('terminal_state is not initialized');
    return row.report_number;
  }
}
