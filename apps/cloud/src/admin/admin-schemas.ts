// The administration API's resources: what the operator (the CLI today, the merchant console
// later) sends and gets back.
import { z } from 'zod';
import { CreatedIntegrationKey } from '../keys/key-schemas.js';
import { MerchantParams } from '../merchants/merchant-params.js';
import { ProductFields } from '../products/product-schemas.js';
import { StockQuantity } from '../limits.js';

const Idno = z
  .string()
  .regex(/^\d{13}$/, '13 digits')
  .describe('State identification number (IDNO), 13 digits; printed in receipt headers');
const Address = z.string().min(1).max(300).describe('The address printed in receipt headers');

export const Merchant = z
  .object({
    id: z.string(),
    name: z.string(),
    integrationActive: z.boolean(),
    idno: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'AdminMerchant' });

export const CreateMerchantBody = z
  .object({
    name: z.string().min(1).max(200),
    integrationActive: z.boolean().default(false).describe('The integration API module; off unless true'),
    idno: Idno.optional(),
    address: Address.optional(),
    ownerEmail: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email())
      .optional()
      .describe('Invites the merchant’s first console owner; the answer carries the invitation link'),
  })
  .meta({ id: 'AdminCreateMerchant' });

export const CreatedMerchant = Merchant.extend({
  ownerInvitation: z
    .object({
      id: z.string(),
      email: z.string(),
      expiresAt: z.string(),
      link: z.string().describe('The invitation link, shown this once (not kept for idempotent replays)'),
      mailed: z.boolean().describe('Whether it was also queued for mailing (false without SMTP_URL)'),
    })
    .optional(),
}).meta({ id: 'AdminCreatedMerchant' });

export const UpdateMerchantBody = z
  .object({
    name: z.string().min(1).max(200).optional(),
    idno: Idno.nullable().optional().describe('13 digits; null clears it'),
    address: Address.nullable().optional().describe('null clears it'),
  })
  .meta({ id: 'AdminUpdateMerchant' });

export const CreatedKey = CreatedIntegrationKey.extend({ merchantId: z.string() }).meta({
  id: 'AdminCreatedKey',
});

export const ProductParams = MerchantParams.extend({ code: z.string().min(1).max(100) });

export const SaveProductBody = ProductFields.extend({
  onHand: StockQuantity.optional().describe('Sets on-hand stock through a stock movement'),
}).meta({ id: 'AdminSaveProduct' });

export const SetStockBody = z.object({ onHand: StockQuantity }).meta({ id: 'AdminSetStock' });

export const SeedDemoBody = z
  .object({ products: z.number().int().min(0).max(10_000).default(50) })
  .meta({ id: 'AdminSeedDemo' });
