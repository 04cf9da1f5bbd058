import type { Logger } from 'pino';
import { backoffDelay } from '../fiscal-operations/sync-worker.js';

export interface PeriodicSyncOptions {
  /** One pass: throws when it could not finish (the cloud away, a refusal). */
  pass: () => Promise<void>;
  /** After a failed pass: true stops the loop for good (the terminal was deactivated). */
  halted: () => boolean;
  intervalMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  logger: Logger;
  random?: () => number;
}

/**
 * Runs the platform sync at start, every `intervalMs`, and on demand; after a failure it
 * retries with exponential backoff (capped at the interval, so that a cloud back up is seen
 * no later than a healthy one would be). One pass at a time: a demand during a pass waits for
 * that pass and then one more, so that it sees what was changed before it asked.
 */
export class PeriodicSync {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private failures = 0;
  private stopped = false;
  private readonly random: () => number;

  constructor(private readonly o: PeriodicSyncOptions) {
    this.random = o.random ?? Math.random;
  }

  start(): void {
    void this.now();
  }

  /** A pass now (after the running one); resolves when it ended, whatever its outcome. */
  now(): Promise<void> {
    if (this.stopped || this.o.halted()) return Promise.resolve();
    if (this.current === null) {
      this.current = this.run();
      return this.current;
    }
    this.queued ??= this.current.then(() => {
      this.queued = null;
      return this.now();
    });
    return this.queued;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.queued;
    await this.current;
  }

  private async run(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let delay = this.o.intervalMs;
    try {
      await this.o.pass();
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      delay = backoffDelay(
        this.failures - 1,
        this.o.retryBaseMs,
        Math.min(this.o.retryMaxMs, this.o.intervalMs),
        this.random,
      );
      if (this.o.halted()) {
        this.o.logger.error(
          { err: error },
          'the cloud deactivated this terminal or revoked its credential: platform sync stopped, selling goes on',
        );
      } else {
        this.o.logger.warn({ err: error, retryInMs: Math.round(delay) }, 'platform sync failed');
      }
    } finally {
      this.current = null;
    }
    if (!this.stopped && !this.o.halted()) {
      this.timer = setTimeout(() => void this.now(), delay);
      this.timer.unref();
    }
  }
}
