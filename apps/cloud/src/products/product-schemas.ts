// The product resource as the API shows it, and the conversion from a stored row.
import { fromMilli, fromMinor, VAT_CODES } from '@fiscal-pos/fiscal';
import { CatalogProduct, LocalizedText } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import type { products } from '../db/schema.js';
import { MoneyAmount } from '../limits.js';

/** The integration API's product: what a terminal keeps of it (the catalog feed's), and more. */
export const Product = CatalogProduct.omit({ version: true })
  .extend({
    description: LocalizedText.nullable(),
    currency: z.literal('MDL'),
    category: z
      .string()
      .nullable()
      .describe('A free label; categoryId places the product in the category tree'),
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
    sku: row.sku,
    categoryId: row.categoryId,
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

/** What a terminal keeps of a product (the catalog feed): no stock, which is the cloud's ledger. */
export function presentCatalogProduct(row: ProductRow): CatalogProduct {
  const p = presentProduct(row);
  return {
    id: p.id,
    code: p.code,
    sku: p.sku,
    barcodes: p.barcodes,
    name: p.name,
    price: p.price,
    vatCode: p.vatCode,
    unit: p.unit,
    categoryId: p.categoryId,
    active: p.active,
    version: row.version,
  };
}

/** A product's writable fields, shared by the administration and integration APIs. */
export const ProductFields = z.object({
  barcodes: z.array(z.string().min(1).max(50)).max(20).optional(),
  name: LocalizedText,
  description: LocalizedText.nullable().optional(),
  price: MoneyAmount.describe('VAT-inclusive unit price in MDL, > 0, at most 2 decimals'),
  vatCode: z.enum(VAT_CODES),
  unit: z.string().min(1).max(20),
  category: z.string().max(100).nullable().optional(),
  sku: z.string().min(1).max(32).nullable().optional().describe('PLU, unique among live products'),
  categoryId: z.string().max(100).nullable().optional().describe("One of the merchant's categories"),
  active: z.boolean().optional(),
  content: z.record(z.string().max(100), LocalizedText).optional(),
});

const ProductCode = z.string().min(1).max(100);

export const ProductWriteBody = ProductFields.extend({
  code: ProductCode.describe("The merchant's own code, unique per merchant"),
}).meta({ id: 'ProductWrite' });
export type ProductWriteBody = z.output<typeof ProductWriteBody>;

/** A product's URL, `/products/{code}`, names it by its code (the spec's get-product-by-code). */
export const ProductCodeParams = z.object({
  code: ProductCode.describe("The product's code, the merchant's own"),
});

export const Inventory = z
  .object({
    productId: z.string(),
    productCode: z.string(),
    onHand: z.number().describe('Units on hand, 3 decimals; may be below 0 when sales outran the count'),
    unit: z.string(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Inventory' });
export type Inventory = z.infer<typeof Inventory>;

/** The inventory resource and the inventory.updated event's object. */
export function presentInventory(
  row: Pick<ProductRow, 'id' | 'code' | 'onHandMilli' | 'unit' | 'updatedAt'>,
): Inventory {
  return {
    productId: row.id,
    productCode: row.code,
    onHand: fromMilli(row.onHandMilli),
    unit: row.unit,
    updatedAt: row.updatedAt.toISOString(),
  };
}
