import { fromMinor } from '@fiscal-pos/fiscal';
import { DomainError } from '../domain-error.js';
import { defineRoute, type EndpointErrorCode } from '../http/define-route.js';
import {
  cardOperationResultSchema,
  cardRefundRequestSchema,
  cardRequestBody,
  cardVoidRequestSchema,
  type CardOperationResult,
} from './card-contract.js';
import type { CardTransaction } from './card-journal.js';
import type { CardPayments } from './card-payments.js';

/*
 * POST /api/card/void and /api/card/refund: money back to a card this terminal charged, for a
 * payment whose sale does not stand (DESIGN.md "Returns"): one the fiscal server refused after it
 * was answered offline, or one never documented. They drive the card terminal only (no fiscal
 * document, no fiscal lock); the card terminal lock serialises them with the card payments of
 * sales. Money of a sale that stands goes back by its fiscal refund, which documents it.
 */

export interface CardDeps {
  /** Null when no card terminal is attached. */
  card: CardPayments | null;
  /** Whether the sale stands: it was not refused by the fiscal server. */
  standingSale: (saleId: string) => boolean;
}

function present(t: CardTransaction, original: CardTransaction | undefined): CardOperationResult {
  if (t.kind === 'purchase' || t.rrn === null || t.chequeNumber === null) {
    throw new Error(`card transaction ${t.id} is not an approved void or refund`);
  }
  return {
    transactionId: t.id,
    operation: t.kind,
    status: 'approved',
    amount: fromMinor(t.amount),
    rrn: t.rrn,
    authCode: t.authCode,
    chequeNumber: t.chequeNumber,
    maskedPan: t.maskedPan,
    scheme: t.scheme,
    bankTerminalId: t.bankTerminalId ?? '',
    original: { rrn: original?.rrn ?? null, chequeNumber: original?.chequeNumber ?? null },
    createdAt: t.createdAt,
  };
}

/**
 * 409 FISCAL_REFUND_REQUIRED for a payment of a sale that stands: money given back without a
 * document would leave the sale showing the card approved and the Z report counting it as kept.
 */
function refuseStandingSale(services: CardDeps, purchase: CardTransaction | undefined): void {
  const saleId = purchase?.saleId;
  if (saleId && services.standingSale(saleId)) {
    throw new DomainError(
      'FISCAL_REFUND_REQUIRED',
      `The card payment belongs to sale ${saleId}, which stands: give the money back with its fiscal refund, POST /api/sales/${saleId}/refund`,
    );
  }
}

function attached({ card }: CardDeps): CardPayments {
  if (!card)
    throw new DomainError('CARD_TERMINAL_UNAVAILABLE', 'No card terminal is connected to the terminal');
  return card;
}

const CARD_ERRORS = [
  'FISCAL_REFUND_REQUIRED',
  'BUSY',
  'CARD_PAYMENT_DECLINED',
  'CARD_PAYMENT_ERROR',
  'CARD_TERMINAL_UNAVAILABLE',
] as const satisfies readonly EndpointErrorCode[];

const DRIVES_THE_CARD_TERMINAL_ONLY =
  'For a card payment whose sale does not stand (refused by the fiscal server after it was answered offline): drives the bank card terminal only, the money goes back to the card and no fiscal document is issued. A payment of a sale that stands is refused with 409 FISCAL_REFUND_REQUIRED naming the sale’s refund, POST /api/sales/{saleId}/refund, which gives card money back on the card terminal and documents it.';

export const voidCardPaymentRoute = defineRoute<CardDeps>()({
  method: 'POST',
  path: '/api/card/void',
  operationId: 'voidCardPayment',
  summary: 'Void a card payment of a sale that does not stand, by its cheque number (not a fiscal document)',
  description: `${DRIVES_THE_CARD_TERMINAL_ONLY} Serialised with the other card terminal operations by the card terminal lock, not the fiscal lock.`,
  tag: 'Card terminal',
  authenticated: true,
  body: 'envelope',
  request: cardRequestBody(cardVoidRequestSchema),
  response: cardOperationResultSchema,
  errors: CARD_ERRORS,
  async handler({ services, body: { chequeNumber }, idempotencyKey }) {
    const payments = attached(services);
    refuseStandingSale(services, payments.journal.purchaseBy('cheque_number', chequeNumber));
    const voided = await payments.void({ chequeNumber, idempotencyKey });
    return present(voided, payments.journal.purchaseBy('cheque_number', chequeNumber));
  },
});

export const refundCardPaymentRoute = defineRoute<CardDeps>()({
  method: 'POST',
  path: '/api/card/refund',
  operationId: 'refundCardPayment',
  summary:
    'Refund (part of) a card payment of a sale that does not stand, by its RRN (not a fiscal document)',
  description: `${DRIVES_THE_CARD_TERMINAL_ONLY} Some banks need the authorisation code of the payment (400 AUTH_CODE_REQUIRED without it).`,
  tag: 'Card terminal',
  authenticated: true,
  body: 'envelope',
  request: cardRequestBody(cardRefundRequestSchema),
  response: cardOperationResultSchema,
  errors: CARD_ERRORS,
  async handler({ services, body, idempotencyKey }) {
    const payments = attached(services);
    refuseStandingSale(services, payments.journal.purchaseBy('rrn', body.rrn));
    const refunded = await payments.refund({ ...body, idempotencyKey });
    return present(refunded, payments.journal.purchaseBy('rrn', body.rrn));
  },
});
