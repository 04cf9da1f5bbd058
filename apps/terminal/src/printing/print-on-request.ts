import { DomainError } from '../domain-error.js';
import type { PrintDocument, ReceiptPrinter } from './receipt-printer.js';

/**
 * Printing the caller asked for and waits on (POST /api/print, receipt duplicates), unlike
 * the fire-and-forget receipts of fiscal operations: the answer says whether paper came out.
 */
export function assertPrinterAvailable(printer: ReceiptPrinter): void {
  if (!printer.available)
    throw new DomainError('PRINTER_UNAVAILABLE', 'No printer is connected to the terminal');
}

/** Resolves once the printer took the document; a printer failure is PRINT_ERROR with its message. */
export async function printOnRequest(printer: ReceiptPrinter, document: PrintDocument): Promise<void> {
  try {
    await printer.print(document);
  } catch (error) {
    throw new DomainError('PRINT_ERROR', `Printer error: ${(error as Error).message}`);
  }
}
