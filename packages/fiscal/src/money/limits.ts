import { formatMinor, type Minor } from './money.js';

/*
 * The limits that keep every figure a report states exact (docs/terminal-api.md, "Limits").
 * A report can state an amount exactly up to MAX_SCALED (9,999,999,999,999.99 MDL, 15 digits):
 * a JSON number beyond it no longer reads back as the same bani. Amounts accepted one by one can
 * sum past it, and then a report cannot be made at all: the day could never be closed. So each
 * scope a report sums over has a limit, checked before anything is written, each scope ten
 * times the one below it:
 *
 *   an amount of a request   999,999,999.99        (a price, a payment, a cash-in)
 *   a document               9,999,999,999.99      (a sale's total and amount received)
 *   a fiscal day, a shift    99,999,999,999.99     (what its report sums)
 *   a calendar year          999,999,999,999.99    (the Z report's yearTotal and yearTax)
 *
 * so that ten years at the year limit still fit a periodic report exactly. The drawer of a day
 * never exceeds the day's turnover (see TurnoverScope), so a count of it (a shift's openingCash
 * or countedCash) is bounded by DAY_LIMIT, not by the limit of one amount: a drawer that
 * cash-ins and sales filled past 999,999,999.99 must still be counted at the shift's close.
 */

/** Every money field of a request. */
export const AMOUNT_LIMIT: Minor = 99_999_999_999;
/** The total of one document, and what a sale's payments add up to. */
export const DOCUMENT_LIMIT: Minor = 999_999_999_999;
/** The turnover of one fiscal day (between two Z reports), and of one shift. */
export const DAY_LIMIT: Minor = 9_999_999_999_999;
/** The turnover of the fiscal days closed in one calendar year. */
export const YEAR_LIMIT: Minor = 99_999_999_999_999;

/**
 * The scopes whose turnover a document adds to. The turnover of a scope is what bounds every
 * figure its report states: the drawer it started with, plus the totals of its sales, its
 * refunds and its cash-ins. A cash-out adds nothing: it only takes out what one of those put
 * in, so the cash-outs of a scope never exceed its turnover, and neither does its drawer.
 */
export type TurnoverScope = 'day' | 'shift' | 'year';

/** What a scope has used of its limit so far, in bani. */
export type Turnover = Record<TurnoverScope, Minor>;

const LIMIT_OF: Readonly<Record<TurnoverScope, Minor>> = {
  day: DAY_LIMIT,
  shift: DAY_LIMIT,
  year: YEAR_LIMIT,
};

/** What a document of a type adds to the turnover of its scopes. */
export function turnoverOf(type: string, totalAmount: Minor): Minor {
  return type === 'receipt' || type === 'refund' || type === 'cash_in' ? totalAmount : 0;
}

/** A scope a document would take past its limit. */
export interface TurnoverBreach {
  scope: TurnoverScope;
  limit: Minor;
  /** What the scope may still take. */
  left: Minor;
}

/**
 * The first scope that `amount` more would take past its limit, or null. Pure: the caller reads
 * the turnovers under the fiscal lock, before it writes the document.
 */
export function turnoverBreach(used: Turnover, amount: Minor): TurnoverBreach | null {
  if (amount <= 0) return null;
  for (const scope of ['day', 'shift', 'year'] as const) {
    const limit = LIMIT_OF[scope];
    if (used[scope] + amount > limit) return { scope, limit, left: Math.max(0, limit - used[scope]) };
  }
  return null;
}

/** "999,999,999.99": a limit as docs and messages write it. */
export function formatLimit(limit: Minor): string {
  const [whole = '', cents = ''] = formatMinor(limit).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
