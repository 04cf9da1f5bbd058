import type { Turnover } from '@fiscal-pos/fiscal';
import { guardHeldWrites, SEES_HELD_WRITES, type Db } from '../storage/database.js';
import { rowCount } from '../storage/row-counts.js';
import {
  canTransitionOperation,
  IllegalOperationTransitionError,
  type FiscalOperationStatus as OperationStatus,
  type FiscalOperationType,
  type PaymentLine,
  type VatLine,
} from '@fiscal-pos/fiscal';
import type { ListCursor } from './list-cursor.js';
import { historyPage } from './history-page.js';

export interface FiscalOperationRecord {
  seq: number;
  id: string;
  operationType: FiscalOperationType;
  receiptNumber: number | null;
  reportNumber: number;
  status: OperationStatus;
  isOffline: boolean;
  totalAmount: number;
  cashDelta: number;
  vat: VatLine[];
  payments: PaymentLine[];
  mevId: string | null;
  fiscalCode: string | null;
  offlineFiscalCode: string | null;
  mevResponseXml: string | null;
  errorMessage: string | null;
  attempts: number;
  /** The shift of a sale or cash operation; null for X and Z reports, which belong to the day. */
  shiftId: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** An operation as the list shows it, with its shift's number. */
export interface ListedFiscalOperation extends FiscalOperationRecord {
  shiftNumber: number | null;
}

export interface NewFiscalOperation {
  id: string;
  operationType: FiscalOperationType;
  receiptNumber: number | null;
  reportNumber: number;
  totalAmount: number;
  cashDelta: number;
  vat: VatLine[];
  payments: PaymentLine[];
  shiftId: string | null;
  createdAt: string;
}

/** Fields a transition may set; everything else about an operation is immutable once written. */
export interface TransitionFields {
  isOffline?: boolean;
  mevId?: string;
  fiscalCode?: string;
  offlineFiscalCode?: string;
  mevResponseXml?: string;
  errorMessage?: string | null;
  completedAt?: string;
  countAttempt?: boolean;
}

/** What identifies a stored operation to a transition: its UUID (for errors) and its seq. */
export type StoredOperation = Pick<FiscalOperationRecord, 'id' | 'seq'>;

/** A transition decided but not yet written (OperationStore.hold). */
export interface HeldTransition {
  op: StoredOperation;
  from: OperationStatus;
  to: OperationStatus;
  fields: TransitionFields;
}

/** The record as `transition` leaves it, with the same rules as its UPDATE (unset fields keep their value). */
function transitioned(record: FiscalOperationRecord, { to, fields }: HeldTransition): FiscalOperationRecord {
  return {
    ...record,
    status: to,
    isOffline: fields.isOffline ?? record.isOffline,
    mevId: fields.mevId ?? record.mevId,
    fiscalCode: fields.fiscalCode ?? record.fiscalCode,
    offlineFiscalCode: fields.offlineFiscalCode ?? record.offlineFiscalCode,
    mevResponseXml: fields.mevResponseXml ?? record.mevResponseXml,
    errorMessage: fields.errorMessage === undefined ? record.errorMessage : fields.errorMessage,
    completedAt: fields.completedAt ?? record.completedAt,
    attempts: record.attempts + (fields.countAttempt ? 1 : 0),
  };
}

export interface OperationQuery {
  dateFrom: string | null;
  dateTo: string | null;
  type: FiscalOperationType | null;
  status: OperationStatus | null;
  shiftId: string | null;
  limit: number;
  offset: number;
  cursor: ListCursor | null;
}

interface OperationRow {
  seq: number;
  id: string;
  operation_type: FiscalOperationType;
  receipt_number: number | null;
  report_number: number;
  status: OperationStatus;
  is_offline: number;
  total_amount: number;
  cash_delta: number;
  vat_json: string;
  payments_json: string;
  mev_id: string | null;
  fiscal_code: string | null;
  offline_fiscal_code: string | null;
  mev_response_xml: string | null;
  error_message: string | null;
  attempts: number;
  shift_id: string | null;
  created_at: string;
  completed_at: string | null;
}

function toRecord(row: OperationRow): FiscalOperationRecord {
  return {
    seq: row.seq,
    id: row.id,
    operationType: row.operation_type,
    receiptNumber: row.receipt_number,
    reportNumber: row.report_number,
    status: row.status,
    isOffline: row.is_offline === 1,
    totalAmount: row.total_amount,
    cashDelta: row.cash_delta,
    vat: JSON.parse(row.vat_json) as VatLine[],
    payments: JSON.parse(row.payments_json) as PaymentLine[],
    mevId: row.mev_id,
    fiscalCode: row.fiscal_code,
    offlineFiscalCode: row.offline_fiscal_code,
    mevResponseXml: row.mev_response_xml,
    errorMessage: row.error_message,
    attempts: row.attempts,
    shiftId: row.shift_id,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** The operations list read off the fiscal path (history/history-reads.ts runs OperationStore.list on a read worker). */
export interface OperationHistory {
  listOperations(query: OperationQuery): Promise<ReturnType<OperationStore['list']>>;
}

/**
 * The tables a held transition changes when it is written: the operation's row and, through
 * the triggers on its status (migrations 0011-0022), the outbox, the hourly and running counts.
 */
const HELD_TABLES = /\b(fiscal_operations|platform_outbox|operation_counts|row_counts|shift_counts)\b/;

/**
 * The predicate of the partial index fiscal_operations_queue (migration 0028), which a query
 * must contain for SQLite to use it: the queued operations but the one sent inline.
 */
const QUEUE_INDEXED = `(status IN ('pending','offline') OR (status = 'sent' AND is_offline = 1))`;

/** The seq of the newest operation written `sent` (kept by a trigger, migration 0028). */
const SENT_INLINE = `SELECT n FROM row_counts WHERE name = 'fiscal_operations_sent_inline'`;

export class OperationStore {
  /**
   * Transitions held in memory until the next write carries them (group commit, see `hold`),
   * by operation UUID, in the order they were held.
   */
  readonly #held = new Map<string, HeldTransition>();

  /** The held transitions the open transaction has written: they leave the hold when it commits. */
  #writing: HeldTransition[] = [];

  constructor(private readonly db: Db) {}

  /**
   * Makes every statement of this process on the tables a held transition changes (HELD_TABLES)
   * write the held ones first: into the transaction open, or, outside one, by `flush` in a commit
   * of its own (FiscalRegistrar.flushAnswers). So no reader of the process (the lists, the daily
   * summary, the outbox push, health, /metrics) sees an operation `sent` whose answer it could
   * see, and none acts on it (the push would send the document twice). The fiscal path's own
   * reads before its write are marked SEES_HELD_WRITES: it writes them with its own commit.
   */
  settleHeldBeforeReads(flush: () => void): void {
    guardHeldWrites(this.db, {
      tables: HELD_TABLES,
      settle: (inTransaction) => {
        if (this.#held.size === this.#writing.length) return;
        if (inTransaction) this.writeHeld();
        else flush();
      },
      mark: () => this.#writing.length,
      rolledBackTo: (mark) => {
        this.#writing.length = mark;
      },
      committed: () => {
        for (const each of this.#writing)
          if (this.#held.get(each.op.id) === each) this.#held.delete(each.op.id);
        this.#writing = [];
      },
    });
  }

  /**
   * Writes a new operation `pending`, or `sent` with its first attempt counted when it goes to
   * the server as soon as it is written (FiscalRegistrar.statusOfNew): the write that marks it
   * `sent` is then this one, not a commit of its own. A crash treats both alike (recoverInterrupted).
   * Triggers on this INSERT queue the document for the cloud (platform_outbox, migration 0011)
   * and keep the counts (operation_counts 0012, row_counts 0016).
   */
  insert(op: NewFiscalOperation, status: 'pending' | 'sent' = 'pending'): FiscalOperationRecord {
    const attempts = status === 'sent' ? 1 : 0;
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO fiscal_operations (id, operation_type, receipt_number, report_number, status, attempts,
           total_amount, cash_delta, vat_json, payments_json, shift_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        op.id,
        op.operationType,
        op.receiptNumber,
        op.reportNumber,
        status,
        attempts,
        op.totalAmount,
        op.cashDelta,
        JSON.stringify(op.vat),
        JSON.stringify(op.payments),
        op.shiftId,
        op.createdAt,
      );
    // The row as written, not read back (a seek in the ids' index and two JSON parses under the
    // fiscal lock): no trigger changes it, and the columns not set here start at their defaults.
    return {
      seq: Number(lastInsertRowid),
      id: op.id,
      operationType: op.operationType,
      receiptNumber: op.receiptNumber,
      reportNumber: op.reportNumber,
      status,
      isOffline: false,
      totalAmount: op.totalAmount,
      cashDelta: op.cashDelta,
      vat: op.vat,
      payments: op.payments,
      mevId: null,
      fiscalCode: null,
      offlineFiscalCode: null,
      mevResponseXml: null,
      errorMessage: null,
      attempts,
      shiftId: op.shiftId,
      createdAt: op.createdAt,
      completedAt: null,
    };
  }

  /** The operation as this process knows it: with its held transition, if one waits to be written. */
  get(id: string): FiscalOperationRecord | undefined {
    const row = this.db
      .prepare<[string], OperationRow>(`SELECT * ${SEES_HELD_WRITES} FROM fiscal_operations WHERE id = ?`)
      .get(id);
    if (!row) return undefined;
    const held = this.#held.get(id);
    return held && row.status === held.from ? transitioned(toRecord(row), held) : toRecord(row);
  }

  require(id: string): FiscalOperationRecord {
    const op = this.get(id);
    if (!op) throw new Error(`Fiscal operation ${id} does not exist`);
    return op;
  }

  /**
   * Moves an operation along the transition table; the current status is re-checked in SQL. The
   * row is found by its seq, not its UUID: the UUIDs' index is in random order, so on a long
   * history each lookup would read a leaf page of its own (issue 28: the offline drain).
   */
  transition(
    op: StoredOperation,
    from: OperationStatus,
    to: OperationStatus,
    fields: TransitionFields = {},
  ): void {
    const { id } = op;
    if (!canTransitionOperation(from, to)) throw new IllegalOperationTransitionError(id, from, to);
    // Triggers on this UPDATE re-queue the document for the cloud when status or codes change (0011) and move its counts (0012, 0016).
    const result = this.db
      .prepare(
        `UPDATE fiscal_operations SET
           status = @to,
           is_offline = COALESCE(@isOffline, is_offline),
           mev_id = COALESCE(@mevId, mev_id),
           fiscal_code = COALESCE(@fiscalCode, fiscal_code),
           offline_fiscal_code = COALESCE(@offlineFiscalCode, offline_fiscal_code),
           mev_response_xml = COALESCE(@mevResponseXml, mev_response_xml),
           error_message = CASE WHEN @setError = 1 THEN @errorMessage ELSE error_message END,
           completed_at = COALESCE(@completedAt, completed_at),
           attempts = attempts + @attempt
         WHERE seq = @seq AND id = @id AND status = @from`,
      )
      .run({
        seq: op.seq,
        id,
        from,
        to,
        isOffline: fields.isOffline === undefined ? null : fields.isOffline ? 1 : 0,
        mevId: fields.mevId ?? null,
        fiscalCode: fields.fiscalCode ?? null,
        offlineFiscalCode: fields.offlineFiscalCode ?? null,
        mevResponseXml: fields.mevResponseXml ?? null,
        setError: fields.errorMessage === undefined ? 0 : 1,
        errorMessage: fields.errorMessage ?? null,
        completedAt: fields.completedAt ?? null,
        attempt: fields.countAttempt ? 1 : 0,
      });
    if (result.changes !== 1) {
      const current = this.get(id);
      throw new IllegalOperationTransitionError(id, current?.status ?? from, to);
    }
  }

  /**
   * Notes that the operation joins the offline queue with no request answered with it (a restart
   * or a full disk came between its write and its answer; migration 0033).
   */
  markUnanswered(op: StoredOperation): void {
    this.db.prepare('UPDATE fiscal_operations SET unanswered = 1 WHERE seq = ?').run(op.seq);
  }

  /**
   * Holds a transition in memory instead of writing it: the next transaction that touches the
   * operations writes it with its own rows (the next operation's durable write, see `withHeld`),
   * so that the pages both change (the operation's leaf, its counts, its outbox row) are written
   * once (docs/offline-mode.md, "Group commit of answers"); any other statement on them writes
   * it first (settleHeldBeforeReads). Only for a transition whose loss is recoverable from what
   * is already durable: the fiscal server's registration of a `sent` operation (lost, the
   * operation is re-sent and the server answers again from its deduplication by UUID). `op` is
   * the record as stored (status `from`); the record as the transition leaves it is returned.
   */
  hold(
    op: FiscalOperationRecord,
    from: OperationStatus,
    to: OperationStatus,
    fields: TransitionFields,
  ): FiscalOperationRecord {
    if (!canTransitionOperation(from, to)) throw new IllegalOperationTransitionError(op.id, from, to);
    const held = { op, from, to, fields };
    this.#held.set(op.id, held);
    // What `get` answers from now on, without reading the row back.
    return transitioned(op, held);
  }

  /** The transitions held now, oldest first. */
  held(): HeldTransition[] {
    return [...this.#held.values()];
  }

  /**
   * Writes, inside the transaction open now, the held transitions it has not written yet; they
   * leave the hold when it commits (a rollback leaves them held).
   */
  writeHeld(): void {
    const pending = [...this.#held.values()].filter((each) => !this.#writing.includes(each));
    // Counted as written before their UPDATEs run: those are statements on HELD_TABLES too.
    this.#writing.push(...pending);
    for (const { op, from, to, fields } of pending) this.transition(op, from, to, fields);
  }

  /**
   * Runs `work` in one transaction that first writes the transitions held now: the next
   * operation's durable write, a shift's close (whose totals count what the server registered).
   */
  withHeld<T>(work: () => T): T {
    return this.db.transaction(() => {
      this.writeHeld();
      return work();
    })();
  }

  /** Gives up `held` (from `held()`): their write failed, FiscalRegistrar strands them for the worker. */
  release(held: readonly HeldTransition[]): void {
    for (const each of held) if (this.#held.get(each.op.id) === each) this.#held.delete(each.op.id);
  }

  /**
   * True when an operation still waits for the server: a new one goes behind it, order must be
   * kept. The count of queued operations kept by triggers (migration 0016): the queue index
   * leaves out the operation sent inline (migration 0028).
   */
  hasUnsynced(): boolean {
    return rowCount(this.db, 'fiscal_operations_queued') > 0;
  }

  /**
   * The offline queue, oldest first. The WHERE repeats the predicate of the partial index
   * fiscal_operations_queue (QUEUE_INDEXED): SQLite uses a partial index only for a WHERE that
   * contains its predicate, and `status = 'offline'` alone made every call scan the whole history.
   */
  offlineQueue(limit: number): FiscalOperationRecord[] {
    return this.db
      .prepare<[number], OperationRow>(
        `SELECT * FROM fiscal_operations INDEXED BY fiscal_operations_queue
         WHERE ${QUEUE_INDEXED} AND status = 'offline' ORDER BY seq LIMIT ?`,
      )
      .all(limit)
      .map(toRecord);
  }

  /**
   * The sale of each refund among `ops`, by the refund's operation UUID: its operation's UUID and
   * status (a refund is held behind its sale, FiscalRegistrar.sendQueued).
   */
  salesOfRefunds(
    ops: readonly FiscalOperationRecord[],
  ): Map<string, { id: string; status: OperationStatus; errorMessage: string | null }> {
    const refunds = ops.filter((op) => op.operationType === 'refund').map((op) => op.id);
    if (refunds.length === 0) return new Map();
    const rows = this.db
      .prepare<
        [string],
        { refund: string; id: string; status: OperationStatus; error_message: string | null }
      >(
        `SELECT r.fiscal_operation_id AS refund, o.id, o.status, o.error_message
           FROM refunds r JOIN sales s ON s.id = r.sale_id JOIN fiscal_operations o ON o.seq = s.seq
          WHERE r.fiscal_operation_id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(refunds));
    return new Map(
      rows.map((r) => [r.refund, { id: r.id, status: r.status, errorMessage: r.error_message }]),
    );
  }

  /**
   * Operations a crash interrupted between their durable write and the server's answer, oldest
   * first: those of the queue index, and the newest operation written `sent` if it still is
   * (the one the index leaves out, migration 0028).
   */
  interrupted(): FiscalOperationRecord[] {
    const indexed = this.db
      .prepare<[], OperationRow>(
        `SELECT * FROM fiscal_operations INDEXED BY fiscal_operations_queue
         WHERE ${QUEUE_INDEXED} AND status IN ('pending','sent')`,
      )
      .all();
    const inline = this.db
      .prepare<[], OperationRow>(
        `SELECT * FROM fiscal_operations WHERE seq = (${SENT_INLINE}) AND status = 'sent' AND is_offline = 0`,
      )
      .get();
    // Sorted here, not by SQL: a seek per status gives each status's rows in order, not all of them.
    return [...indexed, ...(inline ? [inline] : [])].sort((a, b) => a.seq - b.seq).map(toRecord);
  }

  /** When the last document was written (the highest seq): no later one may be dated before it. */
  lastCreatedAt(): string | null {
    return (
      this.db
        .prepare<[], { created_at: string }>(
          `SELECT created_at ${SEES_HELD_WRITES} FROM fiscal_operations ORDER BY seq DESC LIMIT 1`,
        )
        .get()?.created_at ?? null
    );
  }

  /**
   * The offline queue's size (kept by triggers, migration 0016) and when its first operation
   * was created: operations are numbered in the order they are created and the queue drains in
   * that order, so the oldest is the lowest seq, found by a seek per status in
   * fiscal_operations_queue where MIN(created_at) read every queued row, or the operation sent
   * inline (which the index leaves out) while it waits.
   */
  queueStats(): { size: number; oldestCreatedAt: string | null } {
    const oldest = this.db
      .prepare<[], { created_at: string }>(
        `SELECT created_at FROM fiscal_operations
          WHERE seq = (SELECT MIN(seq) FROM (
            SELECT MIN(seq) AS seq FROM fiscal_operations INDEXED BY fiscal_operations_queue WHERE ${QUEUE_INDEXED}
            UNION ALL
            SELECT seq FROM fiscal_operations WHERE seq = (${SENT_INLINE}) AND status = 'sent'))`,
      )
      .get();
    return {
      size: rowCount(this.db, 'fiscal_operations_queued'),
      oldestCreatedAt: oldest?.created_at ?? null,
    };
  }

  /**
   * How many operations of each type are in each status (zero counts are left out), from the
   * counts kept by triggers (migration 0016): one row per type and status, whatever the history.
   */
  countByTypeAndStatus(): { type: FiscalOperationType; status: OperationStatus; count: number }[] {
    return this.db
      .prepare<[], { type: FiscalOperationType; status: OperationStatus; count: number }>(
        `SELECT operation_type AS type, status, n AS count FROM row_counts WHERE name = 'fiscal_operations' AND n > 0`,
      )
      .all();
  }

  /**
   * Cash in the drawer during one Z report: what the previous day closed with, plus this day's
   * movements. Refused documents never moved money.
   */
  cashBalance(reportNumber: number): number {
    return (
      this.db
        .prepare<[number, number], { balance: number }>(
          `SELECT COALESCE((SELECT closing_cash_balance FROM z_reports WHERE report_number = ?), 0)
             + COALESCE((SELECT SUM(cash_delta) FROM fiscal_operations WHERE report_number = ? AND status != 'failed'), 0)
             AS balance`,
        )
        .get(reportNumber - 1, reportNumber)?.balance ?? 0
    );
  }

  /**
   * What the open fiscal day, the open shift and the calendar year `year` (YYYY, local) have used
   * of their turnover limits (packages/fiscal money/limits.ts): the drawer each started with plus
   * the totals of its sales, refunds and cash-ins. The year counts the Z reports closed in it and
   * the open day, which may still close in it. Read under the fiscal lock, before a document is
   * written; refused documents never moved money. The open day's, the open shift's and the
   * year's closed days' sums are their rows of row_counts (migrations 0020, 0019 and 0030), so
   * the read grows with none of them.
   */
  turnover(reportNumber: number, year: string): Turnover {
    const row = this.db
      .prepare<{ report: number; year: string }, { day: number; shift: number | null; closed: number }>(
        // A held answer moves a document from `sent` to `success`, which count alike here.
        `SELECT ${SEES_HELD_WRITES}
           COALESCE((SELECT closing_cash_balance FROM z_reports WHERE report_number = @report - 1), 0)
             -- Bound numbers are REAL to SQLite ('report 3.0'): the cast names the row as the triggers do.
             + COALESCE((SELECT SUM(amount) FROM row_counts WHERE name = 'report ' || CAST(@report AS INTEGER)
                 AND status != 'failed' AND operation_type IN ('receipt', 'refund', 'cash_in')), 0) AS day,
           (SELECT s.opening_cash_balance
              + COALESCE((SELECT SUM(c.amount) FROM row_counts c WHERE c.name = 'shift ' || s.id
                  AND c.status != 'failed' AND c.operation_type IN ('receipt', 'refund', 'cash_in')), 0)
            FROM shifts s WHERE s.closed_at IS NULL) AS shift,
           COALESCE((SELECT amount FROM row_counts
             WHERE name = 'year ' || @year AND operation_type = '' AND status = ''), 0) AS closed`,
      )
      .get({ report: reportNumber, year })!;
    // No shift open: the document opens one, with the drawer, which the day already counts.
    return { day: row.day, shift: row.shift ?? row.day, year: row.closed + row.day };
  }

  /** A page of the history, newest first (see history-page.ts for how it avoids reading it). */
  list(query: OperationQuery): {
    operations: ListedFiscalOperation[];
    total: number;
    nextCursor: string | null;
  } {
    const { limit, offset, cursor, ...filter } = query;
    const page = historyPage(this.db, filter, { limit, offset, cursor });
    const operations = this.db
      .prepare<[string], OperationRow & { shift_number: number | null }>(
        `SELECT o.*, sh.number AS shift_number FROM fiscal_operations o LEFT JOIN shifts sh ON sh.id = o.shift_id
         WHERE o.seq IN (SELECT value FROM json_each(?)) ORDER BY o.seq DESC`,
      )
      .all(JSON.stringify(page.seqs))
      .map((row) => ({ ...toRecord(row), shiftNumber: row.shift_number }));
    return { operations, total: page.total, nextCursor: page.nextCursor };
  }
}
