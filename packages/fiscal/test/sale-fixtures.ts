import fc from 'fast-check';
import type { SaleInput, SaleItemInput, VatCode } from '../src/index.js';

/** A sale line with no discount or markup; amounts in bani, quantity in thousandths. */
export function item(
  unitPrice: number,
  vatCode: VatCode,
  quantity = 1000,
  extra: Partial<SaleItemInput> = {},
) {
  return {
    unitPrice,
    quantity,
    vatCode,
    discountBp: 0,
    discountAbsolute: 0,
    markupBp: 0,
    markupAbsolute: 0,
    ...extra,
  } satisfies SaleItemInput;
}

export function sale(items: SaleItemInput[], extra: Partial<SaleInput> = {}): SaleInput {
  return { items, cartDiscount: null, cartMarkup: null, payments: [], amountReceived: 0, ...extra };
}

const adjustment = fc.option(
  fc.record({ bp: fc.integer({ min: 0, max: 10_000 }), absolute: fc.integer({ min: 0, max: 5_000 }) }),
  { nil: null },
);

/** Random carts of realistic size (prices up to 100 000 MDL, quantities up to 1 000). */
export const saleInputArbitrary: fc.Arbitrary<SaleInput> = fc.record({
  items: fc.array(
    fc.record({
      unitPrice: fc.integer({ min: 1, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 1_000_000 }),
      vatCode: fc.constantFrom<VatCode>('A', 'B', 'C', 'D', 'E', '_'),
      discountBp: fc.integer({ min: 0, max: 10_000 }),
      discountAbsolute: fc.integer({ min: 0, max: 10_000 }),
      markupBp: fc.integer({ min: 0, max: 5_000 }),
      markupAbsolute: fc.integer({ min: 0, max: 10_000 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  cartDiscount: adjustment,
  cartMarkup: adjustment,
  payments: fc.constant([]),
  amountReceived: fc.constant(0),
});
