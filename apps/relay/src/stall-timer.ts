// RELAY_HEADERS_TIMEOUT_MS for an answer that waits on its reader: a client whose socket is full
// (forward.ts), or a requesting node that stopped acknowledging what it was sent
// (peer-request.ts). The timer runs while the answer waits and is cleared each time the reader
// takes more; when it runs out the reader is let go, so it does not hold one of the terminal's
// RELAY_MAX_CONCURRENT slots for as long as it likes.
import type { Exchange } from './forward.js';

export class StallTimer {
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ms: number,
    private readonly onStall: () => void,
  ) {}

  /** The answer waits on its reader: the timer starts, unless it already runs. */
  arm(): void {
    this.#timer ??= setTimeout(this.onStall, this.ms);
  }

  /** The reader took more, or the exchange is over. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/**
 * The rest of a stalled answer is read from the terminal and dropped, not cancelled: cancelling
 * a stream paused with unread DATA lost the terminal's HTTP/2 session for every other stream.
 */
export function dropTheRest(stream: Exchange): void {
  stream.on('data', () => undefined);
  stream.resume();
}
