import { MAX_SCALED, formatMinor } from '../money/money.js';
import type { Bp, Milli, Minor } from '../money/money.js';
import { mulMilli, percentOf, vatFromGross } from '../money/rounding.js';
import { issue } from '../validation/validation-issue.js';
import type { ValidationIssue } from '../validation/validation-issue.js';
import type { VatCode, VatTable } from '../vat/vat.js';
import type { VatLine } from '../vat/vat-line.js';
import type { PaymentLine } from '../payments/payment-line.js';
import { allocateProportionally } from './allocate.js';
import { vatPerRate } from './vat-per-rate.js';

/** One sale line in integer units, as the sale request schema outputs it. */
export interface SaleItemInput {
  unitPrice: Minor;
  quantity: Milli;
  vatCode: VatCode;
  discountBp: Bp;
  discountAbsolute: Minor;
  markupBp: Bp;
  markupAbsolute: Minor;
}

/** A discount or markup: a percent of the amount plus an absolute amount. */
interface Adjustment {
  bp: Bp;
  absolute: Minor;
}

interface PaymentInput {
  type: string;
  amount: Minor;
}

export interface SaleInput {
  items: readonly SaleItemInput[];
  cartDiscount: Adjustment | null;
  cartMarkup: Adjustment | null;
  payments: readonly PaymentInput[];
  amountReceived: Minor;
}

interface CalculatedItem {
  /** round(unitPrice × quantity), before any discount or markup. */
  originalPrice: Minor;
  /** Item discount: percent of originalPrice plus the absolute discount. */
  discountAmount: Minor;
  /** Item markup: percent of originalPrice plus the absolute markup. */
  markupAmount: Minor;
  /** This item's share of (cart markup − cart discount); signed. */
  cartAdjustment: Minor;
  /** Final amount of the line, VAT included: original − discount + markup + cartAdjustment. */
  netAmount: Minor;
  vatCode: VatCode;
  /** null for the exempt code `_`. */
  vatRateBp: Bp | null;
  /** This line's share of its code's VAT on the receipt (see vat-per-rate.ts). */
  vatAmount: Minor;
  /** netAmount − vatAmount. */
  taxableBase: Minor;
}

export interface SaleCalculation {
  items: CalculatedItem[];
  /** Sum of the item amounts before the cart discount and markup. */
  subtotal: Minor;
  cartDiscountAmount: Minor;
  cartMarkupAmount: Minor;
  /** subtotal − cartDiscountAmount + cartMarkupAmount = sum of items[].netAmount. */
  total: Minor;
  /** Per VAT code, in order of first appearance among the items; each code's VAT computed once on its gross. */
  vatBreakdown: VatLine[];
  /** Sum per payment type, in order of first appearance, as tendered. */
  paymentBreakdown: PaymentLine[];
  paymentsTotal: Minor;
  amountReceived: Minor;
  /** amountReceived − total; negative when the payment is insufficient. */
  change: Minor;
  /** Calculation rule violations; the amounts above are meaningful only when this is empty. */
  issues: ValidationIssue[];
}

const MAX = BigInt(MAX_SCALED);
const OUT_OF_RANGE = `exceeds the largest supported amount ${formatMinor(MAX_SCALED)}`;

function inRange(value: bigint): boolean {
  return value <= MAX && value >= -MAX;
}

/** bigint -> Minor; out-of-range values (always reported as an issue) are clamped. */
function toMinorNumber(value: bigint): Minor {
  return Number(value > MAX ? MAX : value < -MAX ? -MAX : value);
}

function adjustmentOf(amount: bigint, adjustment: Adjustment | null): bigint {
  if (adjustment === null) return 0n;
  return percentOf(amount, BigInt(adjustment.bp)) + BigInt(adjustment.absolute);
}

function sumBy<T>(values: readonly T[], pick: (value: T) => bigint): bigint {
  return values.reduce((sum, value) => sum + pick(value), 0n);
}

/**
 * The sale calculation of DESIGN.md "Rules of calculation": item amounts, cart discount
 * and markup spread over the items by largest remainder, VAT per rate on the receipt
 * (each line gets its share), VAT and payment breakdowns, change. Pure; all arithmetic in
 * bigint, every division through `rounding.ts`.
 */
