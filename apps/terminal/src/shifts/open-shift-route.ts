import { parseShiftOpenRequest, shiftOpenRequestSchema } from '@fiscal-pos/fiscal';
import { defineRoute } from '../http/define-route.js';
import { openShift } from './open-shift.js';
import { FREE_ATTEMPTS } from './pin-lockout.js';
import { shiftSchema } from './shift-contract.js';
import { presentShiftOf, SHIFT_LOCK_NOTE, type ShiftDeps } from './shift-deps.js';
import { shiftReplay } from './shift-replay.js';

export const openShiftRoute = defineRoute<ShiftDeps>()({
  method: 'POST',
  path: '/api/shifts/open',
  operationId: 'openShift',
  summary: 'Open a shift for a cashier',
  description: `Optional: the first sale or cash operation opens a shift by itself. A cashierId of one of the cloud’s cashiers (GET /api/catalog/cashiers) needs their 4-digit pin: 403 CASHIER_PIN_INVALID when wrong, 429 CASHIER_LOCKED with Retry-After after ${FREE_ATTEMPTS} wrong PINs in a row (a wait of 1 minute doubling up to 1 hour). ${SHIFT_LOCK_NOTE}`,
  tag: 'Shifts',
  authenticated: true,
  body: 'envelope',
  request: { schema: shiftOpenRequestSchema, parse: parseShiftOpenRequest },
  response: shiftSchema,
  errors: [
    'SHIFT_ALREADY_OPEN',
    'CASHIER_NOT_FOUND',
    'CASHIER_PIN_INVALID',
    'CASHIER_LOCKED',
    'CLOCK_BEHIND_LAST_DOCUMENT',
    'BUSY',
  ],
  replay: shiftReplay,
  handler: async ({ services: d, body, idempotencyKey }) =>
    // The PIN is checked before the fiscal lock is taken: scrypt takes tens of milliseconds.
    presentShiftOf(d, await openShift(d.ctx, await d.cashierSignIn.identify(body), idempotencyKey)),
});
