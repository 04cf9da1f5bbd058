import { defineRoute } from '../http/define-route.js';
import { assertFiscalized } from '../fiscalization/fiscalization-status.js';
import { openDayTotals } from './generate-fiscal-report.js';
import { reportDataSchema } from './report-contract.js';
import type { ReportDeps } from './report-deps.js';
import { presentReportData } from './report-presenter.js';

export const dailySummaryRoute = defineRoute<Pick<ReportDeps, 'ctx' | 'reports'>>()({
  method: 'GET',
  path: '/api/fiscal/daily-summary',
  operationId: 'getDailySummary',
  summary: 'Report data of the open fiscal day (read-only, no fiscal lock, nothing sent)',
  tag: 'Reports',
  authenticated: true,
  body: 'envelope',
  response: reportDataSchema,
  errors: ['TERMINAL_NOT_FISCAL', 'MEV_CREDENTIALS_MISSING'],
  handler({ services: d }) {
    assertFiscalized(d.ctx.fiscalization());
    const { reportNumber, totals } = openDayTotals(d.ctx, d.reports);
    return presentReportData(totals, reportNumber, d.ctx.clock.now().toISOString(), null);
  },
});
