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
      this.release();
    }
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

  private release(): void {
    const next = this.queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant();
    } else {
      this.held = false;
    }
  }
}
