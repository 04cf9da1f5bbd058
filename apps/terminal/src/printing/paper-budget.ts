/**
 * Lines of free text (POST /api/print) the printer is given per minute, whoever asks: a caller
 * with the key could otherwise keep the printer feeding paper, and the receipts of sales waiting
 * behind it. Fiscal documents are not counted: their paper is never refused. A fixed window,
 * opened by the first print after the last one ended, on a monotonic clock.
 */
export class PaperBudget {
  #windowStart = -Infinity;
  #lines = 0;

  constructor(
    private readonly linesPerMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Counts `lines` and answers 0, or answers the seconds until they fit (nothing counted). */
  take(lines: number): number {
    const now = this.now();
    if (now - this.#windowStart >= 60_000) {
      this.#windowStart = now;
      this.#lines = 0;
    }
    if (this.#lines + lines > this.linesPerMinute)
      return Math.max(1, Math.ceil((this.#windowStart + 60_000 - now) / 1000));
    this.#lines += lines;
    return 0;
  }
}
