import { z } from 'zod';
import type { ParseResult, ValidationCode } from '../validation/validation-issue.js';
import {
  amountField,
  coded,
  drawerCountLimit,
  flagField,
  parseWithSchema,
  textField,
  withDefault,
} from '../validation/zod-validation.js';

/** Optional printable text of 1-`max` characters, null when omitted. */
const optionalText = (code: ValidationCode, max: number, description: string) =>
  withDefault(textField(code, { min: 1, max }, description), null);

/**
 * POST /api/shifts/open. Every field is optional: an empty body opens an anonymous shift. Strict,
 * as every request that writes is: a misspelt `cashierID`, dropped, opened a shift whose sales
 * name no cashier; it is a VALIDATION_ERROR (UNKNOWN_FIELD).
 */
export const shiftOpenRequestSchema = z
  .strictObject({
    cashierId: optionalText(
      'CASHIER_ID_INVALID',
      50,
      'the ERP’s id of the cashier, 1-50 characters; the shift’s sales carry it',
    ),
    cashierName: optionalText(
      'CASHIER_NAME_INVALID',
      60,
      'name stored and printed with the shift, carried by its sales, 1-60 characters',
    ),
    pin: withDefault(
      z
        .string(coded('PIN_INVALID'))
        .regex(/^[0-9]{4}$/)
        .meta({
          description:
            'the 4-digit PIN of the cashier named by cashierId, checked on the terminal against the cloud’s cashiers (docs/platform.md, "Cashier sign-in")',
        }),
      null,
    ),
    openingCash: withDefault(
      amountField(
        'OPENING_CASH_INVALID',
        {},
        'cash the cashier counted in the drawer at opening, >= 0; recorded and compared with the drawer balance, it moves no money',
        drawerCountLimit,
      ),
      null,
    ),
  })
  .superRefine((request, ctx) => {
    // A PIN proves who a named cashier is: alone it names nobody.
    if (request.pin !== null && request.cashierId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['pin'],
        message: 'PIN_INVALID|pin comes with the cashierId it proves',
      });
  });

/** openingCash in bani; omitted fields are null. */
export type ShiftOpenRequest = z.output<typeof shiftOpenRequestSchema>;

/**
 * POST /api/shifts/close. Strict: a misspelt `countedcash`, dropped, closed the shift (its totals
 * frozen for good) without the count of the drawer.
 */
export const shiftCloseRequestSchema = z.strictObject({
  countedCash: withDefault(
    amountField(
      'COUNTED_CASH_INVALID',
      {},
      'cash the cashier counted in the drawer at closing, >= 0; the answer gives the difference from the expected cash',
      drawerCountLimit,
    ),
    null,
  ),
  printReport: flagField(true, 'print the shift report'),
});

/** countedCash in bani, null when omitted. */
export type ShiftCloseRequest = z.output<typeof shiftCloseRequestSchema>;

export function parseShiftOpenRequest(body: unknown): ParseResult<ShiftOpenRequest> {
  return parseWithSchema(shiftOpenRequestSchema, body);
}

export function parseShiftCloseRequest(body: unknown): ParseResult<ShiftCloseRequest> {
  return parseWithSchema(shiftCloseRequestSchema, body);
}
