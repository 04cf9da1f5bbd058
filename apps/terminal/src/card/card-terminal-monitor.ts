/**
 * The bank card terminal as health and the metrics show it: can a card payment be taken now,
 * and if not, why. It answers from what the terminal last learned (every card operation and
 * status check notes its outcome) and never waits for the device: when that is older than
 * `maxAgeMs`, a status check starts in the background, bounded by the connection deadline, and
 * the next read shows its outcome.
 */
import type { Clock } from '../clock.js';
import type { CardPayments } from './card-payments.js';

/** Primary status, most pressing first: see cardTerminalStatusOf. */
export const CARD_TERMINAL_STATUSES = [
  'none',
  'reversal_pending',
  'unreachable',
  'device_error',
  'unknown',
  'ready',
] as const;

type CardTerminalStatus = (typeof CARD_TERMINAL_STATUSES)[number];

export interface CardTerminalHealth {
  status: CardTerminalStatus;
  url: string | null;
  bankTerminalId: string | null;
  lastContactAt: string | null;
  lastCheckedAt: string | null;
  lastError: string | null;
  pendingReversals: number;
  /** Rests of partly refunded card payments of refused sales not refunded yet: retried. */
  pendingTakeBacks: number;
  /**
   * Rests the card terminal declined or refused to refund (its definite no): owed to customers
   * until refunded by their RRN.
   */
  declinedTakeBacks: number;
}

const NO_CARD_TERMINAL: CardTerminalHealth = {
  status: 'none',
  url: null,
  bankTerminalId: null,
  lastContactAt: null,
  lastCheckedAt: null,
  lastError: null,
  pendingReversals: 0,
  pendingTakeBacks: 0,
  declinedTakeBacks: 0,
};

export class CardTerminalMonitor {
  #checking: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly card: CardPayments | null,
    private readonly clock: Clock,
    private readonly maxAgeMs: number,
  ) {}

  /**
   * The card terminal's health now. A purchase is taken only in `ready`: a take-back not yet
   * confirmed blocks new purchases whatever the device does (card-payments.ts), so it comes
   * first; `unknown` is the short time between start and the first answer or failure.
   */
  health(): CardTerminalHealth {
    const { card } = this;
    if (card === null) return NO_CARD_TERMINAL;
    const contact = card.contact.snapshot();
    const pendingReversals = card.journal.cancelling().length;
    const takeBacks = card.takeBacks();
    if (this.#stale(contact.lastCheckedAt)) this.check(takeBacks.pending);
    return {
      status: pendingReversals > 0 ? 'reversal_pending' : contact.state,
      url: card.url,
      bankTerminalId: contact.bankTerminalId,
      lastContactAt: contact.lastContactAt,
      lastCheckedAt: contact.lastCheckedAt,
      lastError: contact.lastError,
      pendingReversals,
      pendingTakeBacks: takeBacks.pending,
      declinedTakeBacks: takeBacks.declined,
    };
  }

  /**
   * Every `everyMs`, a status check while something waits for the card terminal (a take-back
   * not confirmed, a rest not refunded), which settles it once the device answers: a shop that
   * takes no more card payments, and whose health nobody reads, would otherwise leave a
   * customer charged until a restart.
   */
  start(everyMs: number): void {
    const { card } = this;
    if (card === null || this.#timer !== null) return;
    this.#timer = setInterval(() => {
      try {
        const pendingTakeBacks = card.takeBacks().pending;
        if (card.waiting(pendingTakeBacks) > 0) this.check(pendingTakeBacks);
      } catch {
        // The disk refused the read: the next tick asks again.
      }
    }, everyMs);
    this.#timer.unref();
  }

  /**
   * Starts a status check unless one (or a card operation) is under way. `pendingTakeBacks`:
   * the count the caller just computed, not walked again.
   */
  check(pendingTakeBacks: number | null = null): void {
    if (this.#checking !== null || this.card === null) return;
    const run = this.card.checkStatus(pendingTakeBacks);
    if (run === null) return;
    this.#checking = run.finally(() => {
      this.#checking = null;
    });
  }

  /** Stops the timer and resolves once no status check is running (before the runtime closes the device). */
  async stop(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#checking;
  }

  #stale(lastCheckedAt: string | null): boolean {
    return lastCheckedAt === null || this.clock.now().getTime() - Date.parse(lastCheckedAt) >= this.maxAgeMs;
  }
}
