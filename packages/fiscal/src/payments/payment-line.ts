import type { Minor } from '../money/money.js';

/** One payment of a fiscal document: an ACPS payment code ("1" cash, "2" card, "3.1", ...) and its amount. */
export interface PaymentLine {
  code: string;
  amount: Minor;
}
