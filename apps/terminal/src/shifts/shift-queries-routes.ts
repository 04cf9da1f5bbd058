import { fromMinor } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { DomainError } from '../domain-error.js';
import { defineRoute } from '../http/define-route.js';
import { dateRangeQueryFields, defineQuery, pageQueryFields } from '../http/query-fields.js';
import { currentShiftSchema, shiftListPageSchema, shiftSchema } from './shift-contract.js';
import { presentShiftOf, type ShiftDeps } from './shift-deps.js';

type ShiftReads = Pick<ShiftDeps, 'ctx' | 'reports'>;

export const currentShiftRoute = defineRoute<ShiftReads>()({
  method: 'GET',
  path: '/api/shifts/current',
  operationId: 'getCurrentShift',
  summary: 'The open shift with its running totals, or null; and the drawer balance',
  tag: 'Shifts',
  authenticated: true,
  body: 'envelope',
  response: currentShiftSchema,
  errors: [],
  handler({ services: d }) {
    const open = d.ctx.shifts.open();
    return {
      shift: open ? presentShiftOf(d, open) : null,
      cashBalance: fromMinor(d.ctx.operations.cashBalance(d.ctx.terminalState.get().reportNumber)),
    };
  },
});

export const listShiftsRoute = defineRoute<ShiftReads>()({
  method: 'GET',
  path: '/api/shifts',
  operationId: 'listShifts',
  summary: 'List shifts, newest first (dates filter the opening day)',
  tag: 'Shifts',
  authenticated: true,
  body: 'envelope',
  query: defineQuery({ ...dateRangeQueryFields, ...pageQueryFields }),
  response: shiftListPageSchema,
  errors: ['VALIDATION_ERROR'],
  handler({ services: d, query }) {
    const page = d.ctx.shifts.list(query);
    const { limit, offset } = query;
    return { shifts: page.shifts.map((shift) => presentShiftOf(d, shift)), total: page.total, limit, offset };
  },
});

export const getShiftRoute = defineRoute<ShiftReads>()({
  method: 'GET',
  path: '/api/shifts/:shiftId',
  operationId: 'getShift',
  summary: 'One shift with its totals',
  tag: 'Shifts',
  authenticated: true,
  body: 'envelope',
  params: z.object({ shiftId: z.string().meta({ description: 'shiftId of the shift record (UUID)' }) }),
  response: shiftSchema,
  errors: ['SHIFT_NOT_FOUND'],
  handler({ services: d, params: { shiftId } }) {
    // Stored in lower case; the shiftId filter of the lists takes any case too.
    const shift = d.ctx.shifts.get(shiftId.toLowerCase());
    if (!shift) throw new DomainError('SHIFT_NOT_FOUND', `Shift ${shiftId} was not found`);
    return presentShiftOf(d, shift);
  },
});
