import {
  AmountOverflowError,
  aggregatePeriodicReport,
  parsePeriodicReportRequest,
  periodicReportRequestSchema,
  type ClosedZReport,
  type PeriodicReportRequest,
} from '@fiscal-pos/fiscal';
import { DomainError } from '../domain-error.js';
import { defineRoute } from '../http/define-route.js';
import { localDate } from '../receipts/local-date.js';
import { periodicReportResultSchema } from './report-contract.js';
import { printReportLater, type ReportDeps } from './report-deps.js';
import { periodicReportDocument } from './report-document.js';
import { presentPeriodicReport } from './report-presenter.js';

/**
 * The range's sums. The day and year limits keep ten years at the year limit exact; a range whose
 * sums no report can state is the request's to narrow (400), never a 500.
 */
function sumRange(query: PeriodicReportRequest, zReports: readonly ClosedZReport[]) {
  try {
    return aggregatePeriodicReport(zReports, { detailed: query.detailed });
  } catch (error) {
    if (!(error instanceof AmountOverflowError)) throw error;
    const [field, code] =
      query.mode === 'dateRange'
        ? (['dateFrom', 'DATE_RANGE_INVALID'] as const)
        : (['reportFrom', 'REPORT_RANGE_INVALID'] as const);
    throw DomainError.validation([{ field, code, message: `${error.message}: narrow the range` }]);
  }
}

export const periodicReportRoute = defineRoute<ReportDeps>()({
  method: 'POST',
  path: '/api/reports/periodic',
  operationId: 'createPeriodicReport',
  summary: 'Periodic report over closed Z reports (local, not sent to the fiscal server)',
  description:
    'Date range (dateFrom and dateTo) or report range (reportFrom and/or reportTo), not both. Needs no fiscalization and no fiscal lock.',
  tag: 'Reports',
  authenticated: true,
  body: 'envelope',
  request: {
    schema: periodicReportRequestSchema,
    // An open report range ends today, in the terminal's local calendar.
    parse: (raw, d) => parsePeriodicReportRequest(raw, localDate(d.ctx.clock.now().toISOString())),
  },
  response: periodicReportResultSchema,
  errors: [],
  async handler({ services: d, body: query }) {
    const zReports =
      query.mode === 'dateRange'
        ? await d.zReportHistory.zReportsByDate(query.dateFrom, query.dateTo)
        : await d.zReportHistory.zReportsByNumber(query.reportFrom, query.reportTo);
    const totals = sumRange(
      query,
      zReports.map((z) => z.summary),
    );
    const generatedAt = d.ctx.clock.now().toISOString();
    if (query.printReport) {
      const range =
        query.mode === 'dateRange'
          ? `${query.dateFrom} - ${query.dateTo}`
          : `Z ${query.reportFrom} - ${query.reportTo ?? 'last'}`;
      printReportLater(d, periodicReportDocument(d.header(), range, totals, generatedAt), 'periodic report');
    }
    return presentPeriodicReport(query, totals, zReports, generatedAt);
  },
});
