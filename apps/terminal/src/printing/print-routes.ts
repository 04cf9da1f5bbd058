import { parsePrintRequest, printRequestSchema } from '@fiscal-pos/fiscal';
import type { Clock } from '../clock.js';
import { defineRoute } from '../http/define-route.js';
import { printResultSchema } from './print-contract.js';
import { assertPrinterAvailable, printOnRequest } from './print-on-request.js';
import type { ReceiptPrinter } from './receipt-printer.js';

/** POST /api/print: non-fiscal text, no fiscal lock, waits until the printer took it. */
export const printTextRoute = defineRoute<{ printer: ReceiptPrinter; clock: Clock }>()({
  method: 'POST',
  path: '/api/print',
  operationId: 'printText',
  summary: 'Non-fiscal text printing (no fiscal lock; answers once the printer took the job)',
  tag: 'Printing',
  authenticated: true,
  body: 'envelope',
  request: { schema: printRequestSchema, parse: parsePrintRequest },
  response: printResultSchema,
  errors: ['PRINTER_UNAVAILABLE', 'PRINT_ERROR'],
  async handler({ services: { printer, clock }, body: { lines, feedLines, cut } }) {
    assertPrinterAvailable(printer);
    await printOnRequest(printer, { kind: 'text', lines, feedLines, cut });
    return { linesCount: lines.length, printedAt: clock.now().toISOString() };
  },
});
