import type { Logger } from 'pino';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import type { PrintDocument, ReceiptPrinter } from '../printing/receipt-printer.js';
import type { ReceiptHeader } from '../receipts/receipt-parts.js';
import type { ReportStore, ZReportHistory } from './report-store.js';

/** What the report endpoints use of the runtime. */
export interface ReportDeps {
  ctx: FiscalContext;
  reports: ReportStore;
  /** The periodic report's Z reports, read off the fiscal path. */
  zReportHistory: ZReportHistory;
  printer: ReceiptPrinter;
  header: () => ReceiptHeader;
  logger: Logger;
}

/** Reports print fire-and-forget: the answer never waits for paper. */
export function printReportLater(d: Pick<ReportDeps, 'printer' | 'logger'>, document: PrintDocument): void {
  if (!d.printer.available) return;
  d.printer
    .print(document)
    .catch((error: unknown) => d.logger.error({ err: error }, 'report printing failed'));
}
