import { z } from 'zod';
import type { Clock } from '../clock.js';
import { defineRoute } from '../http/define-route.js';
import { printJobSchema } from '../printing/print-job-contract.js';
import type { PrintQueue } from '../printing/print-queue.js';
import { printJobId } from '../printing/print-job-id.js';
import { markedAsCopy } from './reprint-copy.js';

/** POST /api/printer/jobs/{jobId}/reprint: the cashier's answer to a job the printer did not confirm. */
export const reprintPrintJobRoute = defineRoute<{ printQueue: PrintQueue; clock: Clock }>()({
  method: 'POST',
  path: '/api/printer/jobs/:jobId/reprint',
  operationId: 'reprintPrintJob',
  summary: 'Print an unconfirmed job again, on purpose',
  description:
    'A job whose bytes all reached the printer without its confirmation is unconfirmed and never printed again on its own (a fiscal receipt could come out twice). When the paper did not come out, the cashier reprints it: a new queued job, a fiscal document’s marked COPIE (not a fiscal document); the old job becomes reprinted. When it did come out, DELETE the job instead. Another job is 409 PRINT_JOB_NOT_UNCONFIRMED. Answers the new job.',
  tag: 'Printing',
  authenticated: true,
  body: 'envelope',
  params: z.object({ jobId: z.string().meta({ description: 'id of the print job (a positive integer)' }) }),
  response: printJobSchema,
  errors: ['PRINT_JOB_NOT_FOUND', 'PRINT_JOB_NOT_UNCONFIRMED'],
  handler: ({ services: d, params }) =>
    d.printQueue.reprint(printJobId(params.jobId), (document) =>
      markedAsCopy(document, d.clock.now().toISOString()),
    ),
});
