// The catalog's resources beside products: categories, VAT rates and cashiers, as the
// administration API takes and shows them, and the catalog feed a terminal pulls.
import { VAT_CODES } from '@fiscal-pos/fiscal';
import { pinVerifierSchema } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import { CatalogProduct } from '../products/product-schemas.js';

const CatalogVersion = z.number().int().min(0).describe('Catalog version of the last change');

export const CategoryBody = z
  .object({
    name: z.string().min(1).max(100),
    parentId: z.string().max(100).nullable().default(null).describe('Null for a top-level category'),
    position: z.number().int().min(0).max(1_000_000).default(0).describe('Order among its siblings'),
  })
  .meta({ id: 'CategoryWrite' });
export type CategoryBody = z.output<typeof CategoryBody>;

export const Category = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    position: z.number().int(),
    version: CatalogVersion,
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const VatRate = z
  .object({
    code: z.enum(VAT_CODES),
    rateBasisPoints: z.number().int().describe('2000 = 20 %; 0 for the exempt code `_`'),
    exempt: z.boolean().describe('True only for `_`, which is fixed'),
    version: CatalogVersion.describe('0 for a default rate the merchant never set'),
  })
  .meta({ id: 'VatRate' });
export type VatRate = z.infer<typeof VatRate>;

export const SettableVatCode = z.enum(['A', 'B', 'C', 'D', 'E']);

export const SetVatRateBody = z
  .object({ rateBasisPoints: z.number().int().min(0).max(10_000).describe('2000 = 20 %') })
  .meta({ id: 'VatRateWrite' });

const CashierRole = z.enum(['cashier', 'administrator']);
const Pin = z
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

export const Cashier = z
  .object({ id: z.string(), name: z.string(), role: CashierRole, version: CatalogVersion })
  .meta({ id: 'Cashier' });
export type Cashier = z.infer<typeof Cashier>;

// The platform protocol's schema: the terminal parses the feed with the same one.
const PinVerifier = pinVerifierSchema.meta({
  id: 'PinVerifier',
  description: 'hash: base64url of scrypt(pin, salt, 32 bytes, {N, r, p}); salt: base64url',
});

export const CatalogCashier = Cashier.extend({
  pinVerifier: PinVerifier.describe('What the terminal checks a PIN against offline'),
}).meta({ id: 'CatalogCashier' });
export type CatalogCashier = z.infer<typeof CatalogCashier>;

const MAX_FEED_LIMIT = 5_000;

export const CatalogFeedQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'a cursor this feed returned')
    .default('0')
    .describe('nextCursor of the previous answer; absent or 0 for a full sync'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_FEED_LIMIT)
    .default(1_000)
    .describe(`Changes per answer, 1-${MAX_FEED_LIMIT}`),
});

export const CatalogFeed = z
  .object({
    products: z.array(CatalogProduct),
    categories: z.array(Category),
    vatRates: z.array(VatRate),
    cashiers: z.array(CatalogCashier),
    deleted: z
      .object({
        products: z.array(z.string()),
        categories: z.array(z.string()),
        cashiers: z.array(z.string()),
      })
      .describe('Ids deleted after the cursor (tombstones)'),
    nextCursor: z
      .string()
      .describe('Send it as cursor next time; equal to the cursor sent when nothing changed'),
    complete: z.boolean().describe('False when more changes follow: ask again at once with nextCursor'),
  })
  .meta({ id: 'CatalogFeed' });
export type CatalogFeed = z.infer<typeof CatalogFeed>;
