import { z } from 'zod';
import { documentNumberSchema, moneySchema, timestampSchema } from '../http/shared-contract.js';

/** data of POST /api/cash/in and /api/cash/out. */
export const cashResultSchema = z
  .strictObject({
    operationId: z.uuid().meta({ description: 'the cash operation' }),
    fiscalOperationId: z.uuid(),
    receiptNumber: documentNumberSchema
      .nullable()
      .meta({ description: 'service receipt number; shares the sequence of sale receipts; always set' }),
    reportNumber: documentNumberSchema,
    mevId: z.string().nullable().meta({ description: 'null while offline' }),
    fiscalCode: z
      .string()
      .nullable()
      .meta({ description: 'fiscal code, the offline code until synchronised' }),
    isOffline: z.boolean(),
    offlineFiscalCode: z.string().nullable(),
    amount: moneySchema,
    newBalance: moneySchema.meta({ description: 'cash in the drawer after the operation' }),
    operationType: z.enum(['cashIn', 'cashOut']),
    reason: z.string().nullable(),
    mevResponseXml: z.string().meta({ description: 'SOAP reply of the fiscal server; empty while offline' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'CashOperationResult' });

export type CashResult = z.infer<typeof cashResultSchema>;
