import { FISCAL_OPERATION_STATUSES, FISCAL_OPERATION_TYPES } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { pageFields } from '../http/query-fields.js';
import { cursorPageFields } from './cursor-contract.js';
import {
  countSchema,
  documentNumberSchema,
  moneySchema,
  paymentAmountsSchema,
  timestampSchema,
} from '../http/shared-contract.js';

export const operationTypeSchema = z.enum(FISCAL_OPERATION_TYPES).meta({
  description: 'receipt (sale), cash_in, cash_out, refund, x_report, z_report',
});

export const operationStatusSchema = z.enum(FISCAL_OPERATION_STATUSES).meta({
  description:
    'pending (written, not sent), sent (awaiting the reply), success, failed (refused by the fiscal server), offline (server unreachable, retried)',
});

/** Item of GET /api/fiscal/operations. */
const fiscalOperationSchema = z
  .strictObject({
    id: z.uuid(),
    operationType: operationTypeSchema,
    receiptNumber: documentNumberSchema
      .nullable()
      .meta({ description: 'null for X and Z reports, which take no receipt number' }),
    reportNumber: documentNumberSchema,
    mevId: z.string().nullable(),
    fiscalCode: z
      .string()
      .nullable()
      .meta({ description: 'from the fiscal server; null until synchronised' }),
    offlineFiscalCode: z.string().nullable(),
    status: operationStatusSchema,
    isOffline: z.boolean(),
    totalAmount: moneySchema,
    vatBreakdown: z.record(z.string(), moneySchema).meta({
      description:
        'VAT amount per VAT code; a report’s code at two rates is keyed per rate (`B 20%`), as in VatBreakdown',
    }),
    vatDetails: z
      .record(
        z.string(),
        z.strictObject({
          percent: z.number().min(0).max(100),
          rate: z.number().min(0).max(1).meta({ description: 'percent / 100' }),
          cost: moneySchema.meta({ description: 'VAT amount' }),
          gross: moneySchema,
          taxableBase: moneySchema,
        }),
      )
      .meta({ description: 'detailed VAT per VAT code, keyed as vatBreakdown' }),
    paymentsBreakdown: paymentAmountsSchema,
    mevResponseXml: z.string().nullable().meta({ description: 'null until the fiscal server answered' }),
    errorMessage: z.string().nullable().meta({ description: 'the refusal reason when status is failed' }),
    attempts: countSchema.meta({ description: 'sends to the fiscal server so far' }),
    shiftId: z.uuid().nullable().meta({
      description: 'the shift of a sale or cash operation; null for X and Z reports (they belong to the day)',
    }),
    shiftNumber: documentNumberSchema
      .nullable()
      .meta({ description: 'number of that shift; null with shiftId' }),
    createdAt: timestampSchema,
    completedAt: timestampSchema.nullable().meta({ description: 'null until success or failed' }),
  })
  .meta({ id: 'FiscalOperation' });

export type FiscalOperation = z.infer<typeof fiscalOperationSchema>;

/** data of GET /api/fiscal/operations. */
export const operationListPageSchema = z
  .strictObject({ operations: z.array(fiscalOperationSchema), ...pageFields, ...cursorPageFields })
  .meta({ id: 'FiscalOperationListPage' });
