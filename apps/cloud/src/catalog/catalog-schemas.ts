// What the administration API takes for the catalog beside products: categories, VAT rates and
// cashiers. What it shows of them, and the catalog feed a terminal pulls, are the device API's
// contract (@fiscal-pos/platform-protocol).
import { CashierRole } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import { CategoryName } from '../catalog-base/insert-categories.js';

export const CategoryBody = z
  .object({
    name: CategoryName,
    parentId: z.string().max(100).nullable().default(null).describe('Null for a top-level category'),
    position: z.number().int().min(0).max(1_000_000).default(0).describe('Order among its siblings'),
  })
  .meta({ id: 'CategoryWrite' });
export type CategoryBody = z.output<typeof CategoryBody>;

export const SettableVatCode = z.enum(['A', 'B', 'C', 'D', 'E']);

export const SetVatRateBody = z
  .object({ rateBasisPoints: z.number().int().min(0).max(10_000).describe('2000 = 20 %') })
  .meta({ id: 'VatRateWrite' });

export const Pin = z
  .string()
  .regex(/^\d{4}$/, '4 digits')
  .describe('4 digits; stored as a slow hash, never shown again');

export const CreateCashierBody = z
  .object({ name: z.string().min(1).max(60), role: CashierRole, pin: Pin })
  .meta({ id: 'CashierCreate' });
export type CreateCashierBody = z.output<typeof CreateCashierBody>;

export const UpdateCashierBody = CreateCashierBody.extend({
  pin: Pin.optional().describe('A new PIN; the old one stays when absent'),
}).meta({ id: 'CashierUpdate' });
export type UpdateCashierBody = z.output<typeof UpdateCashierBody>;
