import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { printJobListSchema, printJobSchema, type PrinterHealth } from './print-job-contract.js';
import type { PaperBudget } from './paper-budget.js';
import type { PrintQueue } from './print-queue.js';
import { printJobId } from './print-job-id.js';

export interface PrinterDeps {
  printQueue: PrintQueue;
  /** Free text's paper per minute (POST /api/print). */
  paperBudget: PaperBudget;
  printerHealth: () => PrinterHealth;
}

const TAG = 'Printing';

export const listPrintJobsRoute = defineRoute<PrinterDeps>()({
  method: 'GET',
  path: '/api/printer/jobs',
  operationId: 'listPrintJobs',
  summary: 'The printer’s state and its durable queue',
  description:
    'The paper of every fiscal document (sale, refund, cash-in/out, X/Z/periodic report, shift report, delivery note) is a print job, kept on disk until the printer confirms it: when the printer is off, out of paper or open, jobs wait and print in order once it is back, also after a restart.',
  tag: TAG,
  authenticated: true,
  body: 'envelope',
  response: printJobListSchema,
  errors: [],
  handler({ services: d }) {
    const { queued, unconfirmed, finished } = d.printQueue.list();
    return { printer: d.printerHealth(), queued, unconfirmed, recent: finished };
  },
});

export const dropPrintJobRoute = defineRoute<PrinterDeps>()({
  method: 'DELETE',
  path: '/api/printer/jobs/:jobId',
  operationId: 'dropPrintJob',
  summary: 'Give up a queued print job (it will never print), or settle an unconfirmed one',
  description:
    'For a job stuck behind a printer that will not come back. The job stays listed as dropped; the document itself is not touched (a duplicate can be printed later). An unconfirmed job whose paper did come out is dropped the same way. Only a queued or unconfirmed job: another is 409 PRINT_JOB_NOT_QUEUED.',
  tag: TAG,
  authenticated: true,
  body: 'envelope',
  params: z.object({ jobId: z.string().meta({ description: 'id of the print job (a positive integer)' }) }),
  response: printJobSchema,
  errors: ['PRINT_JOB_NOT_FOUND', 'PRINT_JOB_NOT_QUEUED'],
  handler: ({ services: d, params }) => d.printQueue.drop(printJobId(params.jobId)),
});
