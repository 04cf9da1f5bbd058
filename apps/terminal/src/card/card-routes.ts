import { fromMinor } from '@fiscal-pos/fiscal';
import { ApiError } from '../http/api-error.js';
import type { RouteKit } from '../http/route-kit.js';
import {
  cardRefundRequestSchema,
  cardVoidRequestSchema,
  parseCardRequest,
  type CardOperationResult,
} from './card-contract.js';
import type { CardTransaction } from './card-journal.js';
import type { CardPayments } from './card-payments.js';

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
 * POST /api/card/void and /api/card/refund: money back to a card this terminal charged. They
 * drive the card terminal only (no fiscal document, no fiscal lock); the card terminal lock
 * serialises them with the card payments of sales.
 */
export function registerCardRoutes(kit: RouteKit, card: () => CardPayments | null): void {
  const cardTerminal = (): CardPayments => {
    const attached = card();
    if (!attached)
      throw new ApiError('CARD_TERMINAL_UNAVAILABLE', 'No card terminal is connected to the terminal');
    return attached;
  };

  kit.post('/api/card/void', async (request) => {
    const { chequeNumber } = parseCardRequest(cardVoidRequestSchema, request.body);
    const payments = cardTerminal();
    const voided = await payments.void({ chequeNumber, idempotencyKey: request.idempotencyKey });
    return present(voided, payments.journal.purchaseBy('cheque_number', chequeNumber));
  });

  kit.post('/api/card/refund', async (request) => {
    const body = parseCardRequest(cardRefundRequestSchema, request.body);
    const payments = cardTerminal();
    const refunded = await payments.refund({ ...body, idempotencyKey: request.idempotencyKey });
    return present(refunded, payments.journal.purchaseBy('rrn', body.rrn));
  });
}
