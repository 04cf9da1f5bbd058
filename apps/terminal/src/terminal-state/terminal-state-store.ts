import { vatTableFromJson, vatTableToJson, type VatTable } from '@fiscal-pos/fiscal';
import { randomBytes, randomUUID } from 'node:crypto';
import { SEES_HELD_WRITES, type Db } from '../storage/database.js';

export interface TerminalState {
  terminalId: string;
  reportNumber: number;
  lastReceiptNumber: number;
  dayStartedAt: string | null;
  /** The open day's VAT table, fixed by its first document; null before it (day-vat-table.ts). */
  dayVatTable: VatTable | null;
  offlineSecret: string;
}

interface StateRow {
  terminal_id: string;
  report_number: number;
  /** Not a column: the open report's highest receipt number (see LAST_RECEIPT_NUMBER). */
  last_receipt_number: number;
  day_started_at: string | null;
  day_vat_table: string | null;
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
  /**
   * The day's table as last read, by its text: the same object while it does not change (null
   * when the text cannot be read as one).
   */
  #vatTable: { text: string; table: VatTable | null } | null = null;

  constructor(
    private readonly db: Db,
    /** Told once per text of a stored day's table that cannot be read (it is then taken as none). */
    private readonly onUnreadableVatTable: (text: string, error: unknown) => void = () => undefined,
  ) {}

  /**
   * A stored table that cannot be read (a damaged page, another version's format) is taken as
   * none, as for a day opened before migration 0031: the day takes the configured table with
   * its next document, which stores it (issueReceiptNumber). Otherwise every fiscal operation,
   * the Z report that clears it included, and health failed on it for good.
   */
  #vatTableOf(text: string | null): VatTable | null {
    if (text === null) return null;
    if (this.#vatTable?.text !== text) {
      let table: VatTable | null = null;
      try {
        table = vatTableFromJson(text);
      } catch (error) {
        this.onUnreadableVatTable(text, error);
      }
      this.#vatTable = { text, table };
    }
    return this.#vatTable.table;
  }

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
      dayVatTable: this.#vatTableOf(row.day_vat_table),
      offlineSecret: row.offline_secret,
    };
  }

  /** The open day's VAT table alone (a sale's parse reads it outside the lock); null before its first document. */
  dayVatTable(): VatTable | null {
    const row = this.db
      .prepare<[], { day_vat_table: string | null }>('SELECT day_vat_table FROM terminal_state WHERE id = 1')
      .get();
    return this.#vatTableOf(row?.day_vat_table ?? null);
  }

  /**
   * Issues the next receipt number of the open Z report, and starts the fiscal day with the VAT
   * table its document was computed with if needed, from `state` as the operation read it under
   * the fiscal lock (`get`), not read again: while the lock is held nothing else numbers a
   * document or closes the day, and the trigger of migration 0025 refuses a number that would
   * not follow the report's last.
   */
  issueReceiptNumber(
    at: string,
    state: TerminalState,
    vatTable: VatTable,
  ): { receiptNumber: number; reportNumber: number } {
    // The row is written by the day's first document only, which starts the day and fixes its
    // table (and by the first document of a day opened before migration 0031, which had none,
    // or whose stored table cannot be read: `state` has none either way).
    if (state.dayStartedAt === null || state.dayVatTable === null) {
      this.db
        .prepare(
          `UPDATE terminal_state SET day_started_at = COALESCE(day_started_at, ?),
             day_vat_table = COALESCE(?, day_vat_table) WHERE id = 1`,
        )
        .run(at, state.dayVatTable === null ? vatTableToJson(vatTable) : null);
    }
    return { receiptNumber: state.lastReceiptNumber + 1, reportNumber: state.reportNumber };
  }

  /**
   * Closes the fiscal day: the next report number, receipt numbering from 1 again, and no VAT
   * table held: the next day's first document fixes the one configured then.
   */
  closeDay(): number {
    const row = this.db
      .prepare<[], { report_number: number }>(
        `UPDATE terminal_state SET report_number = report_number + 1, day_started_at = NULL,
           day_vat_table = NULL WHERE id = 1 RETURNING report_number`,
      )
      .get();
    if (!row) throw new Error('terminal_state is not initialized');
    return row.report_number;
  }
}
