/**
 * The bank card terminal as the fiscal terminal sees it (the ECR side of the integration).
 *
 * Three kinds of "it did not happen" are kept apart on purpose:
 * - the bank said no: a domain outcome, `{ kind: 'declined' }` (402 CARD_PAYMENT_DECLINED);
 * - the card terminal refused the request itself (busy, a fault, a missing field): the
 *   outcome `{ kind: 'refused' }`, and by the protocol nothing was done;
 * - no answer: thrown as CardTerminalUnreachableError, which says whether the request can
 *   have reached the device (`unknown`: the card may have been charged, reverse it) or
 *   certainly did not (`not-sent`: 503 CARD_TERMINAL_UNAVAILABLE).
 *
 * Every request carries our reference; the card terminal answers a repeated reference with
 * its first answer, so resending after a lost answer never charges twice.
 */

/** Amounts are integer minor units (bani); the currency is MDL. */
export interface CardPurchaseRequest {
  reference: string;
  amount: number;
}

export interface CardVoidRequest {
  reference: string;
  chequeNumber: string;
}

export interface CardRefundRequest {
  reference: string;
  rrn: string;
  amount: number;
  authCode: string | null;
}

/** What the card terminal gave for an approved transaction. */
export interface CardApproval {
  kind: 'approved';
  amount: number;
  rrn: string;
  authCode: string | null;
  chequeNumber: string;
  maskedPan: string | null;
  scheme: string | null;
  bankTerminalId: string;
}

export interface CardDecline {
  kind: 'declined';
  code: string;
  reason: string;
  bankTerminalId: string;
}

/** The card terminal did nothing with the request, and said why. */
export interface CardRefusal {
  kind: 'refused';
  code: string;
  message: string;
  /** The device cannot take requests now (a fault, busy), as opposed to a refusal of this request. */
  deviceFault: boolean;
}

export type CardTransactionOutcome = CardApproval | CardDecline | CardRefusal;

/** `reversed`: what was charged under the reference is cancelled; `not-found`: nothing was. */
export type CardReversalOutcome = { kind: 'reversed' | 'not-found' } | CardRefusal;

/** The answer to a status request: the device can take requests. */
export type CardStatusOutcome = { kind: 'ready'; bankTerminalId: string } | CardRefusal;

export type Delivery = 'not-sent' | 'unknown';

export class CardTerminalUnreachableError extends Error {
  constructor(
    readonly delivery: Delivery,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CardTerminalUnreachableError';
  }
}

export interface CardTerminal {
  /** Where the device is (for health), without credentials. */
  readonly url: string;
  purchase(request: CardPurchaseRequest): Promise<CardTransactionOutcome>;
  /** Voids a purchase by the card terminal's cheque number (the RRN does not work for voids). */
  void(request: CardVoidRequest): Promise<CardTransactionOutcome>;
  /** Gives back (part of) a purchase by its RRN; some banks also want its authorisation code. */
  refund(request: CardRefundRequest): Promise<CardTransactionOutcome>;
  /** Cancels, whole, whatever was charged under the reference of a purchase we could not complete. */
  reverse(reference: string): Promise<CardReversalOutcome>;
  /** Asks whether the device can take requests; answers within a short deadline, moves no money. */
  status(): Promise<CardStatusOutcome>;
  close(): Promise<void>;
}
