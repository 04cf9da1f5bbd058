import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { layoutDocument, PAPER_WIDTH } from './print-layout.js';
import type { PrintDocument, ReceiptPrinter } from './receipt-printer.js';

/**
 * A printer without hardware: lays documents out exactly as the paper would show them and
 * appends them to `<dir>/journal.txt`, a cut marked by a line of scissors. Used on hosts
 * without a thermal printer and in tests, which read the journal back.
 */
export class VirtualPrinter implements ReceiptPrinter {
  readonly available = true;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly dir: string) {}

  get journalFile(): string {
    return join(this.dir, 'journal.txt');
  }

  print(document: PrintDocument): Promise<void> {
    // A QR symbol has no text form; the journal keeps its data on one line, unwrapped.
    const text = [
      ...layoutDocument(document.lines, 0),
      ...(document.qrCode ? [`[QR ${document.qrCode}]`] : []),
      ...Array<string>(document.feedLines).fill(''),
      document.cut ? '-'.repeat(PAPER_WIDTH - 4) + ' 8<' : '',
      '',
    ].join('\n');
    // Documents come out of a printer one after another, never interleaved.
    const job = this.queue.then(async () => {
      await mkdir(this.dir, { recursive: true });
      await appendFile(this.journalFile, text);
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** Resolves when everything sent so far is on paper. */
  idle(): Promise<void> {
    return this.queue;
  }
}

/** No printer connected: every print is refused with PRINTER_UNAVAILABLE. */
export class NoPrinter implements ReceiptPrinter {
  readonly available = false;
  print(): Promise<void> {
    return Promise.reject(new Error('No printer is connected'));
  }
}
