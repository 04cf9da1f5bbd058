import type { Logger } from 'pino';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { ReceiptHeader } from '../receipts/receipt-parts.js';
import type { CashStore } from './cash-store.js';

/** What the cash endpoints use of the runtime. */
export interface CashDeps {
  ctx: FiscalContext;
  cash: CashStore;
  /** Paper of fiscal documents: queued durably, printed in order. */
  printQueue: PrintQueue;
  header: () => ReceiptHeader;
  logger: Logger;
}

/** A cash operation and its fiscal operation (both written by the same transaction). */
export function loadCash(d: Pick<CashDeps, 'ctx' | 'cash'>, id: string) {
  const cash = d.cash.get(id);
  if (!cash) throw new Error(`Cash operation ${id} does not exist`);
  return { cash, op: d.ctx.operations.require(cash.fiscalOperationId) };
}
