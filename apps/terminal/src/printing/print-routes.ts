import { parsePrintRequest, printRequestSchema } from '@fiscal-pos/fiscal';
import type { Clock } from '../clock.js';
import { defineRoute } from '../http/define-route.js';
import { printResultSchema } from './print-contract.js';
import { printOnRequest } from './print-on-request.js';
import type { PrintQueue } from './print-queue.js';

/** POST /api/print: non-fiscal text, no fiscal lock, waits until the printer took it. */
export const printTextRoute = defineRoute<{ printQueue: PrintQueue; clock: Clock }>()({
  method: 'POST',
  path: '/api/print',
  operationId: 'printText',
  summary: 'Non-fiscal text printing (no fiscal lock; answers once the printer confirmed the job)',
  description:
    'Printed after the fiscal documents already waiting in the print queue, so paper comes out in the order asked for. 503 PRINTER_UNAVAILABLE when the printer cannot take it (unreachable, off, paper out, cover open: the message says which); 500 PRINT_ERROR when it failed during the job, with its reason.',
  tag: 'Printing',
  authenticated: true,
  body: 'envelope',
  request: { schema: printRequestSchema, parse: parsePrintRequest },
  response: printResultSchema,
  errors: ['PRINTER_UNAVAILABLE', 'PRINT_ERROR'],
  async handler({ services: { printQueue, clock }, body: { lines, feedLines, cut } }) {
    await printOnRequest(printQueue, { kind: 'text', lines, feedLines, cut });
    return { linesCount: lines.length, printedAt: clock.now().toISOString() };
  },
});
