import { DomainError } from '../domain-error.js';
import type { Clock } from '../clock.js';
import type { OperationStore } from '../fiscal-operations/operation-store.js';
import { assertPrinterAvailable, printOnRequest } from '../printing/print-on-request.js';
import type { PrintOutcome } from '../printing/print-queue.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { ReceiptHeader } from '../receipts/receipt-parts.js';
import { saleReceiptDuplicate } from '../fiscal-documents/sale-receipt.js';
import { saleQrCode } from '../fiscal-documents/sale-presenter.js';
import type { SaleStore } from '../fiscal-documents/sale-store.js';
import type { ReceiptDuplicate } from './receipt-copy-contract.js';
import type { ReceiptCopyStore } from './receipt-copy-store.js';

export interface ReceiptDuplicateDeps {
  sales: SaleStore;
  operations: OperationStore;
  copies: ReceiptCopyStore;
  printQueue: PrintQueue;
  header: () => ReceiptHeader;
  clock: Clock;
  /** Copies allowed per receipt (DUPLICATE_LIMIT). */
  duplicateLimit: number;
}

/**
 * Prints a numbered duplicate of a sale's receipt and waits for the printer. Non-fiscal: no
 * fiscal lock, nothing sent to the fiscal server. Steps, each with what undoes it:
 * 1. the sale and its document must exist and not be refused by the fiscal server;
 * 2. a printer must be connected;
 * 3. the copy number is reserved durably against the limit (undone if step 4 fails);
 * 4. the copy is printed.
 * A crash between 3 and 4 leaves the copy counted: the limit is never exceeded.
 */
export async function printReceiptDuplicate(
  d: ReceiptDuplicateDeps,
  requestedId: string,
): Promise<ReceiptDuplicate> {
  // A UUID in any case names the sale; its copies are counted under the id it is stored with.
  const sale = d.sales.get(requestedId.toLowerCase());
  if (!sale) throw new DomainError('SALE_NOT_FOUND', `Sale ${requestedId} was not found`);
  const saleId = sale.id;
  const op = d.operations.require(sale.fiscalOperationId);
  if (op.status === 'failed') {
    throw new DomainError(
      'MEV_ERROR',
      `Sale ${saleId} was refused by the fiscal server (${op.errorMessage ?? 'no reason given'}); it has no receipt to copy`,
    );
  }
  assertPrinterAvailable(d.printQueue.printer);

  const printedAt = d.clock.now().toISOString();
  const reserved = d.copies.reserve(saleId, d.duplicateLimit, printedAt);
  if (reserved === null) {
    throw new DomainError(
      'DUPLICATE_LIMIT_REACHED',
      `The receipt of sale ${saleId} already has ${d.duplicateLimit} duplicate cop${d.duplicateLimit === 1 ? 'y' : 'ies'}, the most allowed`,
    );
  }
  const { copyNumber, copiesLeft } = reserved;
  const header = d.header();
  const document = saleReceiptDuplicate(header, sale, op, saleQrCode(header.registrationNumber, sale, op), {
    number: copyNumber,
    printedAt,
  });
  let outcome: PrintOutcome;
  try {
    outcome = await printOnRequest(d.printQueue, document, `duplicate ${copyNumber} of sale ${saleId}`);
  } catch (error) {
    d.copies.release(saleId, copyNumber);
    throw error;
  }
  return {
    saleId,
    fiscalOperationId: op.id,
    receiptNumber: op.receiptNumber,
    reportNumber: op.reportNumber,
    copyNumber,
    copiesLeft,
    ...outcome,
    printedAt,
  };
}
