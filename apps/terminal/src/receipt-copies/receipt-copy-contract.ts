import { z } from 'zod';
import type { EndpointContract } from '../openapi/endpoint-contract.js';
import { countSchema, documentNumberSchema, timestampSchema } from '../http/shared-contract.js';

/** data of POST /api/sales/{saleId}/duplicate. */
export const receiptDuplicateSchema = z
  .strictObject({
    saleId: z.uuid(),
    fiscalOperationId: z.uuid(),
    receiptNumber: documentNumberSchema.nullable().meta({ description: 'of the original receipt' }),
    reportNumber: documentNumberSchema,
    copyNumber: documentNumberSchema.meta({ description: 'this copy’s number, from 1; printed on it' }),
    copiesLeft: countSchema.meta({ description: 'duplicates still allowed for this receipt' }),
    printedAt: timestampSchema,
  })
  .meta({ id: 'ReceiptDuplicate' });

export type ReceiptDuplicate = z.infer<typeof receiptDuplicateSchema>;

export const receiptCopyEndpoints: readonly EndpointContract[] = [
  {
    method: 'POST',
    path: '/api/sales/:saleId/duplicate',
    operationId: 'printReceiptDuplicate',
    summary: 'Print a duplicate of a sale’s receipt (non-fiscal; answers once the printer took it)',
    description:
      'The original receipt line for line, marked DUPLICAT with its copy number. No body (or {}). No fiscal lock, nothing sent to the fiscal server. The copies per receipt are limited (DUPLICATE_LIMIT, 1 by default): past it, 409 DUPLICATE_LIMIT_REACHED. A sale the fiscal server refused has no receipt: 502 MEV_ERROR.',
    tag: 'Sales',
    authenticated: true,
    body: 'envelope',
    params: z.object({ saleId: z.string().meta({ description: 'saleId of the sale result (UUID)' }) }),
    response: receiptDuplicateSchema,
    errors: ['SALE_NOT_FOUND', 'DUPLICATE_LIMIT_REACHED', 'PRINT_ERROR', 'MEV_ERROR', 'PRINTER_UNAVAILABLE'],
  },
];
