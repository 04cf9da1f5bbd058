// Requests per publicId in a fixed window, and requests in flight. Kept on the terminal's live
// link (so an unknown publicId costs no memory); a reconnect starts a fresh window, which a
// client cannot cause. With several relay nodes each counts its own share (docs/relay.md).
// A request the terminal refused for its key is forgiven: it was not the key holder's.
export class WindowLimiter {
  #windowStart = 0;
  #count = 0;
  #inFlight = 0;

  constructor(private readonly o: { max: number; windowMs: number; maxConcurrent: number }) {}

  /** Seconds to wait, or 0 when the request may go (and is counted, in flight until `release`). */
  take(now: number): number {
    if (now - this.#windowStart >= this.o.windowMs) {
      this.#windowStart = now;
      this.#count = 0;
    }
    if (this.#count >= this.o.max)
      return Math.max(1, Math.ceil((this.#windowStart + this.o.windowMs - now) / 1000));
    // The terminal serves requests one fiscal operation at a time anyway; more at once only queue.
    if (this.#inFlight >= this.o.maxConcurrent) return 1;
    this.#count++;
    this.#inFlight++;
    return 0;
  }

  release(): void {
    this.#inFlight--;
  }

  /** Uncounts a request taken at `takenAt` (the terminal answered it 401), if its window is still this one. */
  forgive(takenAt: number): void {
    if (takenAt >= this.#windowStart && this.#count > 0) this.#count--;
  }
}