export function calculateSale(input: SaleInput, vatTable: VatTable): SaleCalculation {
  const issues: ValidationIssue[] = [];

  const lines = input.items.map((item) => {
    const original = mulMilli(BigInt(item.unitPrice), BigInt(item.quantity));
    const discount = adjustmentOf(original, {
      bp: item.discountBp,
      absolute: item.discountAbsolute,
    });
    const markup = adjustmentOf(original, { bp: item.markupBp, absolute: item.markupAbsolute });
    return { item, original, discount, markup, net: original - discount + markup };
  });

  const subtotal = sumBy(lines, (line) => line.net);
  const cartDiscount = adjustmentOf(subtotal, input.cartDiscount);
  const cartMarkup = adjustmentOf(subtotal, input.cartMarkup);
  const total = subtotal - cartDiscount + cartMarkup;
  const shares = allocateProportionally(
    cartMarkup - cartDiscount,
    lines.map((line) => line.net),
  );

  const finalLines = lines.map((line, index) => {
    const share = shares[index] ?? 0n;
    const rateBp = vatTable[line.item.vatCode]?.rateBp ?? null;
    return { ...line, share, final: line.net + share, rateBp };
  });
  const vat = vatPerRate(
    finalLines.map((line) => ({ code: line.item.vatCode, rateBp: line.rateBp, gross: line.final })),
  );

  const items = finalLines.map((line, index): CalculatedItem => {
    const { item, original, discount, markup, net, share, final, rateBp } = line;
    if (vatTable[item.vatCode] === undefined)
      issues.push(issue(`items[${index}].vatCode`, 'UNKNOWN_VAT_CODE'));
    const lineVat = vat.lineVat[index] ?? 0n;
    if (![original, discount, markup, final].every(inRange)) {
      issues.push(issue(`items[${index}].unitPrice`, 'ITEM_PRICE_INVALID', `item amount ${OUT_OF_RANGE}`));
    }
    if (net < 0n || final < 0n) issues.push(issue(`items[${index}].netAmount`, 'ITEM_NET_AMOUNT_NEGATIVE'));
    // Per line, as the spec defines it: the VAT contained in this line's own amount.
    if (rateBp !== null && vatFromGross(final, BigInt(rateBp)) < 0n) {
      issues.push(issue(`items[${index}].vatAmount`, 'ITEM_VAT_AMOUNT_NEGATIVE'));
    }
    return {
      originalPrice: toMinorNumber(original),
      discountAmount: toMinorNumber(discount),
      markupAmount: toMinorNumber(markup),
      cartAdjustment: toMinorNumber(share),
      netAmount: toMinorNumber(final),
      vatCode: item.vatCode,
      vatRateBp: rateBp,
      vatAmount: toMinorNumber(lineVat),
      taxableBase: toMinorNumber(final - lineVat),
    };
  });

  const paymentsTotal = sumBy(input.payments, (payment) => BigInt(payment.amount));
  const change = BigInt(input.amountReceived) - total;
  if (total <= 0n) issues.push(issue('total', 'CALCULATION_TOTAL_ZERO'));
  if (![subtotal, cartDiscount, cartMarkup, total, paymentsTotal, change].every(inRange)) {
    issues.push(issue('total', 'CALCULATION_TOTAL_ZERO', `sale amount ${OUT_OF_RANGE}`));
  }

  return {
    items,
    subtotal: toMinorNumber(subtotal),
    cartDiscountAmount: toMinorNumber(cartDiscount),
    cartMarkupAmount: toMinorNumber(cartMarkup),
    total: toMinorNumber(total),
    vatBreakdown: vat.codes.map((entry) => ({
      code: entry.code,
      rateBp: entry.rateBp,
      vatAmount: toMinorNumber(entry.vat),
      taxableBase: toMinorNumber(entry.gross - entry.vat),
      gross: toMinorNumber(entry.gross),
    })),
    paymentBreakdown: totalsByPaymentType(input.payments),
    paymentsTotal: toMinorNumber(paymentsTotal),
    amountReceived: input.amountReceived,
    change: toMinorNumber(change),
    issues,
  };
}

function totalsByPaymentType(payments: readonly PaymentInput[]): PaymentLine[] {
  const byType = new Map<string, PaymentLine>();
  for (const payment of payments) {
    const entry = byType.get(payment.type) ?? { code: payment.type, amount: 0 };
    entry.amount += payment.amount;
    byType.set(payment.type, entry);
  }
  return [...byType.values()];
}
