import { z } from 'zod';
import type { ParseResult } from '../validation/validation-issue.js';
import {
  amountField,
  flagField,
  parseWithSchema,
  textField,
  withDefault,
} from '../validation/zod-validation.js';

/**
 * POST /api/cash/in and /api/cash/out. Strict, as the sale is: a field it does not have
 * (`currency`, `reasn`, `printReciept`) is a VALIDATION_ERROR (UNKNOWN_FIELD), not a fiscal
 * document made of the part that was understood.
 */
export const cashRequestSchema = z.strictObject({
  amount: amountField('AMOUNT_INVALID', { positive: true }, 'amount deposited or withdrawn'),
  // The spec's only code for the reason; it also covers control characters (README).
  reason: withDefault(textField('REASON_TOO_LONG', { max: 100 }, 'max 100 characters'), null),
  printReceipt: flagField(true, 'print the service receipt'),
});

/** amount in bani; reason null when omitted. */
export type CashRequest = z.output<typeof cashRequestSchema>;

export function parseCashRequest(body: unknown): ParseResult<CashRequest> {
  return parseWithSchema(cashRequestSchema, body);
}
