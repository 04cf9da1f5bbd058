import { parseShiftOpenRequest, shiftOpenRequestSchema } from '@fiscal-pos/fiscal';
import { defineRoute } from '../http/define-route.js';
import { openShift } from './open-shift.js';
import { shiftSchema } from './shift-contract.js';
import { presentShiftOf, SHIFT_LOCK_NOTE, type ShiftDeps } from './shift-deps.js';
import { shiftReplay } from './shift-replay.js';

export const openShiftRoute = defineRoute<ShiftDeps>()({
  method: 'POST',
  path: '/api/shifts/open',
  operationId: 'openShift',
  summary: 'Open a shift for a cashier',
  description: `Optional: the first sale or cash operation opens a shift by itself. ${SHIFT_LOCK_NOTE}`,
  tag: 'Shifts',
  authenticated: true,
  body: 'envelope',
  request: { schema: shiftOpenRequestSchema, parse: parseShiftOpenRequest },
  response: shiftSchema,
  errors: ['SHIFT_ALREADY_OPEN', 'BUSY'],
  replay: shiftReplay,
  handler: async ({ services: d, body, idempotencyKey }) =>
    presentShiftOf(d, await openShift(d.ctx, body, idempotencyKey)),
});
