import { parsePrintRequest, printRequestSchema } from '@fiscal-pos/fiscal';
import type { Clock } from '../clock.js';
import { defineRoute } from '../http/define-route.js';
import { printResultSchema } from './print-contract.js';
import { printOnRequest } from './print-on-request.js';
import { DomainError } from '../domain-error.js';
import type { PrinterDeps } from './printer-jobs-routes.js';

/**
 * Free text is marked on the paper as not a fiscal document, before and after the caller's
 * lines, in the words the terminal's other non-fiscal paper uses (duplicates, shift reports,
 * delivery notes): text laid out like a receipt must never pass for one.
 */
const NOT_FISCAL = ['', 'NU ESTE DOCUMENT FISCAL', ''] as const;

/** POST /api/print: non-fiscal text, no fiscal lock, waits until the printer took it. */
export const printTextRoute = defineRoute<PrinterDeps & { clock: Clock }>()({
  method: 'POST',
  path: '/api/print',
  operationId: 'printText',
  summary: 'Non-fiscal text printing (no fiscal lock; answers what became of the paper)',
  description:
    'Printed between two lines NU ESTE DOCUMENT FISCAL (not a fiscal document), which count in the paper budget. At most 500 lines per request (LINES_TOO_MANY) and PRINT_LINES_PER_MINUTE lines (with the feed) per minute for all callers together (429 PRINT_RATE_LIMITED with Retry-After; fiscal documents are never refused paper). Printed after the fiscal documents already waiting in the print queue, so paper comes out in the order asked for. 503 PRINTER_UNAVAILABLE when the printer cannot take it before anything is sent (unreachable, off, paper out, cover open: the message says which); a retry is then safe. Once bytes went out the answer is 200 with status printed, queued (failed on the way: printed again by the queue, do not resend) or unconfirmed (the printer took it all without confirming: look at the paper, reprint on purpose).',
  tag: 'Printing',
  authenticated: true,
  body: 'envelope',
  request: { schema: printRequestSchema, parse: parsePrintRequest },
  response: printResultSchema,
  errors: ['PRINTER_UNAVAILABLE', 'PRINT_RATE_LIMITED'],
  async handler({ services: { printQueue, paperBudget, clock }, body: { lines, feedLines, cut } }) {
    const wait = paperBudget.take(lines.length + 2 + feedLines);
    if (wait > 0)
      throw new DomainError(
        'PRINT_RATE_LIMITED',
        `Too much free text printed this minute (PRINT_LINES_PER_MINUTE); retry after ${wait} s`,
        null,
        wait,
      );
    const outcome = await printOnRequest(
      printQueue,
      { kind: 'text', lines: [NOT_FISCAL, ...lines, NOT_FISCAL], feedLines, cut },
      'print request',
    );
    return { linesCount: lines.length, ...outcome, printedAt: clock.now().toISOString() };
  },
});
