// What the administration API and the console take for the catalog beside products: categories,
// VAT rates and cashiers, and the lists both answer. What it shows of them, and the catalog feed a terminal pulls, are the device API's
// contract (@fiscal-pos/platform-protocol).
import { Cashier, CashierRole, Category, VatRate } from '@fiscal-pos/platform-protocol';
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

/** The catalog's unpaged lists, as the administration API and the console answer them. */
export const CategoryList = z.object({ data: z.array(Category) });
export const CashierList = z.object({ data: z.array(Cashier) });
export const VatRateList = z.object({ data: z.array(VatRate) });
