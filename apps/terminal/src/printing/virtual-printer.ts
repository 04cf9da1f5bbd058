import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { privateFile } from '../storage/private-files.js';
import { layoutDocument, PAPER_WIDTH } from './print-layout.js';
import {
  PrinterNotReadyError,
  type PrintDocument,
  type PrinterState,
  type ReceiptPrinter,
} from './receipt-printer.js';

/**
 * A printer without hardware: lays documents out exactly as the paper would show them and
 * appends them to `<dir>/journal.txt`, a cut marked by a line of scissors. Used on hosts
 * without a thermal printer and in tests, which read the journal back.
 */
export class VirtualPrinter implements ReceiptPrinter {
  readonly available = true;
  readonly address = 'virtual';
  private queue: Promise<void> = Promise.resolve();
  private journalReady = false;

  constructor(
    private readonly dir: string,
    private readonly columns = PAPER_WIDTH,
  ) {}

  get journalFile(): string {
    return join(this.dir, 'journal.txt');
  }

  print(document: PrintDocument, beforeSend?: () => void): Promise<PrinterState> {
    // A QR symbol has no text form; the journal keeps its data on one line, unwrapped.
    const text = [
      ...layoutDocument(document.lines, 0, this.columns),
      ...(document.qrCode ? [`[QR ${document.qrCode}]`] : []),
      ...Array<string>(document.feedLines).fill(''),
      document.cut ? '-'.repeat(this.columns - 4) + ' 8<' : '',
      '',
    ].join('\n');
    // Documents come out of a printer one after another, never interleaved.
    const job = this.queue.then(async () => {
      // Receipts, card slips with masked numbers: the owner's only (private-files.ts).
      if (!this.journalReady) privateFile(this.journalFile, this.dir);
      this.journalReady = true;
      beforeSend?.();
      await appendFile(this.journalFile, text);
    });
    this.queue = job.catch(() => undefined);
    return job.then(() => 'ready');
  }

  status(): Promise<PrinterState> {
    return Promise.resolve('ready');
  }

  /** Resolves when everything sent so far is on paper. */
  idle(): Promise<void> {
    return this.queue;
  }
}

/** No printer connected: every print is refused with PRINTER_UNAVAILABLE. */
export class NoPrinter implements ReceiptPrinter {
  readonly available = false;
  readonly address = 'none';
  print(): Promise<PrinterState> {
    return Promise.reject(new PrinterNotReadyError('none', 'No printer is connected'));
  }
  status(): Promise<PrinterState> {
    return Promise.resolve('none');
  }
}
