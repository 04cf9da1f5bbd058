/**
 * Lifecycle of a card transaction in the terminal's journal, as a transition table.
 *
 *   sending ──approved / declined──▶ approved | declined
 *      │ ──nothing sent, or the card terminal refused the request──▶ failed
 *      │ ──sent, no usable answer──▶ in_doubt
 *      └──(purchase) interrupted by a restart──▶ cancelling
 *
 *   purchase:      approved | in_doubt ──the sale will not stand──▶ cancelling ──confirmed──▶ cancelled
 *   void, refund:  in_doubt ──resent under the same reference (retry with its Idempotency-Key)──▶ sending
 *                  (a resend not delivered, or refused, goes back to in_doubt: the first may be done)
 *
 * `approved` is final for a purchase once its sale is written (the journal row names the
 * sale). `cancelling` means the terminal decided to take the charge back and the card
 * terminal has not confirmed it yet: it is retried before every card operation and at start.
 */
export type CardTransactionStatus =
  'sending' | 'approved' | 'declined' | 'failed' | 'in_doubt' | 'cancelling' | 'cancelled';

const TRANSITIONS: Readonly<Record<CardTransactionStatus, readonly CardTransactionStatus[]>> = {
  sending: ['approved', 'declined', 'failed', 'in_doubt', 'cancelling'],
  approved: ['cancelling'],
  in_doubt: ['sending', 'cancelling'],
  cancelling: ['cancelled'],
  declined: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: CardTransactionStatus, to: CardTransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class IllegalCardTransitionError extends Error {
  constructor(id: string, from: CardTransactionStatus, to: CardTransactionStatus) {
    super(`Card transaction ${id} cannot move from ${from} to ${to}`);
    this.name = 'IllegalCardTransitionError';
  }
}
