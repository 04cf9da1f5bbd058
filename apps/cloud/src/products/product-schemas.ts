// The product resource as the API shows it, and the conversion from a stored row.
import { fromMilli, fromMinor, ITEM_NAME_BOUNDS, printableText, VAT_CODES } from '@fiscal-pos/fiscal';
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

/**
 * A product's name in one language: what a terminal sells and prints as a receipt line's name,
 * so held to that rule (packages/fiscal): 1-100 characters, none that prints nothing or moves
 * what prints, runs of spaces as one. A longer name was taken here and refused by the terminal
 * at the sale (ITEM_NAME_INVALID).
 */
const ProductNameText = printableText(ITEM_NAME_BOUNDS, {
  length: { error: () => `a name has ${ITEM_NAME_BOUNDS.min}-${ITEM_NAME_BOUNDS.max} characters` },
  control: { error: () => 'control characters are not allowed' },
  invisible: { error: () => 'invisible and text-direction characters (U+200B, U+202E, ...) are not allowed' },
});
const ProductName = z
  .object({ ro: ProductNameText, ru: ProductNameText.optional(), en: ProductNameText.optional() })
  .describe('The name a terminal prints, in Romanian (always), Russian and English');

/** Long text: a description or a content block in one language. */
const longText = (max: number) =>
  z.object({
    ro: z.string().max(max),
    ru: z.string().max(max).optional(),
    en: z.string().max(max).optional(),
  });
/** Bounds of a product's texts: what a shop page shows, and what one product may weigh in every feed. */
const MAX_DESCRIPTION = 5_000;
const MAX_CONTENT_BLOCKS = 50;
const MAX_BLOCK_TEXT = 20_000;

/** A product's writable fields, shared by the administration and integration APIs. */
export const ProductFields = z.object({
  barcodes: z.array(z.string().min(1).max(50)).max(20).optional(),
  name: ProductName,
  description: longText(MAX_DESCRIPTION)
    .nullable()
    .optional()
    .describe(`At most ${MAX_DESCRIPTION} characters per language`),
  price: MoneyAmount.describe('VAT-inclusive unit price in MDL, > 0, at most 2 decimals'),
  vatCode: z.enum(VAT_CODES),
  unit: z.string().min(1).max(20),
  category: z.string().max(100).nullable().optional(),
  sku: z.string().min(1).max(32).nullable().optional().describe('PLU, unique among live products'),
  categoryId: z.string().max(100).nullable().optional().describe("One of the merchant's categories"),
  active: z.boolean().optional(),
  content: z
    .record(z.string().max(100), longText(MAX_BLOCK_TEXT))
    .refine((content) => Object.keys(content).length <= MAX_CONTENT_BLOCKS, {
      error: `at most ${MAX_CONTENT_BLOCKS} content blocks`,
    })
    .optional()
    .describe(`At most ${MAX_CONTENT_BLOCKS} blocks of at most ${MAX_BLOCK_TEXT} characters per language`),
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
