import type { Bp, Milli, Minor } from '../money/money.js';
import { divRound, vatFromGross } from '../money/rounding.js';
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
  vatCode: VatCode;
  vatRateBp: Bp | null;
  /** Already returned by refunds that stand. */
  returnedQuantity: Milli;
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
  /** This line's share of its code's VAT on the refund (display). */
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
 * What `quantity` of a line is worth once returned in total: its share of the line's amount,
 * rounded by THE rule. Returns are priced cumulatively (the worth of all returned so far minus
 * the worth of what was returned before), so whatever the sequence of partial returns, returning
 * everything returns the line's amount exactly.
 */
function worthOf(line: RefundableLine, quantity: bigint): bigint {
  const whole = BigInt(line.quantity);
  return quantity === whole ? BigInt(line.netAmount) : divRound(BigInt(line.netAmount) * quantity, whole);
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
    if (total > remaining(item.index))
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
 * A return of (part of) a sale (DESIGN.md "Rules of calculation", returns): each line is worth
 * its cumulative share of its final amount; each VAT code's VAT is the VAT contained in all
 * that was returned of the code so far minus what earlier returns took, by the per-rate rule,
 * so the VAT of everything returned equals the sale's VAT per code exactly. Pure, in bigint.
 */
export function calculateRefund(input: RefundInput): RefundCalculation {
  const { byLine, issues } = requestedQuantities(input);
  if (issues.length > 0) return { lines: [], total: 0, vatBreakdown: [], payments: [], issues };

  const lines = [...byLine].map(([index, quantity]) => {
    const line = input.lines[index]!;
    const before = BigInt(line.returnedQuantity);
    const worthBefore = worthOf(line, before);
    return { index, line, quantity, worthBefore, amount: worthOf(line, before + quantity) - worthBefore };
  });

  const codes = new Map<
    VatCode,
    { rateBp: Bp | null; grossBefore: bigint; gross: bigint; members: number[] }
  >();
  input.lines.forEach((line) => {
    const entry = codes.get(line.vatCode) ?? {
      rateBp: line.vatRateBp,
      grossBefore: 0n,
      gross: 0n,
      members: [],
    };
    entry.grossBefore += worthOf(line, BigInt(line.returnedQuantity));
    codes.set(line.vatCode, entry);
  });
  lines.forEach((refunded, position) => {
    const entry = codes.get(refunded.line.vatCode)!;
    entry.gross += refunded.amount;
    entry.members.push(position);
  });
  const lineVat = lines.map(() => 0n);
  const vatBreakdown: VatLine[] = [];
  for (const [code, entry] of codes) {
    if (entry.members.length === 0) continue;
    const vatOf = (gross: bigint) => (entry.rateBp === null ? 0n : vatFromGross(gross, BigInt(entry.rateBp)));
    const vat = vatOf(entry.grossBefore + entry.gross) - vatOf(entry.grossBefore);
    allocateProportionally(
      vat,
      entry.members.map((position) => lines[position]!.amount),
    ).forEach((share, i) => {
      lineVat[entry.members[i]!] = share;
    });
    vatBreakdown.push({
      code,
      rateBp: entry.rateBp,
      vatAmount: Number(vat),
      taxableBase: Number(entry.gross - vat),
      gross: Number(entry.gross),
    });
  }

  const total = lines.reduce((sum, refunded) => sum + refunded.amount, 0n);
  if (total <= 0n)
    issues.push(issue('items', 'REFUND_QUANTITY_INVALID', 'the items returned are worth nothing'));
  const payments = refundPayments(input, total, issues);
  return {
    lines: lines.map((refunded, position) => ({
      index: refunded.index,
      quantity: Number(refunded.quantity),
      amount: Number(refunded.amount),
      vatAmount: Number(lineVat[position] ?? 0n),
    })),
    total: Number(total),
    vatBreakdown,
    payments,
    issues,
  };
}
