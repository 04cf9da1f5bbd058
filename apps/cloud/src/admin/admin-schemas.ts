// The administration API's resources: what the operator (the CLI today, the merchant console
// later) sends and gets back.
import { z } from 'zod';
import { Scope } from '../keys/scopes.js';
import { graceSeconds } from '../keys/grace-seconds.js';
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

export const IntegrationSwitchBody = z
  .object({ active: z.boolean().describe('Whether the merchant’s keys may use the integration API') })
  .meta({ id: 'AdminIntegrationSwitch' });

export const KeyParams = z.object({ keyId: z.string().max(100) });

export const CreateKeyBody = z
  .object({
    scopes: z.array(Scope).min(1),
    name: z.string().min(1).max(100).optional().describe('A label for the console'),
  })
  .meta({ id: 'AdminCreateKey' });

export const CreatedKey = z
  .object({
    id: z.string(),
    merchantId: z.string(),
    key: z.string().describe('The key itself: shown only in this answer (not in idempotent replays)'),
    displayPrefix: z.string(),
    lastFour: z.string(),
    scopes: z.array(z.string()),
  })
  .meta({ id: 'AdminCreatedKey' });

export const KeySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    displayPrefix: z.string(),
    lastFour: z.string(),
    scopes: z.array(z.string()),
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable().describe('End of a rotation grace period'),
    rotatedToId: z.string().nullable().describe('The successor of a rotated key'),
    lastUsedAt: z.iso.datetime().nullable().describe('Its last request, to the minute; null: never used'),
  })
  .meta({ id: 'AdminKey' });

export const RotateKeyBody = z
  .object({ graceSeconds: graceSeconds('How long the old key keeps working (default 24 h; 0 ends it now)') })
  .meta({ id: 'AdminRotateKey' });

export const ProductParams = MerchantParams.extend({ code: z.string().min(1).max(100) });

export const SaveProductBody = ProductFields.extend({
  onHand: StockQuantity.optional().describe('Sets on-hand stock through a stock movement'),
}).meta({ id: 'AdminSaveProduct' });

export const SetStockBody = z.object({ onHand: StockQuantity }).meta({ id: 'AdminSetStock' });

export const SeedDemoBody = z
  .object({ products: z.number().int().min(0).max(10_000).default(50) })
  .meta({ id: 'AdminSeedDemo' });
