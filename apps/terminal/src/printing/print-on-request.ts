import { DomainError } from '../domain-error.js';
import type { PrintOutcome, PrintQueue } from './print-queue.js';
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
 * Resolves with what became of the document: printed, queued (it failed on the way and prints
 * again when it can) or unconfirmed (all of it went to the printer, which never confirmed it).
 * A printer that cannot take it before a byte is sent (unreachable, off, paper out, cover open)
 * is 503 PRINTER_UNAVAILABLE with its own reason: nothing was printed, a retry is safe.
 */
export async function printOnRequest(
  queue: PrintQueue,
  document: PrintDocument,
  source: string,
): Promise<PrintOutcome> {
  assertPrinterAvailable(queue.printer);
  try {
    return await queue.printNow(document, source);
  } catch (error) {
    if (error instanceof PrinterNotReadyError) throw new DomainError('PRINTER_UNAVAILABLE', error.message);
    throw error;
  }
}
