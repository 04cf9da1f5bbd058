import { DomainError } from '../domain-error.js';
import { nextDocumentTime } from '../fiscal-operations/document-clock.js';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { ShiftEvent } from './shift-lifecycle.js';
import type { ShiftStore, StoredShift } from './shift-store.js';

function refusal(code: 'SHIFT_ALREADY_OPEN' | 'SHIFT_NOT_OPEN', open: StoredShift | undefined): DomainError {
  return code === 'SHIFT_ALREADY_OPEN' && open
    ? new DomainError(
        code,
        `Shift ${open.number} is already open (since ${open.openedAt}); close it with POST /api/shifts/close first`,
      )
    : new DomainError(
        'SHIFT_NOT_OPEN',
        'No shift is open; a shift opens with POST /api/shifts/open or with the first sale or cash operation',
      );
}

/**
 * Takes a shift event (open or close) under the fiscal lock, in one durable transaction (with
 * the fiscal server's answers held for the next commit): the documents being recorded finish
 * first, so a shift never opens or closes between a sale's write and its answer, and the
 * totals frozen at a close are those of finished documents.
 * A refused step (see shift-lifecycle.ts) changes nothing; so does a clock behind the last
 * document (CLOCK_BEHIND_LAST_DOCUMENT).
 */
export function takeShiftStep<T>(
  ctx: FiscalContext<ShiftStore>,
  event: Exclude<ShiftEvent, 'document'>,
  work: (open: StoredShift | undefined, at: string) => T,
): Promise<T> {
  return ctx.lock.run(() => {
    // A shift's opening and closing are dated like documents: never before the last one.
    const at = nextDocumentTime(ctx.operations.lastCreatedAt(), ctx.clock.now()).toISOString();
    // The server's answers held for the next commit go first: a close counts what it registered.
    return Promise.resolve(
      ctx.operations.withHeld(() => {
        const { step, open } = ctx.shifts.step(event);
        if (step.action === 'refuse') throw refusal(step.code, open);
        return work(open, at);
      }),
    );
  });
}
