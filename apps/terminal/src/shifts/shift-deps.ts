import type { Logger } from 'pino';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { ReportStore } from '../reports/report-store.js';
import type { CashierSignIn } from './cashier-sign-in.js';
import type { ShiftRecord } from './shift-contract.js';
import { presentShift, totalsOf } from './shift-presenter.js';
import type { ShiftStore, StoredShift } from './shift-store.js';

/** What the shift endpoints use of the runtime. */
export interface ShiftDeps {
  ctx: FiscalContext<ShiftStore>;
  /** Checks the PIN of a cloud cashier opening a shift. */
  cashierSignIn: CashierSignIn;
  reports: ReportStore;
  /** Paper of fiscal documents: queued durably, printed in order. */
  printQueue: PrintQueue;
  logger: Logger;
}

/** A shift with its totals, as every shift endpoint answers it. */
export function presentShiftOf(d: Pick<ShiftDeps, 'reports'>, shift: StoredShift): ShiftRecord {
  return presentShift(shift, totalsOf(shift, d.reports));
}

/** What opening and closing a shift do, for their descriptions in the document. */
export const SHIFT_LOCK_NOTE =
  'Takes the fiscal lock (waits for the sale or cash operation being recorded; 429 BUSY after the lock timeout). Needs no fiscalization and sends nothing to the fiscal server.';
