import { timeOrderedId } from '../storage/time-ordered-id.js';
import {
  ACPS_CARD,
  ACPS_CASH,
  formatMinor,
  type RefundCalculation,
  type RefundRequest,
} from '@fiscal-pos/fiscal';
import type { CardTransaction } from '../card/card-journal.js';
import type { CardPayments } from '../card/card-payments.js';
import { DomainError } from '../domain-error.js';
import {
  performFiscalOperation,
  type FiscalContext,
  type OperationAmounts,
  type ReversibleStep,
} from '../fiscal-operations/perform-fiscal-operation.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import type { DeliveryOutbox } from '../receipt-delivery/delivery-outbox.js';
import type { SaleRecord } from '../fiscal-documents/sale-store.js';
import type { RefundPayment, RefundStore } from '../fiscal-documents/refund-store.js';
import { assertRefundable, priceRefund } from './price-refund.js';

export interface CreateRefundOptions {
  sale: SaleRecord;
  saleOperation: FiscalOperationRecord;
  request: RefundRequest;
  idempotencyKey: string | null;
  /** The bank card terminal, if one is attached; card money the terminal charged goes back on it. */
  card: CardPayments | null;
  /** The refund's receipt goes where the sale's went (delivery of the sale). */
  deliveries: DeliveryOutbox;
}

export interface CreatedRefund {
  refundId: string;
  operation: FiscalOperationRecord;
}

/** A part of the refund given back on the card terminal, against one purchase of the sale. */
interface CardRefundPart {
  purchase: CardTransaction;
  amount: number;
}

/**
 * The card money of a refund: first back onto the purchases the terminal charged for the sale,
 * each up to what is left of it (whatever the standalone card endpoints already gave back is
 * not given again), then, for what remains, recorded only (a card payment charged elsewhere is
 * refunded where it was charged: spec, payments[].rrn).
 */
function cardParts(
  card: CardPayments | null,
  sale: SaleRecord,
  cardAmount: number,
  idempotencyKey: string | null,
): CardRefundPart[] {
  const charged = sale.payments.filter((p) => p.card !== null && p.card.status === 'approved');
  if (charged.length === 0 || cardAmount === 0) return [];
  if (!card) {
    throw new DomainError(
      'CARD_TERMINAL_UNAVAILABLE',
      'The sale was paid by card on this terminal and no card terminal is connected to give the money back',
    );
  }
  const parts: CardRefundPart[] = [];
  let left = cardAmount;
  for (const purchase of card.journal.forSale(sale.id)) {
    if (left === 0) break;
    if (purchase.kind !== 'purchase' || purchase.status !== 'approved') continue;
    const returned = card.journal.returnedOf(purchase, cardRefundKey(idempotencyKey, purchase));
    const amount = Math.min(left, purchase.amount - returned);
    if (amount <= 0) continue;
    parts.push({ purchase, amount });
    left -= amount;
  }
  return parts;
}

/**
 * The card refund's own Idempotency-Key, from the refund's: a retry of the refund after an answer
 * in doubt (or a kill -9 while the card terminal was answering) resends the same card refund
 * under the same reference, which the card terminal answers without giving the money twice.
 */
function cardRefundKey(idempotencyKey: string | null, purchase: CardTransaction): string | null {
  return idempotencyKey === null ? null : `refund:${idempotencyKey}:${purchase.id}`;
}

/**
 * The refund's step before its write: the card refunds, in turn. A card refund cannot be taken
 * back (card terminals void and reverse purchases only), so there is no undo: when a later card
 * refund fails, or the document is not written or is refused by the fiscal server, the refunds
 * already approved stay in the card journal, where `returnedOf` counts them. The money is then
 * never given twice, and the retried refund documents it (it sends the card only what is left and
 * records the rest as covered).
 */
function refundOnCard(
  card: CardPayments,
  parts: () => CardRefundPart[],
  idempotencyKey: string | null,
): ReversibleStep & { made: Map<string, CardTransaction> } {
  const made = new Map<string, CardTransaction>();
  return {
    made,
    async run() {
      for (const { purchase, amount } of parts()) {
        const refund = await card.refund({
          rrn: purchase.rrn!,
          amount,
          authCode: purchase.authCode,
          idempotencyKey: cardRefundKey(idempotencyKey, purchase),
        });
        made.set(purchase.id, refund);
      }
    },
    undo: () => Promise.resolve(),
  };
}

