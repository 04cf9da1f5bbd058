/**
 * The terminal's shift, as a transition table (spec, "States and transitions", fiscal day and
 * shift). A shift is a cashier's work period; the fiscal day is closed only by a Z report, and
 * neither closes the other.
 *
 *   no open shift ──open (POST /api/shifts/open)──────────────▶ shift open
 *   no open shift ──document (first sale, cash-in or cash-out)──▶ shift open  (the terminal opens it)
 *   shift open    ──document──▶ shift open                       (the document joins it)
 *   shift open    ──close (POST /api/shifts/close)──▶ no open shift  (no Z report)
 *   shift open    ──open──▶ refused SHIFT_ALREADY_OPEN
 *   no open shift ──close──▶ refused SHIFT_NOT_OPEN
 *
 * X and Z reports are not shift events. A stored shift is `open` until its close, then `closed`
 * for good; at most one is open (a unique index says so too).
 */
export type ShiftState = 'no_open_shift' | 'shift_open';
export type ShiftEvent = 'open' | 'document' | 'close';
type ShiftRefusal = 'SHIFT_ALREADY_OPEN' | 'SHIFT_NOT_OPEN';

/** What an event does: start a shift, join the open one, end it, or nothing (refused). */
export type ShiftStep =
  | { action: 'start'; next: 'shift_open' }
  | { action: 'join'; next: 'shift_open' }
  | { action: 'end'; next: 'no_open_shift' }
  | { action: 'refuse'; code: ShiftRefusal };

const TRANSITIONS: Readonly<Record<ShiftState, Readonly<Record<ShiftEvent, ShiftStep>>>> = {
  no_open_shift: {
    open: { action: 'start', next: 'shift_open' },
    document: { action: 'start', next: 'shift_open' },
    close: { action: 'refuse', code: 'SHIFT_NOT_OPEN' },
  },
  shift_open: {
    open: { action: 'refuse', code: 'SHIFT_ALREADY_OPEN' },
    document: { action: 'join', next: 'shift_open' },
    close: { action: 'end', next: 'no_open_shift' },
  },
};

export function shiftStep(state: ShiftState, event: ShiftEvent): ShiftStep {
  return TRANSITIONS[state][event];
}

/** Status of a stored shift record. */
export const SHIFT_STATUSES = ['open', 'closed'] as const;

/** How a shift was opened: by POST /api/shifts/open, or by the first sale or cash operation. */
export const SHIFT_OPENERS = ['request', 'first_operation'] as const;
export type ShiftOpener = (typeof SHIFT_OPENERS)[number];
