// Order totals by the fiscal domain's one calculation (packages/fiscal): the same rounding,
// VAT extraction and per-code breakdown as a receipt on the terminal, at the merchant's rates
// (the ones its terminals sell at), so an order and the sale it later becomes agree to the ban.
// Orders carry no discounts or payments yet.
import { calculateSale, fromBp, isVatCode, type VatCode, type VatTable } from '@fiscal-pos/fiscal';
import type { FieldError } from '../http/problem.js';
import { MAX_ORDER_TOTAL } from '../limits.js';

export interface LineInput {
  unitPriceMinor: number;
  quantityMilli: number;
  vatCode: string;
}

interface LineTotals {
  amountMinor: number;
  vatMinor: number;
  /** VAT rate in percent (0 for the exempt code). */
  vatRate: number;
}

interface VatBreakdownEntry {
  vatCode: string;
  rate: number;
  amountMinor: number;
  vatMinor: number;
  taxableBaseMinor: number;
}

export interface OrderTotals {
  lines: LineTotals[];
  totalMinor: number;
  vatMinor: number;
  breakdown: VatBreakdownEntry[];
}

function ratePercent(rateBp: number | null): number {
  return rateBp === null ? 0 : fromBp(rateBp);
}

/** The totals of `lines` at the rates of `vatTable` (the merchant's, as they are now). */
export function computeOrderTotals(lines: readonly LineInput[], vatTable: VatTable): OrderTotals {
  const items = lines.map((line) => {
    if (!isVatCode(line.vatCode)) throw new Error(`unknown VAT code ${line.vatCode}`);
    const vatCode: VatCode = line.vatCode;
    return {
      unitPrice: line.unitPriceMinor,
      quantity: line.quantityMilli,
      vatCode,
      discountBp: 0,
      discountAbsolute: 0,
      markupBp: 0,
      markupAbsolute: 0,
    };
  });
  const sale = calculateSale(
    { items, cartDiscount: null, cartMarkup: null, payments: [], amountReceived: 0 },
    vatTable,
  );
  return {
    lines: sale.items.map((item) => ({
      amountMinor: item.netAmount,
      vatMinor: item.vatAmount,
      vatRate: ratePercent(item.vatRateBp),
    })),
    totalMinor: sale.total,
    vatMinor: sale.vatBreakdown.reduce((sum, entry) => sum + entry.vatAmount, 0),
    breakdown: sale.vatBreakdown
      .map((entry) => ({
        vatCode: entry.code,
        rate: ratePercent(entry.rateBp),
        amountMinor: entry.gross,
        vatMinor: entry.vatAmount,
        taxableBaseMinor: entry.taxableBase,
      }))
      .sort((a, b) => a.vatCode.localeCompare(b.vatCode)),
  };
}

/**
 * Why these totals cannot make an order, as field errors of the request body: a line whose
 * amount rounds to 0 bani (the fiscal calculation refuses a sale of 0), or a total beyond
 * MAX_ORDER_TOTAL. Quantities and prices are bounded before, so nothing here overflows.
 */
export function orderAmountErrors(totals: OrderTotals): FieldError[] {
  const errors: FieldError[] = totals.lines.flatMap((line, i) =>
    line.amountMinor > 0
      ? []
      : [{ path: `body.lines.${i}.quantity`, message: 'the line amount rounds to 0 bani' }],
  );
  if (totals.totalMinor > MAX_ORDER_TOTAL * 100)
    errors.push({ path: 'body.lines', message: `the order total exceeds ${MAX_ORDER_TOTAL} MDL` });
  return errors;
}
