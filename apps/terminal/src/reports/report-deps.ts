import type { Logger } from 'pino';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { PrintDocument } from '../printing/receipt-printer.js';
import type { ReceiptHeader } from '../receipts/receipt-parts.js';
import type { DayVatRates } from '../terminal-state/day-vat-rates.js';
import type { ReportStore, ZReportHistory } from './report-store.js';

/** What the report endpoints use of the runtime. */
export interface ReportDeps {
  ctx: FiscalContext;
  reports: ReportStore;
  /** The periodic report's Z reports, read off the fiscal path. */
  zReportHistory: ZReportHistory;
  printQueue: PrintQueue;
  header: () => ReceiptHeader;
  /** A Z report puts the pending VAT rates in use: said in the log. */
  vatRates: Pick<DayVatRates, 'notice'>;
  logger: Logger;
}

/** Reports print through the queue, like receipts: the answer never waits for paper. */
export function printReportLater(
  d: Pick<ReportDeps, 'printQueue'>,
  document: PrintDocument,
  source: string,
): void {
  d.printQueue.enqueue(document, source);
}
