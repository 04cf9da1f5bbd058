import type { Bp, Milli, Minor } from '../money/money.js';
import { divRound } from '../money/rounding.js';
import { ACPS_CASH } from '../payments/acps.js';
import type { PaymentLine } from '../payments/payment-line.js';
import { allocateProportionally } from '../sale/allocate.js';
import { expecting, issue, type ValidationIssue } from '../validation/validation-issue.js';
import type { VatCode } from '../vat/vat.js';
import type { VatLine } from '../vat/vat-line.js';

/** A line of the sale as a return sees it. */
export interface RefundableLine {
  quantity: Milli;
  /** The line's final amount on the sale, VAT included, after its discounts and its cart share. */
  netAmount: Minor;
  /** The line's share of its code's VAT on the sale. */
  vatAmount: Minor;
  vatCode: VatCode;
  vatRateBp: Bp | null;
  /** What the refunds that stand took of the line, as they recorded it: quantity, amount, VAT. */
  returnedQuantity: Milli;
  returnedAmount: Minor;
  returnedVat: Minor;
  /**
   * Whether the line was sold in fractions (the sale item's allowDecimals): a line sold in whole
   * units is returned in whole units. Null when not known (a sale recorded before it was kept):
   * any quantity up to what is left, as before.
   */
  allowDecimals: boolean | null;
}

/** One payment type of the sale: what the shop kept (cash net of change), what went back. */
export interface RefundablePayment {
  type: string;
  kept: Minor;
  returned: Minor;
}

export interface RefundInput {
  lines: readonly RefundableLine[];
  payments: readonly RefundablePayment[];
  /** null: everything not yet returned. */
  items: readonly { index: number; quantity: Milli }[] | null;
  /** null: back the way it was paid. */
  requestedPayments: readonly { type: string; amount: Minor }[] | null;
}

export interface RefundedLine {
  index: number;
  quantity: Milli;
  amount: Minor;
  /** The VAT this gives back of the line's VAT on the sale; a code's lines add up to its VAT. */
  vatAmount: Minor;
}

export interface RefundCalculation {
  lines: RefundedLine[];
  total: Minor;
  vatBreakdown: VatLine[];
  /** Per payment type, in the sale's order. */
  payments: PaymentLine[];
  issues: ValidationIssue[];
}

/**
 * `part` of `whole` of an amount, rounded by THE rule; all of it is the amount exactly. Returns
 * are priced cumulatively with it (the share of everything returned so far minus what earlier
 * returns took), so whatever the sequence of partial returns, returning everything gives back
 * exactly the amount.
 */
function shareOf(amount: bigint, part: bigint, whole: bigint): bigint {
  return part === whole ? amount : divRound(amount * part, whole);
}

/**
 * A line returned `quantity` more: its worth is its share of the line's amount by quantity, its
 * VAT the same share of the line's VAT by worth, so the VAT goes back with the money (none while
 * the worth stays, never more than it), each minus what the earlier returns took of it.
 */
function returnOf(line: RefundableLine, quantity: bigint): { amount: bigint; vat: bigint } {
  const net = BigInt(line.netAmount);
  const worth = shareOf(net, BigInt(line.returnedQuantity) + quantity, BigInt(line.quantity));
  return {
    amount: worth - BigInt(line.returnedAmount),
    vat: shareOf(BigInt(line.vatAmount), worth, net) - BigInt(line.returnedVat),
  };
}

/** The requested quantity per line index, or the issues that refuse the request. */
function requestedQuantities(input: RefundInput): { byLine: Map<number, bigint>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const byLine = new Map<number, bigint>();
  const remaining = (index: number) => {
    const line = input.lines[index]!;
    return BigInt(line.quantity) - BigInt(line.returnedQuantity);
  };
  if (input.items === null) {
    input.lines.forEach((_, index) => {
      if (remaining(index) > 0n) byLine.set(index, remaining(index));
    });
    if (byLine.size === 0)
      issues.push(issue('items', 'REFUND_QUANTITY_INVALID', 'everything sold was already returned'));
    return { byLine, issues };
  }
  input.items.forEach((item, position) => {
    if (item.index >= input.lines.length) {
      issues.push(issue(`items[${position}].index`, 'REFUND_ITEM_INVALID'));
      return;
    }
    const total = (byLine.get(item.index) ?? 0n) + BigInt(item.quantity);
    if (input.lines[item.index]!.allowDecimals === false && item.quantity % 1000 !== 0)
      issues.push(
        issue(`items[${position}].quantity`, 'REFUND_QUANTITY_INVALID', 'the line was sold in whole units'),
      );
    else if (total > remaining(item.index))
      issues.push(issue(`items[${position}].quantity`, 'REFUND_QUANTITY_INVALID'));
    byLine.set(item.index, total);
  });
  return { byLine, issues };
}

