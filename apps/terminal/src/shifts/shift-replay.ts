import type { Replay } from '../http/define-route.js';
import { presentShiftOf, type ShiftDeps } from './shift-deps.js';

/** Rebuilds an open or close answer from storage: used by idempotent replays after a restart. */
export const shiftReplay: Replay<Pick<ShiftDeps, 'ctx' | 'reports'>> = {
  kind: 'shift',
  rebuild: (d, shiftId) => ({ ok: true, data: presentShiftOf(d, d.ctx.shifts.require(shiftId)) }),
};
