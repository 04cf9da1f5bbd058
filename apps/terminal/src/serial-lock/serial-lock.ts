import { setImmediate as nextCheckPhase } from 'node:timers/promises';
import { DomainError } from '../domain-error.js';

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs work one at a time, in arrival order. A request that waits longer than `timeoutMs` is
 * answered 429 BUSY and leaves the queue without disturbing the order of the others. Two
 * instances: the fiscal lock (sales, cash-in, cash-out, X and Z reports, shift steps) and the
 * card terminal's (`name`: "card terminal"), which serialises the use of that device.
 */
export class SerialLock {
  private held = false;
  private readonly queue: Waiter[] = [];

  constructor(
    private readonly timeoutMs: number,
    private readonly name = 'fiscal',
  ) {}

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      if (this.release()) await this.#afterNextHolderStarted();
    }
  }

  /**
   * Lets the holder the lock passed to reach its I/O before this caller goes on (answering its
   * request is work the lock does not need). The next holder's I/O is what every waiter waits
   * for: a fiscal operation's registration with MEV. undici writes a request on a reused
   * keep-alive connection in the event loop's check phase, not when it is made (it first lets
   * the socket report a close that may be pending: GHSA-35p6-xmwp-9g52), so an answer built
   * in the same turn, ~0.25 ms of a sale's CPU, held every registration back by as much with
   * ten clients (docs/benchmarks.md, "The hand-over"). Two check phases: the first is the one
   * the next holder's request goes out in, when it gets there in this turn.
   */
  async #afterNextHolderStarted(): Promise<void> {
    await nextCheckPhase();
    await nextCheckPhase();
  }

  /** Runs `work` if the lock is free now; null, without waiting, when it is held. */
  tryRun<T>(work: () => Promise<T>): Promise<T> | null {
    return this.held ? null : this.run(work);
  }

  private acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          reject(
            new DomainError(
              'BUSY',
              `Another ${this.name} operation is in progress; waited ${this.timeoutMs} ms for the ${this.name} lock`,
            ),
          );
        }, this.timeoutMs),
      };
      this.queue.push(waiter);
    });
  }

  /** Passes the lock to the next waiter (true), or frees it. */
  private release(): boolean {
    const next = this.queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant();
      return true;
    }
    this.held = false;
    return false;
  }
}
