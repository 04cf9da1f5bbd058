import { randomUUID } from 'node:crypto';
import { dayRangeBounds } from '../fiscal-operations/history-page.js';
import type { Db } from '../storage/database.js';
import { shiftStep, type ShiftEvent, type ShiftOpener, type ShiftStep } from './shift-lifecycle.js';
import type { DocumentShifts, ShiftCashier } from '../fiscal-operations/document-shift.js';
import type { ShiftTotals } from './shift-totals.js';

export interface StoredShift {
  id: string;
  number: number;
  openedBy: ShiftOpener;
  openedAt: string;
  closedAt: string | null;
  cashierId: string | null;
  cashierName: string | null;
  /** Drawer balance when the shift opened (bani). */
  openingCashBalance: number;
  /** What the cashier counted at opening, if given (bani). */
  openingCashDeclared: number | null;
  /** What the cashier counted at closing, if given (bani). */
  countedCash: number | null;
  /** Frozen at the close; null while the shift is open. */
  totals: ShiftTotals | null;
}

export interface NewShift {
  openedBy: ShiftOpener;
  openedAt: string;
  cashierId: string | null;
  cashierName: string | null;
  openingCashBalance: number;
  openingCashDeclared: number | null;
}

interface ShiftRow {
  id: string;
  number: number;
  opened_by: ShiftOpener;
  opened_at: string;
  closed_at: string | null;
  cashier_id: string | null;
  cashier_name: string | null;
  opening_cash_balance: number;
  opening_cash_declared: number | null;
  counted_cash: number | null;
  totals_json: string | null;
}

function toShift(row: ShiftRow): StoredShift {
  return {
    id: row.id,
    number: row.number,
    openedBy: row.opened_by,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
    cashierId: row.cashier_id,
    cashierName: row.cashier_name,
    openingCashBalance: row.opening_cash_balance,
    openingCashDeclared: row.opening_cash_declared,
    countedCash: row.counted_cash,
    totals: row.totals_json === null ? null : (JSON.parse(row.totals_json) as ShiftTotals),
  };
}

/** The cashier a shift names, for the sales recorded in it. */
/**
 * Shift records. Every write runs inside the caller's transaction, under the fiscal lock, so
 * the state read and the write that follows it cannot be separated.
 */
export class ShiftStore implements DocumentShifts {
  constructor(private readonly db: Db) {}

  open(): StoredShift | undefined {
    const row = this.db.prepare<[], ShiftRow>('SELECT * FROM shifts WHERE closed_at IS NULL').get();
    return row ? toShift(row) : undefined;
  }

  /** The open shift, if any, and the step `event` takes from there (see shift-lifecycle.ts). */
  step(event: ShiftEvent): { step: ShiftStep; open: StoredShift | undefined } {
    const open = this.open();
    return { step: shiftStep(open ? 'shift_open' : 'no_open_shift', event), open };
  }

  get(id: string): StoredShift | undefined {
    const row = this.db.prepare<[string], ShiftRow>('SELECT * FROM shifts WHERE id = ?').get(id);
    return row ? toShift(row) : undefined;
  }

  require(id: string): StoredShift {
    const shift = this.get(id);
    if (!shift) throw new Error(`Shift ${id} does not exist`);
    return shift;
  }

  /** Inserts the next shift; its number follows the last one. */
  insert(shift: NewShift): StoredShift {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO shifts (id, number, opened_by, opened_at, cashier_id, cashier_name, opening_cash_balance,
           opening_cash_declared)
         VALUES (?, (SELECT COALESCE(MAX(number), 0) + 1 FROM shifts), ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        shift.openedBy,
        shift.openedAt,
        shift.cashierId,
        shift.cashierName,
        shift.openingCashBalance,
        shift.openingCashDeclared,
      );
    return this.require(id);
  }

  /**
   * The shift a sale or cash operation joins; when none is open, the document opens one (with
   * the drawer balance before it). Runs inside the document's transaction. `cashier` is null
   * when the shift names none.
   */
  forDocument(
    at: string,
    drawerBalance: () => number,
  ): { id: string; number: number; cashier: ShiftCashier | null } {
    const { step, open } = this.step('document');
    let shift: StoredShift | undefined;
    if (step.action === 'join') shift = open;
    else if (step.action === 'start') {
      shift = this.insert({
        openedBy: 'first_operation',
        openedAt: at,
        cashierId: null,
        cashierName: null,
        openingCashBalance: drawerBalance(),
        openingCashDeclared: null,
      });
    }
    if (!shift) throw new Error(`a document cannot ${step.action} a shift`);
    const named = shift.cashierId !== null || shift.cashierName !== null;
    return {
      id: shift.id,
      number: shift.number,
      cashier: named ? { id: shift.cashierId, name: shift.cashierName } : null,
    };
  }

  /** Ends the open shift `id`, freezing its totals and the counted cash. */
  close(id: string, closedAt: string, countedCash: number | null, totals: ShiftTotals): void {
    const result = this.db
      .prepare(
        `UPDATE shifts SET closed_at = ?, counted_cash = ?, totals_json = ? WHERE id = ? AND closed_at IS NULL`,
      )
      .run(closedAt, countedCash, JSON.stringify(totals), id);
    if (result.changes !== 1) throw new Error(`Shift ${id} is not open`);
  }

  /** Shifts opened within the calendar days given (the terminal's, dayRangeBounds), newest first. */
  list(query: { dateFrom: string | null; dateTo: string | null; limit: number; offset: number }): {
    shifts: StoredShift[];
    total: number;
  } {
    const { from, to } = dayRangeBounds(query.dateFrom, query.dateTo);
    const total =
      this.db
        .prepare<[string, string], { n: number }>(
          'SELECT COUNT(*) AS n FROM shifts WHERE opened_at >= ? AND opened_at <= ?',
        )
        .get(from, to)?.n ?? 0;
    const shifts = this.db
      .prepare<[string, string, number, number], ShiftRow>(
        'SELECT * FROM shifts WHERE opened_at >= ? AND opened_at <= ? ORDER BY number DESC LIMIT ? OFFSET ?',
      )
      .all(from, to, query.limit, query.offset)
      .map(toShift);
    return { shifts, total };
  }
}
