// The product resource as the API shows it, and the conversion from a stored row.
import { fromMilli, fromMinor, VAT_CODES } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import type { products } from '../db/schema.js';

export const LocalizedText = z
  .object({ ro: z.string(), ru: z.string().optional(), en: z.string().optional() })
  .meta({ id: 'LocalizedText', description: 'Text in Romanian (always), Russian and English' });

export const Product = z
  .object({
    id: z.string(),
    code: z.string().describe("The merchant's own product code, unique per merchant"),
    barcodes: z.array(z.string()),
    name: LocalizedText,
    description: LocalizedText.nullable(),
    price: z.number().describe('VAT-inclusive unit price in MDL, 2 decimals'),
    currency: z.literal('MDL'),
    vatCode: z.enum(VAT_CODES),
    unit: z.string().describe('Unit of measure, e.g. pcs, kg'),
    category: z.string().nullable(),
    active: z.boolean(),
    onHand: z.number().describe('On-hand stock in units, 3 decimals'),
    deleted: z
      .boolean()
      .describe('True only for deleted products, which appear in lists filtered by updatedSince'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

export const ProductDetail = Product.extend({
  contentBlocks: z.array(z.object({ key: z.string(), content: LocalizedText })),
}).meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof ProductDetail>;

type ProductRow = typeof products.$inferSelect;

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    code: row.code,
    barcodes: row.barcodes,
    name: row.name,
    description: row.description ?? null,
    price: fromMinor(row.priceMinor),
    currency: 'MDL',
    vatCode: row.vatCode,
    unit: row.unit,
    category: row.category,
    active: row.active,
    onHand: fromMilli(row.onHandMilli),
    deleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Content blocks appear in the merchant's block order; blocks the product lacks are left out. */
export function presentProductDetail(row: ProductRow, blockOrder: readonly string[]): ProductDetail {
  const content = row.content;
  const keys = [
    ...blockOrder.filter((k) => k in content),
    ...Object.keys(content).filter((k) => !blockOrder.includes(k)),
  ];
  return { ...presentProduct(row), contentBlocks: keys.map((key) => ({ key, content: content[key]! })) };
}
