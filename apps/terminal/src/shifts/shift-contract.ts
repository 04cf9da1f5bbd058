import { z } from 'zod';
import { pageFields } from '../http/query-fields.js';
import {
  countSchema,
  documentNumberSchema,
  moneySchema,
  paymentAmountsSchema,
  timestampSchema,
  vatBreakdownSchema,
} from '../http/shared-contract.js';
import { SHIFT_OPENERS, SHIFT_STATUSES } from './shift-lifecycle.js';

/** A shift record: data of open, close, get, and the items of the list. */
export const shiftSchema = z
  .strictObject({
    shiftId: z.uuid(),
    shiftNumber: documentNumberSchema.meta({ description: 'sequential from 1; Z reports do not reset it' }),
    status: z.enum(SHIFT_STATUSES),
    openedBy: z.enum(SHIFT_OPENERS).meta({
      description: '`request`: POST /api/shifts/open; `first_operation`: opened by a sale or cash operation',
    }),
    openedAt: timestampSchema,
    closedAt: timestampSchema.nullable(),
    cashierId: z.string().nullable().meta({ description: 'as given at opening; null when none was' }),
    cashierName: z.string().nullable(),
    reportNumbers: z
      .array(documentNumberSchema)
      .meta({ description: 'Z report numbers (fiscal days) of the shift’s documents, ascending' }),
    receiptsCount: countSchema.meta({ description: 'sale receipts' }),
    salesTotal: moneySchema.meta({ description: 'gross sales' }),
    returnsTotal: moneySchema,
    returnsCount: countSchema,
    vatBreakdown: vatBreakdownSchema,
    paymentTotals: paymentAmountsSchema.meta({
      description: 'per ACPS code, what was kept: cash net of change',
    }),
    paymentCounts: z.record(z.string(), countSchema).meta({
      description: 'per ACPS code, the fiscal receipts (sales and refunds) that moved money with it',
    }),
    changeGiven: moneySchema.meta({ description: 'change handed back on the shift’s sales' }),
    cashIn: moneySchema,
    cashOut: moneySchema,
    cashInCount: countSchema,
    cashOutCount: countSchema,
    openingCashBalance: moneySchema.meta({ description: 'drawer balance when the shift opened' }),
    openingCashDeclared: moneySchema
      .nullable()
      .meta({ description: 'cash counted at opening (openingCash), null when not given' }),
    openingCashDifference: moneySchema
      .nullable()
      .meta({ description: 'openingCashDeclared − openingCashBalance; null when nothing was declared' }),
    expectedCash: moneySchema.meta({
      description:
        'openingCashBalance + cash kept from sales + cashIn − cashOut: the drawer now (open) or at the close',
    }),
    countedCash: moneySchema
      .nullable()
      .meta({ description: 'cash counted at the close, null when not given' }),
    cashDifference: moneySchema
      .nullable()
      .meta({ description: 'countedCash − expectedCash (negative: missing); null without countedCash' }),
  })
  .meta({ id: 'Shift' });

export type ShiftRecord = z.infer<typeof shiftSchema>;

/** data of GET /api/shifts/current. */
export const currentShiftSchema = z
  .strictObject({
    shift: shiftSchema.nullable().meta({ description: 'the open shift; null when none is open' }),
    cashBalance: moneySchema.meta({
      description: 'cash in the drawer now: what an opening count should find',
    }),
  })
  .meta({ id: 'CurrentShift' });

/** data of GET /api/shifts. */
export const shiftListPageSchema = z
  .strictObject({ shifts: z.array(shiftSchema), ...pageFields })
  .meta({ id: 'ShiftListPage' });
