import type { VatTable } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import type { CardPayments } from '../card/card-payments.js';
import type { LotDeps } from '../delivery-lots/lot-deps.js';
import { DomainError } from '../domain-error.js';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { ReceiptHeader } from '../receipts/receipt-parts.js';
import type { DeliveryOutbox } from '../receipt-delivery/delivery-outbox.js';
import type { DeliveryWorker } from '../receipt-delivery/delivery-worker.js';
import type { RefundStore } from '../fiscal-documents/refund-store.js';
import type { SaleHistory, SaleStore } from '../fiscal-documents/sale-store.js';

/** What the sale endpoints use of the runtime; the lot parts sell a delivery lot. */
export interface SalesDeps extends Pick<LotDeps, 'lots' | 'lotWebhooks' | 'lotSecret' | 'clock'> {
  ctx: FiscalContext;
  sales: SaleStore;
  refunds: RefundStore;
  /** Receipts to the customer: queued with the document, sent by the worker. */
  deliveries: DeliveryOutbox;
  deliveryWorker: Pick<DeliveryWorker, 'wake'>;
  /** The sales list, read off the fiscal path. */
  history: SaleHistory;
  vatTable: () => VatTable;
  /** Paper of fiscal documents: queued durably, printed in order. */
  printQueue: PrintQueue;
  header: () => ReceiptHeader;
  cashier: { id: string; name: string };
  /** Null when no card terminal is attached. */
  card: CardPayments | null;
  logger: Logger;
}

/** A sale and its fiscal operation; SALE_NOT_FOUND when there is no such sale. */
export function loadSale(d: Pick<SalesDeps, 'ctx' | 'sales'>, saleId: string) {
  // Ids are stored in lower case; a UUID is the same in any case (RFC 9562), as the lot paths take it.
  const sale = d.sales.get(saleId.toLowerCase());
  if (!sale) throw new DomainError('SALE_NOT_FOUND', `Sale ${saleId} was not found`);
  return { sale, op: d.ctx.operations.require(sale.fiscalOperationId) };
}

/** A sale stands unless the fiscal server refused it; one that stands is given back by a fiscal refund. */
export function saleStands(d: Pick<SalesDeps, 'ctx' | 'sales'>, saleId: string): boolean {
  const sale = d.sales.get(saleId);
  return sale !== undefined && d.ctx.operations.require(sale.fiscalOperationId).status !== 'failed';
}
