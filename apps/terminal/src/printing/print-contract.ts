import { printRequestSchema } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import type { EndpointContract } from '../openapi/endpoint-contract.js';
import { timestampSchema } from '../http/shared-contract.js';

/** data of POST /api/print. */
export const printResultSchema = z
  .strictObject({ linesCount: z.int().min(1), printedAt: timestampSchema })
  .meta({ id: 'PrintResult' });

export type PrintResult = z.infer<typeof printResultSchema>;

export const printEndpoints: readonly EndpointContract[] = [
  {
    method: 'POST',
    path: '/api/print',
    operationId: 'printText',
    summary: 'Non-fiscal text printing (no fiscal lock; answers once the printer took the job)',
    tag: 'Printing',
    authenticated: true,
    body: 'envelope',
    request: printRequestSchema,
    response: printResultSchema,
    errors: ['PRINTER_UNAVAILABLE', 'PRINT_ERROR'],
  },
];
