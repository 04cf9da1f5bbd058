import { randomUUID } from 'node:crypto';
import { priceSaleDraft, type SaleDraft, type VatTable } from '@fiscal-pos/fiscal';
import type { CardPayments } from '../card/card-payments.js';
import { DomainError } from '../domain-error.js';
import type { DeliveryLot, LotStore } from '../delivery-lots/lot-store.js';
import { markLotSold, saleReport, type SoldItem } from '../delivery-lots/sell-lot.js';
import { performFiscalOperation, type FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { FiscalOperationRecord } from '../fiscal-operations/operation-store.js';
import { chargeCardPayments, paymentsToCharge } from './charge-card-payments.js';
import { saleOperationAmounts, saleRow } from './sale-rows.js';
import { writtenSale, type SaleRecord, type SaleStore } from '../fiscal-documents/sale-store.js';
import type { DeliveryOutbox } from '../receipt-delivery/delivery-outbox.js';
import { timeOrderedId } from '../storage/time-ordered-id.js';

export interface CreateSaleOptions {
  draft: SaleDraft;
  idempotencyKey: string | null;
  cashier: { id: string; name: string };
  /** The bank card terminal, if one is attached; card payments without an RRN need one. */
  card: CardPayments | null;
  /** The delivery lot the sale sells (checked by lotForSale), with the store that marks it sold. */
  fromLot: { lot: DeliveryLot; lots: LotStore } | null;
  /** The receipt-delivery outbox: the receipt is queued in the sale's transaction when asked for. */
  deliveries: DeliveryOutbox;
}

/** The sale's items as a delivery lot sees them. */
export function lotItemsOf(draft: SaleDraft): SoldItem[] {
  return draft.items.map((item) => ({
    lotLineId: item.lotLineId,
    productId: item.id,
    name: item.name,
    quantityMilli: item.quantity,
  }));
}

export interface CreatedSale {
  saleId: string;
  operation: FiscalOperationRecord;
  /** The sale as written, in the form it is read back (`writtenSale`): what its answer presents. */
  sale: SaleRecord;
}

/**
 * The sale computed with the fiscal day's VAT table. The request was parsed with the table in
 * use then; a Z report, or the day's first document, between that and the fiscal lock can
 * have put another one in use, and a day's documents all take its one table. Prices include
 * VAT, so only the VAT moves; a code the day's table lacks is refused as the parse would have.
 */
function pricedForDay(draft: SaleDraft, vatTable: VatTable): SaleDraft {
  const priced = priceSaleDraft(draft, vatTable);
  if (!priced.ok) throw DomainError.validation(priced.issues);
  return priced.value;
}

/**
 * Records a sale as one fiscal document: under the fiscal lock, the card payments without an
 * RRN are charged on the card terminal first (and taken back if the sale does not stand), then
 * numbers, lines, payments, the fiscal operation and the link to the card journal are written
 * in one durable transaction, then the sale is registered with the fiscal server.
 */
export async function createSale(
  ctx: FiscalContext,
  sales: SaleStore,
  o: CreateSaleOptions,
): Promise<CreatedSale> {
  const { draft } = o;
  const card = o.card;
  if (!card && paymentsToCharge(draft).length > 0) {
    throw new DomainError(
      'CARD_TERMINAL_UNAVAILABLE',
      'A card payment without an RRN must be charged on the card terminal, and none is connected; send the RRN of a card payment charged elsewhere',
    );
  }
  const saleId = timeOrderedId();
  const operationId = timeOrderedId();
  const cardStep = card ? chargeCardPayments(card, draft) : null;

  const fromLot = o.fromLot;
  let sale: SaleRecord | null = null;
  // The draft as priced with the fiscal day's VAT table, under the lock.
  let priced = draft;
  const operation = await performFiscalOperation(ctx, {
    type: 'receipt',
    operationId,
    amounts: (_state, vatTable) => {
      priced = pricedForDay(draft, vatTable);
      return saleOperationAmounts(priced);
    },
    ...(cardStep ? { beforeWrite: cardStep } : {}),
    write: (numbers) => {
      const row = saleRow(priced, {
        id: saleId,
        purchaseId: randomUUID(),
        fiscalOperationId: numbers.operationId,
        // The cashier who opened the shift, else the terminal's own.
        cashier: numbers.shiftCashier ?? o.cashier,
        createdAt: numbers.createdAt,
        chargedRrn: (position) => cardStep?.charged.get(position)?.rrn ?? null,
      });
      sales.insert(row, numbers.operationSeq);
      cardStep?.linkToSale(saleId);
      const { shiftId, shiftNumber } = numbers;
      // A receipt always joins a shift or opens one (OPERATION_RULES).
      if (shiftId === null || shiftNumber === null) throw new Error('a sale is written in a shift');
      sale = writtenSale(row, { shiftId, shiftNumber }, (position) => cardStep?.charged.get(position));
      if (draft.delivery) {
        o.deliveries.enqueue({ saleId, refundId: null, delivery: draft.delivery, at: numbers.createdAt });
      }
      if (fromLot) {
        markLotSold(fromLot.lots, saleReport(fromLot.lot, saleId, numbers.createdAt, lotItemsOf(draft)));
      }
    },
    idempotencyKey: o.idempotencyKey,
    resourceKind: 'sale',
    resourceId: saleId,
  }).catch((error: unknown) => {
    // Refused by the fiscal server after it was written: nothing was sold, the lot is open again
    // (a no-op when the sale was never written, or stands: LotStore.reopen judges which).
    fromLot?.lots.reopen(fromLot.lot.id, saleId);
    throw error;
  });
  if (!sale) throw new Error(`sale ${saleId} was registered without being written`);
  return { saleId, operation, sale };
}
