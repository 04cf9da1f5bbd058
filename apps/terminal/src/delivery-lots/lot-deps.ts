import type { VatTable } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { DomainError } from '../domain-error.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { ReceiptHeader } from '../receipts/receipt-parts.js';
import type { IdempotencyStore } from '../storage/idempotency-store.js';
import type { Db } from '../storage/database.js';
import type { LotWebhooks } from './lot-webhooks.js';
import type { DeliveryLot, LotStore } from './lot-store.js';

/** What the delivery-lot endpoints, and a sale from a lot, use of the runtime. */
export interface LotDeps {
  db: Db;
  lots: LotStore;
  lotWebhooks: LotWebhooks;
  /** The per-terminal secret the QR payload's check is keyed with. */
  lotSecret: () => string;
  idempotency: IdempotencyStore;
  clock: Clock;
  vatTable: () => VatTable;
  /** Paper of fiscal documents: queued durably, printed in order. */
  printQueue: PrintQueue;
  /** The merchant's header, printed on the delivery note. */
  header: () => ReceiptHeader;
  logger: Logger;
}

/** A lot by id; DELIVERY_LOT_NOT_FOUND when there is none. */
export function loadLot(d: Pick<LotDeps, 'lots'>, lotId: string): DeliveryLot {
  const lot = d.lots.get(lotId.toLowerCase());
  if (!lot) throw new DomainError('DELIVERY_LOT_NOT_FOUND', `Delivery lot ${lotId} was not found`);
  return lot;
}
