import type { ShiftOpenRequest } from '@fiscal-pos/fiscal';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { ShiftStore, StoredShift } from './shift-store.js';
import { takeShiftStep } from './take-shift-step.js';

/**
 * Opens a shift on request, naming its cashier. The counted opening cash is recorded beside
 * the drawer balance, not put into the drawer: only fiscal documents (cash-in, cash-out, sales)
 * move the drawer, so a float is deposited with POST /api/cash/in.
 */
export function openShift(
  ctx: FiscalContext<ShiftStore>,
  request: ShiftOpenRequest,
  idempotencyKey: string | null,
): Promise<StoredShift> {
  return takeShiftStep(ctx, 'open', (_open, at) => {
    const shift = ctx.shifts.insert({
      openedBy: 'request',
      openedAt: at,
      cashierId: request.cashierId,
      cashierName: request.cashierName,
      openingCashBalance: ctx.operations.cashBalance(ctx.terminalState.get().reportNumber),
      openingCashDeclared: request.openingCash,
    });
    if (idempotencyKey) ctx.idempotency.link(idempotencyKey, 'shift', shift.id);
    return shift;
  });
}
