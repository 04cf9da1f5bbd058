import { VAT_CODES } from '@fiscal-pos/fiscal';
import { pinVerifierSchema } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';

/*
 * What the cloud's device API answers (docs/platform.md), as the terminal reads it. The
 * terminal keeps its own schemas rather than importing the cloud's: it is built and shipped
 * alone, and an answer that does not parse is refused here instead of being half-stored.
 * Objects are not strict: the cloud may add fields within v1.
 */

const deviceMerchantSchema = z.object({
  id: z.string(),
  name: z.string(),
  idno: z.string().nullable(),
  address: z.string().nullable(),
});

export const activationSchema = z.object({
  terminalId: z.string().min(1),
  terminalName: z.string(),
  merchant: deviceMerchantSchema,
  deviceCredential: z.string().startsWith('dc_'),
  apiKey: z.string().min(16),
});
export type Activation = z.infer<typeof activationSchema>;

export const rotatedCredentialSchema = z.object({ deviceCredential: z.string().startsWith('dc_') });

const pendingApiKeySchema = z.object({
  id: z.string().min(1),
  key: z.string().min(16),
  previousKeyGraceSeconds: z.int().min(0),
});
export type PendingApiKey = z.infer<typeof pendingApiKeySchema>;

export const deviceTerminalSchema = z.object({
  terminalId: z.string(),
  terminalName: z.string(),
  status: z.string(),
  merchant: deviceMerchantSchema,
  pendingApiKey: pendingApiKeySchema.nullable(),
});
export type DeviceTerminal = z.infer<typeof deviceTerminalSchema>;

const localizedTextSchema = z.object({
  ro: z.string(),
  ru: z.string().optional(),
  en: z.string().optional(),
});

const feedProductSchema = z.object({
  id: z.string().min(1),
  code: z.string(),
  sku: z.string().nullable(),
  barcodes: z.array(z.string()),
  name: localizedTextSchema,
  price: z.number().nonnegative(),
  vatCode: z.enum(VAT_CODES),
  unit: z.string(),
  categoryId: z.string().nullable(),
  active: z.boolean(),
  version: z.int().min(0),
});
export type FeedProduct = z.infer<typeof feedProductSchema>;

const feedCategorySchema = z.object({
  id: z.string().min(1),
  parentId: z.string().nullable(),
  name: z.string(),
  position: z.int(),
  version: z.int().min(0),
});

const feedVatRateSchema = z.object({
  code: z.enum(VAT_CODES),
  rateBasisPoints: z.int().min(0).max(10_000),
  exempt: z.boolean(),
  version: z.int().min(0),
});

const feedCashierSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  role: z.enum(['cashier', 'administrator']),
  version: z.int().min(0),
  /** scrypt parameters, salt and hash: what checks a cashier's PIN while the cloud is away. */
  pinVerifier: pinVerifierSchema,
});

export const catalogFeedSchema = z.object({
  products: z.array(feedProductSchema),
  categories: z.array(feedCategorySchema),
  vatRates: z.array(feedVatRateSchema),
  cashiers: z.array(feedCashierSchema),
  deleted: z.object({
    products: z.array(z.string()),
    categories: z.array(z.string()),
    cashiers: z.array(z.string()),
  }),
  nextCursor: z.string().regex(/^\d{1,15}$/),
  complete: z.boolean(),
});
export type CatalogFeedPage = z.infer<typeof catalogFeedSchema>;

/** The cloud's refusals are problem details; `code` is what the terminal branches on. */
export const problemSchema = z.object({
  code: z.string().optional(),
  detail: z.string().optional(),
  title: z.string().optional(),
});
