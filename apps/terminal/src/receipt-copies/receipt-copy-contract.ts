import { z } from 'zod';
import { countSchema, documentNumberSchema, timestampSchema } from '../http/shared-contract.js';
import { printOutcomeFields } from '../printing/print-contract.js';

/** data of POST /api/sales/{saleId}/duplicate. */
export const receiptDuplicateSchema = z
  .strictObject({
    saleId: z.uuid(),
    fiscalOperationId: z.uuid(),
    receiptNumber: documentNumberSchema.nullable().meta({ description: 'of the original receipt' }),
    reportNumber: documentNumberSchema,
    copyNumber: documentNumberSchema.meta({ description: 'this copy’s number, from 1; printed on it' }),
    copiesLeft: countSchema.meta({ description: 'duplicates still allowed for this receipt' }),
    ...printOutcomeFields,
    printedAt: timestampSchema,
  })
  .meta({ id: 'ReceiptDuplicate' });

export type ReceiptDuplicate = z.infer<typeof receiptDuplicateSchema>;
