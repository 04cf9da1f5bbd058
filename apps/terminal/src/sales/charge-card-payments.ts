import { ACPS_CARD, type SaleDraft } from '@fiscal-pos/fiscal';
import type { CardTransaction } from '../card/card-journal.js';
import type { CardPayments } from '../card/card-payments.js';
import type { ReversibleStep } from '../fiscal-operations/perform-fiscal-operation.js';

/** The card payments the terminal charges itself: type card, no RRN (spec, payments[].rrn). */
export function paymentsToCharge(draft: SaleDraft): { position: number; amount: number }[] {
  return draft.payments.flatMap((p, position) =>
    p.type === ACPS_CARD && p.rrn === null ? [{ position, amount: p.amount }] : [],
  );
}

export interface CardPaymentsStep extends ReversibleStep {
  /** The approved purchases, by payment position, once `run` resolved. */
  readonly charged: ReadonlyMap<number, CardTransaction>;
  /** Names the sale in the journal rows; inside the sale's own transaction. */
  linkToSale(saleId: string): void;
}

/**
 * The sale's step before its write: charges each card payment in turn. When one fails, the
 * ones already charged are taken back before the failure is answered; when the sale is then
 * not written or refused by the fiscal server, all of them are.
 */
export function chargeCardPayments(card: CardPayments, draft: SaleDraft): CardPaymentsStep {
  const charged = new Map<number, CardTransaction>();
  const takeBack = (reason: string) => card.cancel([...charged.values()], reason);
  return {
    charged,
    async run() {
      for (const { position, amount } of paymentsToCharge(draft)) {
        try {
          charged.set(position, await card.purchase(amount));
        } catch (error) {
          await takeBack('another card payment of the sale was not approved');
          throw error;
        }
      }
    },
    undo: takeBack,
    linkToSale(saleId) {
      for (const [position, purchase] of charged) card.journal.linkToSale(purchase.id, saleId, position);
    },
  };
}