/**
 * How the money goes back: as requested (summing to the total, no type beyond what it paid and
 * was not yet given back), or by default in proportion to what each type has left, the units
 * of rounding going to the non-cash types first (cash last), so the last return gives back
 * exactly what each type has left.
 */
function refundPayments(input: RefundInput, total: bigint, issues: ValidationIssue[]): PaymentLine[] {
  const left = new Map(input.payments.map((p) => [p.type, BigInt(p.kept) - BigInt(p.returned)]));
  if (input.requestedPayments === null) {
    const order = [...input.payments].sort(
      (a, b) => Number(a.type === ACPS_CASH) - Number(b.type === ACPS_CASH),
    );
    const shares = allocateProportionally(
      total,
      order.map((p) => left.get(p.type) ?? 0n),
    );
    const byType = new Map(order.map((p, i) => [p.type, shares[i] ?? 0n]));
    return input.payments
      .map((p) => ({ code: p.type, amount: Number(byType.get(p.type) ?? 0n) }))
      .filter((p) => p.amount > 0);
  }
  const byType = new Map<string, bigint>();
  input.requestedPayments.forEach((p, position) => {
    const sum = (byType.get(p.type) ?? 0n) + BigInt(p.amount);
    if (sum > (left.get(p.type) ?? 0n)) {
      issues.push(
        issue(
          `payments[${position}].amount`,
          'PAYMENT_AMOUNT_INVALID',
          'more than this payment type paid and has not had back',
        ),
      );
    }
    byType.set(p.type, sum);
  });
  const sum = [...byType.values()].reduce((a, b) => a + b, 0n);
  if (sum !== total) {
    issues.push(
      expecting(
        issue('payments', 'PAYMENT_SUM_MISMATCH', 'the payments must sum to the refund total'),
        Number(total),
      ),
    );
  }
  return [...byType].map(([code, amount]) => ({ code, amount: Number(amount) }));
}

/**
 * A return of (part of) a sale (DESIGN.md "Rules of calculation", returns): each line gives back
 * its cumulative share of its final amount and of its VAT on the sale, and each VAT code's VAT
 * is what its lines give back, so that returning everything, in one refund or many, gives back
 * the sale exactly per line, per code and in total. Pure, in bigint.
 */
export function calculateRefund(input: RefundInput): RefundCalculation {
  const { byLine, issues } = requestedQuantities(input);
  if (issues.length > 0) return { lines: [], total: 0, vatBreakdown: [], payments: [], issues };

  const lines = [...byLine].map(([index, quantity]) => ({
    index,
    quantity,
    code: input.lines[index]!.vatCode,
    ...returnOf(input.lines[index]!, quantity),
  }));

  // Per code in the sale's order of first appearance, as the sale's own breakdown.
  const vatBreakdown = [...new Map(input.lines.map((line) => [line.vatCode, line.vatRateBp]))].flatMap(
    ([code, rateBp]): VatLine[] => {
      const ofCode = lines.filter((refunded) => refunded.code === code);
      if (ofCode.length === 0) return [];
      const gross = ofCode.reduce((sum, refunded) => sum + refunded.amount, 0n);
      const vat = ofCode.reduce((sum, refunded) => sum + refunded.vat, 0n);
      return [
        { code, rateBp, vatAmount: Number(vat), taxableBase: Number(gross - vat), gross: Number(gross) },
      ];
    },
  );

  const total = lines.reduce((sum, refunded) => sum + refunded.amount, 0n);
  // A fiscal document's total is positive (spec: "The computed grand total must be positive",
  // CALCULATION_TOTAL_ZERO): a free line (its net 0.00) is not returned on a document alone.
  if (total <= 0n)
    issues.push(
      issue(
        'total',
        'CALCULATION_TOTAL_ZERO',
        'the items returned are worth 0.00 (free items): a refund gives money back; return them together with a paid item',
      ),
    );
  const payments = refundPayments(input, total, issues);
  return {
    lines: lines.map((refunded) => ({
      index: refunded.index,
      quantity: Number(refunded.quantity),
      amount: Number(refunded.amount),
      vatAmount: Number(refunded.vat),
    })),
    total: Number(total),
    vatBreakdown,
    payments,
    issues,
  };
}
