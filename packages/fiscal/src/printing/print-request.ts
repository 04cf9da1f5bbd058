import { z } from 'zod';
import type { ParseResult } from '../validation/validation-issue.js';
import {
  characterCount,
  coded,
  flagField,
  hasControlCharacter,
  parseWithSchema,
  withDefault,
} from '../validation/zod-validation.js';

/**
 * One printed line: 1 string is full width left aligned, 2 are left + right, 3 are left,
 * centre, right; a single empty string is a blank spacer line.
 */
const lineSchema = z
  .array(
    z
      // A column that is not a string is a malformed line, not a long text.
      .string(coded('LINE_FORMAT_INVALID', 'a column must be a string'))
      .refine((text) => characterCount(text) <= 100, coded('LINE_TEXT_TOO_LONG'))
      .meta({ maxLength: 100 }),
    coded('LINE_FORMAT_INVALID'),
  )
  .min(1)
  .max(3)
  // A control character is not text but a printer command (ESC @, a forged line after LF).
  .refine(
    (columns) => !columns.some(hasControlCharacter),
    coded('LINE_FORMAT_INVALID', 'control characters are not allowed'),
  );

/**
 * Lines per POST /api/print: a receipt-length document. More is paper a caller should split,
 * and a request that can keep the printer busy for minutes (docs/terminal-api.md).
 */
const PRINT_MAX_LINES = 500;

/**
 * POST /api/print (non-fiscal). Strict: a misspelt field (`feedLine`, `cutPaper`) is a
 * VALIDATION_ERROR (UNKNOWN_FIELD), not paper printed otherwise than asked.
 */
export const printRequestSchema = z.strictObject({
  lines: z
    .array(lineSchema, coded('LINES_REQUIRED'))
    .min(1, coded('LINES_REQUIRED'))
    .max(PRINT_MAX_LINES, coded('LINES_TOO_MANY')),
  feedLines: withDefault(
    z
      .int(coded('FEED_LINES_INVALID'))
      .min(0)
      .max(10)
      .meta({ description: 'blank lines fed after printing, 0-10' }),
    3,
  ),
  cut: flagField(true, 'cut the paper after printing'),
});

export type PrintRequest = z.output<typeof printRequestSchema>;

export function parsePrintRequest(body: unknown): ParseResult<PrintRequest> {
  return parseWithSchema(printRequestSchema, body);
}
