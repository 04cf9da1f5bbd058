import { ECR_MAX_AMOUNT } from '@fiscal-pos/ecr-protocol';
import { fromMinor, type SaleDraft } from '@fiscal-pos/fiscal';
import type { FieldError } from '../domain-error.js';
import { paymentsToCharge } from './charge-card-payments.js';

/**
 * The card terminal's protocol cannot carry an amount above ECR_MAX_AMOUNT, so a card payment
 * the terminal would charge above it is refused at its field before the sale starts (a card
 * payment with an RRN was charged elsewhere and is only recorded: no limit of ours applies).
 */
export function cardLimitIssues(draft: SaleDraft): FieldError[] {
  return paymentsToCharge(draft)
    .filter(({ amount }) => amount > ECR_MAX_AMOUNT)
    .map(({ position }) => ({
      field: `payments[${position}].amount`,
      code: 'PAYMENT_AMOUNT_INVALID',
      message: `a card payment charged on the card terminal may be at most ${fromMinor(ECR_MAX_AMOUNT)}`,
    }));
}
