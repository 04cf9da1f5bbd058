import { z } from 'zod';
import { issue } from '../validation/validation-issue.js';
import type { ParseResult, ValidationIssue } from '../validation/validation-issue.js';
import { coded, flagField, parseWithSchema, withDefault } from '../validation/zod-validation.js';
import { isCalendarDate } from '../dates/calendar-date.js';

function dateField(name: string) {
  return withDefault(
    z
      .string(coded('DATE_RANGE_INVALID', `${name} must be a calendar date YYYY-MM-DD`))
      .refine(isCalendarDate)
      .meta({ description: 'YYYY-MM-DD, a day of the terminal’s local calendar' }),
    null,
  );
}

function reportNumberField(name: string) {
  return withDefault(
    z
      .int(coded('REPORT_NUMBER_INVALID', `${name} must be an integer >= 1`))
      .min(1)
      .meta({ description: 'Z report number' }),
    null,
  );
}

/**
 * POST /api/reports/periodic. The two filter modes are exclusive: dateFrom + dateTo, or
 * reportFrom and/or reportTo. The mode rules are checked by `parsePeriodicReportRequest`.
 * Strict: a mistyped `reportT0`, dropped, reported another range than the one asked for.
 */
export const periodicReportRequestSchema = z.strictObject({
  dateFrom: dateField('dateFrom'),
  dateTo: dateField('dateTo'),
  reportFrom: reportNumberField('reportFrom'),
  reportTo: reportNumberField('reportTo'),
  detailed: flagField(false, 'include every Z report of the range'),
  printReport: flagField(true, 'print the report'),
});

interface PeriodicReportOptions {
  detailed: boolean;
  printReport: boolean;
}

export type PeriodicReportRequest =
  | ({ mode: 'dateRange'; dateFrom: string; dateTo: string } & PeriodicReportOptions)
  | ({
      mode: 'reportRange';
      /** 1 when omitted. */
      reportFrom: number;
      /** null when omitted: up to the latest Z report. */
      reportTo: number | null;
    } & PeriodicReportOptions);

const DATE_FIELDS = ['dateFrom', 'dateTo'] as const;
const REPORT_FIELDS = ['reportFrom', 'reportTo'] as const;

function given(body: Record<string, unknown>, field: string): boolean {
  return body[field] !== undefined && body[field] !== null;
}

/**
 * Which mode the body asks for, judged on presence alone so that it is reported even
 * beside invalid fields. Giving fields of both modes is reported as FILTER_REQUIRED too:
 * the spec has no code of its own for it, and the fix is the same, choosing one filter.
 */
function modeIssues(body: Record<string, unknown>): ValidationIssue[] {
  const hasDates = DATE_FIELDS.some((field) => given(body, field));
  const hasReports = REPORT_FIELDS.some((field) => given(body, field));
  if (hasDates && hasReports) {
    return [
      issue(
        'filter',
        'FILTER_REQUIRED',
        'date range (dateFrom, dateTo) and report range (reportFrom, reportTo) are mutually exclusive',
      ),
    ];
  }
  if (!hasDates && !hasReports) return [issue('filter', 'FILTER_REQUIRED')];
  if (!hasDates) return [];
  return DATE_FIELDS.filter((field) => !given(body, field)).map((field) =>
    issue(field, 'DATE_RANGE_INVALID', `${field} is required in date range mode`),
  );
}

/**
 * Validates a periodic report body. `today` is the terminal's local day (YYYY-MM-DD); a
 * dateTo after it is DATE_TO_FUTURE.
 */
export function parsePeriodicReportRequest(body: unknown, today: string): ParseResult<PeriodicReportRequest> {
  if (!isCalendarDate(today)) throw new RangeError(`today must be a date YYYY-MM-DD, got "${today}"`);
  const fields: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {};
  const parsed = parseWithSchema(periodicReportRequestSchema, fields);
  const issues = [...modeIssues(fields), ...(parsed.ok ? [] : parsed.issues)];
  if (!parsed.ok || issues.length > 0) return { ok: false, issues };

  const { dateFrom, dateTo, reportFrom, reportTo, detailed, printReport } = parsed.value;
  if (dateFrom !== null && dateTo !== null) {
    // ISO dates compare correctly as strings.
    if (dateFrom > dateTo) issues.push(issue('dateFrom', 'DATE_RANGE_INVALID', 'dateFrom is after dateTo'));
    if (dateTo > today) issues.push(issue('dateTo', 'DATE_TO_FUTURE'));
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, value: { mode: 'dateRange', dateFrom, dateTo, detailed, printReport } };
  }
  const from = reportFrom ?? 1;
  if (reportTo !== null && from > reportTo)
    return { ok: false, issues: [issue('reportFrom', 'REPORT_RANGE_INVALID')] };
  return { ok: true, value: { mode: 'reportRange', reportFrom: from, reportTo, detailed, printReport } };
}
