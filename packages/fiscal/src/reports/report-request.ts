import { z } from 'zod';
import type { ParseResult } from '../validation/validation-issue.js';
import { flagField, parseWithSchema } from '../validation/zod-validation.js';

/** POST /api/reports/x and /api/reports/z. */
export const reportRequestSchema = z.object({
  printReport: flagField(true, 'print the report'),
});

export type ReportRequest = z.output<typeof reportRequestSchema>;

export function parseReportRequest(body: unknown): ParseResult<ReportRequest> {
  return parseWithSchema(reportRequestSchema, body);
}
