import { z } from 'zod';
import type { ParseResult } from '../validation/validation-issue.js';
import { flagField, parseWithSchema } from '../validation/zod-validation.js';

/**
 * POST /api/reports/x and /api/reports/z. Strict: the Z report is irreversible, and one made
 * of a request read in part (`dryRun` dropped) closes a day its caller meant to look at.
 */
export const reportRequestSchema = z.strictObject({
  printReport: flagField(true, 'print the report'),
});

export type ReportRequest = z.output<typeof reportRequestSchema>;

export function parseReportRequest(body: unknown): ParseResult<ReportRequest> {
  return parseWithSchema(reportRequestSchema, body);
}
