import { z } from 'zod';
import { timestampSchema } from '../http/shared-contract.js';

/** What became of paper the caller waited for (POST /api/print, a receipt duplicate). */
export const printOutcomeFields = {
  status: z.enum(['printed', 'queued', 'unconfirmed']).meta({
    description:
      'printed: the printer confirmed it; queued: it failed on the way and prints again once the printer can ' +
      '(GET /api/printer/jobs; do not send it again); unconfirmed: every byte reached the printer, which never ' +
      'confirmed it: look at the paper, then POST /api/printer/jobs/{jobId}/reprint or DELETE the job',
  }),
  jobId: z
    .int()
    .min(1)
    .nullable()
    .meta({ description: 'the print job of a queued or unconfirmed print; null once printed' }),
};

/** data of POST /api/print. */
export const printResultSchema = z
  .strictObject({ linesCount: z.int().min(1), ...printOutcomeFields, printedAt: timestampSchema })
  .meta({ id: 'PrintResult' });
