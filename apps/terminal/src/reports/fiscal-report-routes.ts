import { parseReportRequest, reportRequestSchema } from '@fiscal-pos/fiscal';
import { defineRoute, FISCAL_OPERATION_ERRORS, type Route } from '../http/define-route.js';
import { fiscalDaySpan } from './fiscal-day-span.js';
import { generateFiscalReport, type GeneratedReport } from './generate-fiscal-report.js';
import { fiscalReportResultSchema } from './report-contract.js';
import { printReportLater, type ReportDeps } from './report-deps.js';
import { reportDocument } from './report-document.js';
import { presentFiscalReportResult } from './report-presenter.js';
import { reportReplay } from './report-replay.js';

/** POST /api/reports/x and /api/reports/z: fiscal reports, registered like receipts. */
function fiscalReportRoute(kind: 'x' | 'z'): Route<ReportDeps> {
  return defineRoute<ReportDeps>()({
    method: 'POST',
    path: `/api/reports/${kind}`,
    operationId: kind === 'x' ? 'createXReport' : 'createZReport',
    summary: kind === 'x' ? 'X report (no counters reset)' : 'Z report (closes the fiscal day)',
    description:
      kind === 'x'
        ? 'Allowed after the fiscal day expired. Changes no counters.'
        : 'Irreversible: the report number is incremented and receipt numbering restarts at 1. The only way out of an expired day.',
    tag: 'Reports',
    authenticated: true,
    body: 'envelope',
    request: { schema: reportRequestSchema, parse: parseReportRequest },
    response: fiscalReportResultSchema,
    errors: FISCAL_OPERATION_ERRORS,
    replay: reportReplay(kind),
    async handler({ services: d, body, idempotencyKey }) {
      let generated: GeneratedReport;
      try {
        generated = await generateFiscalReport(d.ctx, d.reports, kind, idempotencyKey);
      } finally {
        // Also after a Z report that fails once written (refused by the fiscal server, 502; its
        // answer refused by a full disk, 503): it has closed the day, and a table that waited
        // for it is in use.
        if (kind === 'z') d.vatRates.notice();
      }
      const { operation, snapshot } = generated;
      if (body.printReport) {
        printReportLater(
          d,
          reportDocument(
            kind,
            d.header(),
            snapshot.reportNumber,
            snapshot.totals,
            fiscalDaySpan(d.reports.dayRecords(snapshot.reportNumber)),
            operation,
          ),
          `${kind === 'z' ? 'Z' : 'X'} report ${snapshot.reportNumber}`,
        );
      }
      return presentFiscalReportResult(operation, snapshot);
    },
  });
}

export const xReportRoute = fiscalReportRoute('x');
export const zReportRoute = fiscalReportRoute('z');
