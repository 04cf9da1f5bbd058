import type { ShiftCloseRequest } from '@fiscal-pos/fiscal';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { ReportStore } from '../reports/report-store.js';
import type { ShiftStore, StoredShift } from './shift-store.js';
import { shiftTotals } from './shift-totals.js';
import { takeShiftStep } from './take-shift-step.js';

/**
 * Closes the open shift: its totals are frozen with the cash counted, and the next sale or
 * cash operation opens the next shift. No Z report: the fiscal day stays open.
 */
export function closeShift(
  ctx: FiscalContext<ShiftStore>,
  reports: ReportStore,
  request: ShiftCloseRequest,
  idempotencyKey: string | null,
): Promise<StoredShift> {
  return takeShiftStep(ctx, 'close', (open, at) => {
    if (!open) throw new Error('a shift closes only when one is open');
    ctx.shifts.close(
      open.id,
      at,
      request.countedCash,
      shiftTotals(reports.shiftRecords(open.id), open.openingCashBalance),
    );
    if (idempotencyKey) ctx.idempotency.link(idempotencyKey, 'shift', open.id);
    return ctx.shifts.require(open.id);
  });
}
