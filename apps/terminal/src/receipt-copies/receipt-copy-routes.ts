import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { receiptDuplicateSchema } from './receipt-copy-contract.js';
import { printReceiptDuplicate, type ReceiptDuplicateDeps } from './print-receipt-duplicate.js';

/** POST /api/sales/{saleId}/duplicate: the body is ignored (none, or {}). */
export const receiptDuplicateRoute = defineRoute<ReceiptDuplicateDeps>()({
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
  errors: ['SALE_NOT_FOUND', 'DUPLICATE_LIMIT_REACHED', 'MEV_ERROR', 'PRINTER_UNAVAILABLE'],
  handler: ({ services, params }) => printReceiptDuplicate(services, params.saleId),
});
