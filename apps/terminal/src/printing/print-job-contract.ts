import { z } from 'zod';
import { countSchema, timestampSchema } from '../http/shared-contract.js';
import { PRINTER_STATES } from './receipt-printer.js';

export const printJobSchema = z
  .strictObject({
    id: z.int().min(1),
    kind: z.enum(['receipt', 'receipt-copy', 'service-receipt', 'report', 'text']),
    source: z
      .string()
      .meta({ description: 'what the paper is of: `sale <saleId>`, `refund <refundId>`, `Z report 12`…' }),
    status: z.enum(['queued', 'printed', 'dropped', 'unconfirmed', 'reprinted']).meta({
      description:
        'queued: waits for the printer (printed in id order, once); printed: the printer confirmed it; ' +
        'dropped: a cashier gave it up (DELETE), it will never print, or said an unconfirmed one did; ' +
        'unconfirmed: every byte reached the printer but it never confirmed: maybe on paper, never sent again ' +
        'on its own (POST …/reprint or DELETE); reprinted: an unconfirmed job a cashier printed again as a new job',
    }),
    attempts: countSchema.meta({ description: 'failed attempts so far' }),
    lastError: z
      .string()
      .nullable()
      .meta({ description: 'why the last attempt failed, in the printer’s words' }),
    createdAt: timestampSchema,
    finishedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'PrintJob' });

/** The printer in GET /api/health and GET /api/printer/jobs. */
export const printerHealthSchema = z
  .strictObject({
    address: z
      .string()
      .meta({ description: '`tcp://host:port`, `virtual` (a text journal) or `none` (PRINTER)' }),
    state: z.enum(PRINTER_STATES).meta({
      description:
        'what the printer last said (DLE EOT status before and after each job, and a status request when ' +
        'this is older than PRINTER_STATUS_MAX_AGE_MS): ready and paper-near-end print; paper-out, cover-open ' +
        'and offline do not; unreachable: no connection or no answer; none: PRINTER=none; unknown: not asked yet',
    }),
    lastCheckedAt: timestampSchema.nullable(),
    lastError: z.string().nullable(),
    queuedJobs: countSchema.meta({ description: 'fiscal documents whose paper waits for the printer' }),
    unconfirmedJobs: countSchema.meta({
      description:
        'jobs the printer took without confirming them: maybe on paper, waiting for a cashier to reprint or drop them',
    }),
  })
  .meta({ id: 'PrinterHealth' });

export type PrinterHealth = z.infer<typeof printerHealthSchema>;

export const printJobListSchema = z
  .strictObject({
    printer: printerHealthSchema,
    queued: z.array(printJobSchema).meta({ description: 'in print order' }),
    unconfirmed: z
      .array(printJobSchema)
      .meta({ description: 'sent but not confirmed, oldest first: a cashier reprints or drops each' }),
    recent: z
      .array(printJobSchema)
      .meta({ description: 'the last printed, dropped or reprinted jobs, newest first (kept 7 days)' }),
  })
  .meta({ id: 'PrintJobList' });
