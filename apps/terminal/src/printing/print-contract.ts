import { z } from 'zod';
import { timestampSchema } from '../http/shared-contract.js';

/** data of POST /api/print. */
export const printResultSchema = z
  .strictObject({ linesCount: z.int().min(1), printedAt: timestampSchema })
  .meta({ id: 'PrintResult' });
