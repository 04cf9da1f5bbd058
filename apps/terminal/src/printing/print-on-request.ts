import { DomainError } from '../domain-error.js';
import type { PrintQueue } from './print-queue.js';
import { PrinterNotReadyError, type PrintDocument, type ReceiptPrinter } from './receipt-printer.js';

/**
 * Printing the caller asked for and waits on (POST /api/print, receipt duplicates), unlike
 * the fire-and-forget receipts of fiscal operations: the answer says whether paper came out.
 */
export function assertPrinterAvailable(printer: ReceiptPrinter): void {
  if (!printer.available)
    throw new DomainError('PRINTER_UNAVAILABLE', 'No printer is connected to the terminal');
}

/**
 * Resolves once the printer confirmed the document. A printer that cannot take it (unreachable,
 * off, paper out, cover open) is 503 PRINTER_UNAVAILABLE; a job that failed on the way is
 * 500 PRINT_ERROR; both with the printer's own reason.
 */
export async function printOnRequest(queue: PrintQueue, document: PrintDocument): Promise<void> {
  assertPrinterAvailable(queue.printer);
  try {
    await queue.printNow(document);
  } catch (error) {
    if (error instanceof PrinterNotReadyError) throw new DomainError('PRINTER_UNAVAILABLE', error.message);
    throw new DomainError('PRINT_ERROR', `Printer error: ${(error as Error).message}`);
  }
}
