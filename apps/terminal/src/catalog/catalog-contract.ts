import { VAT_CODES } from '@fiscal-pos/fiscal';
import { z } from 'zod';

/*
 * The terminal's catalog endpoints answer raw JSON (the spec's exception to the envelope):
 * these are their bodies. Products, categories and VAT rates are the cloud's feed as stored;
 * cashiers never carry their PIN verifier.
 */

const versionSchema = z
  .int()
  .min(0)
  .meta({ description: 'catalog version of the row’s last change in the cloud' });

export const catalogProductSchema = z
  .strictObject({
    id: z.string(),
    code: z.string(),
    sku: z.string().nullable(),
    barcodes: z.array(z.string()),
    name: z.strictObject({ ro: z.string(), ru: z.string().optional(), en: z.string().optional() }),
    price: z.number().meta({ description: 'VAT-inclusive unit price in MDL' }),
    vatCode: z.enum(VAT_CODES),
    unit: z.string(),
    categoryId: z.string().nullable(),
    active: z.boolean(),
    version: versionSchema,
  })
  .meta({ id: 'CatalogProduct' });
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const catalogProductPageSchema = z
  .strictObject({
    products: z.array(catalogProductSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'pass as cursor for the next page; null on the last page' }),
  })
  .meta({ id: 'CatalogProductPage' });
export type CatalogProductPage = z.infer<typeof catalogProductPageSchema>;

export const catalogCategoryListSchema = z
  .strictObject({
    categories: z.array(
      z.strictObject({
        id: z.string(),
        parentId: z.string().nullable(),
        name: z.string(),
        position: z.int(),
        version: versionSchema,
      }),
    ),
  })
  .meta({ id: 'CatalogCategoryList' });
export type CatalogCategoryList = z.infer<typeof catalogCategoryListSchema>;

/** A VAT table as the API shows it: each code the terminal knows, with its rate. */
export const vatRatesSchema = z
  .array(
    z.strictObject({
      code: z.enum(VAT_CODES),
      rateBasisPoints: z.int().min(0).meta({ description: '2000 = 20 %; 0 for the exempt code' }),
      exempt: z.boolean(),
    }),
  )
  .meta({ id: 'VatRates' });

export const catalogVatRateListSchema = z
  .strictObject({
    source: z.enum(['cloud', 'configuration']).meta({
      description:
        'where the configured rates come from: cloud, the merchant’s rates from the last catalog sync; ' +
        'configuration, VAT_RATES (not activated, or never synced)',
    }),
    vatRates: vatRatesSchema.meta({
      description:
        'the rates sales are calculated with now: the open fiscal day’s, fixed by its first document until its ' +
        'Z report; the configured ones before the day’s first document',
    }),
    pending: vatRatesSchema.nullable().meta({
      description:
        'the configured rates when they differ from the open day’s: they take effect after its Z report; null otherwise',
    }),
  })
  .meta({ id: 'CatalogVatRateList' });
export type CatalogVatRateList = z.infer<typeof catalogVatRateListSchema>;

export const catalogCashierListSchema = z
  .strictObject({
    cashiers: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        role: z.enum(['cashier', 'administrator']),
        version: versionSchema,
      }),
    ),
  })
  .meta({ id: 'CatalogCashierList' });
export type CatalogCashierList = z.infer<typeof catalogCashierListSchema>;

/** Where the catalog's sync stands: the body of POST /api/catalog/sync and part of the catalog health. */
export const catalogSyncStateSchema = z
  .strictObject({
    state: z.enum(['standalone', 'never_synced', 'synced', 'failing', 'deactivated']).meta({
      description:
        'standalone: not activated, no catalog; never_synced: activated, no sync finished yet; synced: the last ' +
        'sync finished; failing: the last attempt failed (see lastError), the copy of lastSyncAt is served; ' +
        'deactivated: the cloud deactivated the terminal or revoked its credential (another device activated in its ' +
        'place), syncing stopped until it is activated again',
    }),
    cursor: z
      .string()
      .meta({ description: 'catalog version the terminal holds (the feed’s cursor); 0 before a sync' }),
    lastSyncAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CatalogSyncState' });
export type CatalogSyncState = z.infer<typeof catalogSyncStateSchema>;

const catalogCountsSchema = z.strictObject({
  products: z.int().min(0),
  categories: z.int().min(0),
  vatRates: z.int().min(0),
  cashiers: z.int().min(0),
});
export type CatalogCounts = z.infer<typeof catalogCountsSchema>;

/** GET /api/catalog/health: no key; is the catalog there and fresh. */
export const catalogHealthSchema = z
  .strictObject({
    status: z.literal('ok'),
    terminalId: z.string(),
    timestamp: z.iso.datetime(),
    sync: catalogSyncStateSchema,
    counts: catalogCountsSchema,
  })
  .meta({ id: 'CatalogHealth' });
