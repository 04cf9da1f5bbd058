// Bounds on the numbers the cloud accepts, so no input reaches the database or the sale
// calculation out of range. Far inside the terminal's own bound (MAX_SCALED of packages/fiscal,
// ~10^15 scaled units) and chosen for an online shop: an order or a price beyond them is a
// mistake to refuse with 400 and the field's path, never a 500 or a 137-billion-MDL order.
import { z } from 'zod';
import { toMilli, toMinor } from '@fiscal-pos/fiscal';

/** Units of one product on one order line. */
export const MAX_LINE_QUANTITY = 100_000;
/** MDL, VAT included, for one unit of a product. */
const MAX_UNIT_PRICE = 1_000_000;
/** MDL, the whole order. */
export const MAX_ORDER_TOTAL = 10_000_000;
/** Units on hand of one product. */
const MAX_STOCK = 1_000_000_000;

export const MoneyAmount = z
  .number()
  .positive({ abort: true })
  .max(MAX_UNIT_PRICE, { abort: true })
  .refine((x) => toMinor(x) !== null, 'at most 2 decimals');

export const StockQuantity = z
  .number()
  .min(0, { abort: true })
  .max(MAX_STOCK, { abort: true })
  .refine((x) => toMilli(x) !== null, 'at most 3 decimals')
  .describe(`Units on hand, 0-${MAX_STOCK}, at most 3 decimals`);

/**
 * Whether on-hand stock (thousandths) is within what a product may hold, either sign (sales can
 * take it below 0): an adjustment that would leave it past is refused, so that adjustments can
 * never pile it up to where the ledger's sums lose precision.
 */
export const onHandInBounds = (onHandMilli: number): boolean => Math.abs(onHandMilli) <= MAX_STOCK * 1000;

/** A change of on-hand stock: either sign, never 0, bounded like the stock itself. */
export const StockDelta = z
  .number()
  .min(-MAX_STOCK, { abort: true })
  .max(MAX_STOCK, { abort: true })
  .refine((x) => x !== 0, { message: 'must not be 0', abort: true })
  .refine((x) => toMilli(x) !== null, 'at most 3 decimals')
  .describe(`Units to add (negative: remove), at most ${MAX_STOCK} either way, at most 3 decimals`);
