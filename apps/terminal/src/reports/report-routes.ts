import { aggregatePeriodicReport, parsePeriodicReportRequest, parseReportRequest } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import type { ResourcePresenter } from '../http/idempotency.js';
import type { RouteKit } from '../http/route-kit.js';
import { storedOperationResult } from '../http/stored-operation-result.js';
import type { FiscalContext } from '../fiscal-operations/perform-fiscal-operation.js';
import { assertFiscalized } from '../fiscalization/fiscalization-status.js';
import type { ReceiptPrinter, PrintDocument } from '../printing/receipt-printer.js';
import { localDate } from '../receipts/local-date.js';
import { generateFiscalReport, openDayTotals } from './generate-fiscal-report.js';
import { periodicReportDocument, reportDocument } from './report-document.js';
import { presentFiscalReportResult, presentPeriodicReport, presentReportData } from './report-presenter.js';
import type { ReportStore } from './report-store.js';

export interface ReportDeps {
  ctx: FiscalContext;
  reports: ReportStore;
  printer: ReceiptPrinter;
  logger: Logger;
}

/** Rebuilds an X or Z report's answer from storage: used by idempotent replays after a restart. */
export function reportPresenter(d: Pick<ReportDeps, 'ctx' | 'reports'>): ResourcePresenter {
  return (operationId) => {
    const op = d.ctx.operations.require(operationId);
    const snapshot = d.reports.result(operationId);
    if (!snapshot) throw new Error(`report ${operationId} has no stored result`);
    return storedOperationResult(op, d.ctx.clock, () => presentFiscalReportResult(op, snapshot));
  };
}

export function registerReportRoutes(kit: RouteKit, d: ReportDeps): void {
  const printLater = (document: PrintDocument) => {
    if (!d.printer.available) return;
    d.printer
      .print(document)
      .catch((error: unknown) => d.logger.error({ err: error }, 'report printing failed'));
  };
  const terminalId = () => d.ctx.terminalState.get().terminalId;

  const fiscalReport =
    (kind: 'x' | 'z') => async (request: { body: unknown; idempotencyKey: string | null }) => {
      const parsed = parseReportRequest(request.body);
      if (!parsed.ok) throw ApiError.validation(parsed.issues);
      const { operation, snapshot } = await generateFiscalReport(
        d.ctx,
        d.reports,
        kind,
        request.idempotencyKey,
      );
      if (parsed.value.printReport) {
        printLater(
          reportDocument(
            kind === 'z' ? 'Z REPORT' : 'X REPORT',
            terminalId(),
            snapshot.reportNumber,
            snapshot.totals,
            operation.createdAt,
          ),
        );
      }
      return presentFiscalReportResult(operation, snapshot);
    };
  kit.post('/api/reports/x', fiscalReport('x'));
  kit.post('/api/reports/z', fiscalReport('z'));

  kit.get('/api/fiscal/daily-summary', () => {
    assertFiscalized(d.ctx.fiscalization());
    const { reportNumber, totals } = openDayTotals(d.ctx, d.reports);
    return presentReportData(totals, reportNumber, d.ctx.clock.now().toISOString(), null);
  });

  kit.post('/api/reports/periodic', (request) => {
    const now = d.ctx.clock.now();
    const parsed = parsePeriodicReportRequest(request.body, localDate(now.toISOString()));
    if (!parsed.ok) throw ApiError.validation(parsed.issues);
    const query = parsed.value;
    const zReports =
      query.mode === 'dateRange'
        ? d.reports.zReportsByDate(query.dateFrom, query.dateTo)
        : d.reports.zReportsByNumber(query.reportFrom, query.reportTo);
    const totals = aggregatePeriodicReport(
      zReports.map((z) => z.summary),
      { detailed: query.detailed },
    );
    const generatedAt = now.toISOString();
    if (query.printReport) {
      const range =
        query.mode === 'dateRange'
          ? `${query.dateFrom} - ${query.dateTo}`
          : `Z ${query.reportFrom} - ${query.reportTo ?? 'last'}`;
      printLater(periodicReportDocument(terminalId(), range, totals, generatedAt));
    }
    return presentPeriodicReport(query, totals, zReports.at(-1)?.reportNumber ?? null, generatedAt);
  });
}
