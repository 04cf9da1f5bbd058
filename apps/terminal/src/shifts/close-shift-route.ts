import { parseShiftCloseRequest, shiftCloseRequestSchema } from '@fiscal-pos/fiscal';
import { defineRoute } from '../http/define-route.js';
import { closeShift } from './close-shift.js';
import { shiftSchema } from './shift-contract.js';
import { SHIFT_LOCK_NOTE, type ShiftDeps } from './shift-deps.js';
import { presentShift, totalsOf } from './shift-presenter.js';
import { shiftReplay } from './shift-replay.js';
import { shiftReportDocument } from './shift-report-document.js';

export const closeShiftRoute = defineRoute<ShiftDeps>()({
  method: 'POST',
  path: '/api/shifts/close',
  operationId: 'closeShift',
  summary: 'Close the open shift (no Z report); totals frozen, shift report printed fire-and-forget',
  description: `The fiscal day stays open; the next sale or cash operation opens the next shift. ${SHIFT_LOCK_NOTE}`,
  tag: 'Shifts',
  authenticated: true,
  body: 'envelope',
  request: { schema: shiftCloseRequestSchema, parse: parseShiftCloseRequest },
  response: shiftSchema,
  errors: ['SHIFT_NOT_OPEN', 'CLOCK_BEHIND_LAST_DOCUMENT', 'BUSY'],
  replay: shiftReplay,
  async handler({ services: d, body, idempotencyKey }) {
    const shift = await closeShift(d.ctx, d.reports, body, idempotencyKey);
    const totals = totalsOf(shift, d.reports);
    if (body.printReport) {
      // Queued like receipts: the close is done whatever the paper does.
      d.printQueue.enqueue(
        shiftReportDocument(d.ctx.terminalState.get().terminalId, shift, totals),
        `shift report ${shift.id}`,
      );
    }
    return presentShift(shift, totals);
  },
});