/**
 * Records a return of (part of) a sale as one fiscal document of type `refund`: under the
 * fiscal lock, what is left to return is read and the refund computed (calculateRefund), the
 * cash drawer checked, the card money given back on the card terminal, then the refund's rows
 * and its operation written in one durable transaction and registered with the fiscal server,
 * exactly as a sale.
 */
export async function createRefund(
  ctx: FiscalContext,
  refunds: RefundStore,
  o: CreateRefundOptions,
): Promise<CreatedRefund> {
  const { sale, request } = o;
  assertRefundable(sale, o.saleOperation);
  const refundId = timeOrderedId();
  let calculated: { amounts: OperationAmounts; items: RefundCalculation['lines'] } | null = null;
  let parts: CardRefundPart[] = [];
  const cardStep = o.card ? refundOnCard(o.card, () => parts, o.idempotencyKey) : null;

  const operation = await performFiscalOperation(ctx, {
    type: 'refund',
    operationId: timeOrderedId(),
    // Under the lock: what earlier returns took, and the drawer, cannot change meanwhile.
    amounts: (state) => {
      const refund = priceRefund(refunds, sale, o.saleOperation, request);
      const cash = refund.payments.find((p) => p.code === ACPS_CASH)?.amount ?? 0;
      const balance = ctx.operations.cashBalance(state.reportNumber);
      if (cash > balance) {
        throw new DomainError(
          'INSUFFICIENT_CASH_BALANCE',
          `Cash balance ${formatMinor(balance)} MDL is lower than the ${formatMinor(cash)} MDL to give back in cash`,
        );
      }
      const cardAmount = refund.payments.find((p) => p.code === ACPS_CARD)?.amount ?? 0;
      parts = cardParts(o.card, sale, cardAmount, o.idempotencyKey);
      calculated = {
        amounts: {
          totalAmount: refund.total,
          cashDelta: -cash,
          vat: refund.vatBreakdown,
          payments: refund.payments,
        },
        items: refund.lines,
      };
      return calculated.amounts;
    },
    ...(cardStep ? { beforeWrite: cardStep } : {}),
    write: (numbers) => {
      const { amounts, items } = calculated!;
      refunds.insert({
        id: refundId,
        saleId: sale.id,
        fiscalOperationId: numbers.operationId,
        total: amounts.totalAmount,
        reason: request.reason,
        printReceipt: request.printReceipt,
        createdAt: numbers.createdAt,
        items: items.map((i) => ({
          index: i.index,
          quantityMilli: i.quantity,
          amount: i.amount,
          vatAmount: i.vatAmount,
        })),
        payments: refundPaymentRows(amounts, parts, cardStep?.made ?? new Map()),
      });
      if (sale.delivery) {
        o.deliveries.enqueue({ saleId: sale.id, refundId, delivery: sale.delivery, at: numbers.createdAt });
      }
    },
    idempotencyKey: o.idempotencyKey,
    resourceKind: 'refund',
    resourceId: refundId,
  });
  return { refundId, operation };
}

/** One row per card refund made, one per remaining amount of each type. */
function refundPaymentRows(
  amounts: OperationAmounts,
  parts: readonly CardRefundPart[],
  made: ReadonlyMap<string, CardTransaction>,
): RefundPayment[] {
  const rows: RefundPayment[] = [];
  for (const payment of amounts.payments) {
    let left = payment.amount;
    if (payment.code === ACPS_CARD) {
      for (const part of parts) {
        const refund = made.get(part.purchase.id);
        if (!refund) continue;
        rows.push({ paymentType: payment.code, amount: part.amount, cardTransactionId: refund.id });
        left -= part.amount;
      }
    }
    if (left > 0) rows.push({ paymentType: payment.code, amount: left, cardTransactionId: null });
  }
  return rows;
}
