import type { Minor } from '../money/money.js';
import { ACPS_CASH } from './acps.js';
import type { PaymentLine } from './payment-line.js';

/**
 * A document's payments as the shop keeps them: what was tendered beyond the total is the
 * change, and change is handed back from cash only (a sale refuses change above the cash
 * paid: NON_CASH_CHANGE_NOT_ALLOWED). These are the figures sent to the fiscal server and
 * counted by the reports; a document whose payments do not exceed its total (refunds, cash
 * operations, reports) is returned as is.
 *
 * Sales recorded before that rule may carry more change than cash: the cash line then goes
 * negative, which is what the drawer really paid out.
 */
export function keptPayments(payments: readonly PaymentLine[], total: Minor): PaymentLine[] {
  const change = payments.reduce((sum, payment) => sum + payment.amount, 0) - total;
  const kept = payments.map((payment) => ({ ...payment }));
  // A document's payments are summed per code, so there is one cash line at most.
  const cash = kept.find((payment) => payment.code === ACPS_CASH);
  if (change > 0 && cash !== undefined) cash.amount -= change;
  return kept;
}
