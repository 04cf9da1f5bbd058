import type { PrinterState } from '@fiscal-pos/platform-protocol';

/**
 * A line of a printed document: 1–3 columns (the spec's print request), a `large` line
 * printed bold in double width and height (the merchant's name, the TOTAL), laid out on half
 * the paper's columns, or `text` a request gave (an item name, a reason) on lines of its own
 * whose continuation lines are indented: no piece of it starts at the margin, where the
 * document's own labels (TOTAL, TVA) do.
 */
export type PrintLine = readonly string[] | { readonly large: readonly string[] } | { readonly text: string };

/** A document for the thermal printer: lines of 1-3 columns, as in the spec's print request. */
export interface PrintDocument {
  /** `receipt-copy`: a duplicate of a receipt, which is not a fiscal document. */
  kind: 'receipt' | 'receipt-copy' | 'service-receipt' | 'report' | 'text';
  lines: readonly PrintLine[];
  /** Data of a QR symbol printed after the lines (the receipt check URL), if any. */
  qrCode?: string;
  feedLines: number;
  cut: boolean;
}

/**
 * What the printer reports of itself (DLE EOT on a real one). `ready` and `paper-near-end`
 * print; the others do not. `unreachable`: no connection or no answer; `none`: PRINTER=none;
 * `unknown`: the time before the first answer. The list is the device API's (the health report
 * carries it to the cloud).
 */
export { PRINTER_STATES, type PrinterState } from '@fiscal-pos/platform-protocol';

export const printsIn = (state: PrinterState): boolean => state === 'ready' || state === 'paper-near-end';

/** The printer cannot take a job now (off, unreachable, paper out, cover open): 503 PRINTER_UNAVAILABLE. */
export class PrinterNotReadyError extends Error {
  constructor(
    readonly state: PrinterState,
    message: string,
  ) {
    super(message);
    this.name = 'PrinterNotReadyError';
  }
}

/** The printer took the job but did not finish it; the message is the printer's reason (500 PRINT_ERROR). */
export class PrintJobFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintJobFailedError';
  }
}

/**
 * Every byte of the job went to the printer, and then it said nothing (no status answer, the
 * connection lost): the paper may well be out. Sending it again on its own could print a fiscal
 * receipt twice, so the job is `unconfirmed` and a cashier decides (docs/printer.md).
 */
export class PrintUnconfirmedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintUnconfirmedError';
  }
}

/**
 * The receipt printer. `print` resolves with the printer's state after the job, or rejects with
 * PrinterNotReadyError (nothing sent), PrintJobFailedError (not all of it taken, or the printer
 * reports a fault after it) or PrintUnconfirmedError (all sent, no confirmation).
 */
export interface ReceiptPrinter {
  /** false with PRINTER=none: nothing is ever printed. */
  readonly available: boolean;
  /** The configured printer as health shows it: `virtual`, `none` or the tcp:// address. */
  readonly address: string;
  /**
   * `beforeSend`, when given, runs once the printer said it can print, right before the first
   * byte goes; if it throws, nothing is sent and print rejects with its error.
   */
  print(document: PrintDocument, beforeSend?: () => void): Promise<PrinterState>;
  /** Asks the printer for its state now (a status request on a real one). */
  status(): Promise<PrinterState>;
}
