import { MEV_BATCH_MAX_OPERATIONS } from '@fiscal-pos/mev-sim/protocol';
import type { Logger } from 'pino';
import type { FiscalRegistrar } from './fiscal-registrar.js';
import type { OperationStore } from './operation-store.js';

export interface SyncWorkerOptions {
  registrar: FiscalRegistrar;
  store: OperationStore;
  logger: Logger;
  /** First retry delay after the server was unreachable. */
  retryBaseMs: number;
  /** Upper bound of the retry delay. */
  retryMaxMs: number;
  /** Operations per batch request, 1 to MEV_BATCH_MAX_OPERATIONS (SYNC_BATCH_SIZE). */
  batchSize?: number;
  random?: () => number;
}

/** Exponential backoff with "equal jitter": half the delay fixed, half random. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number, random: () => number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
  return exponential / 2 + random() * (exponential / 2);
}

export const DEFAULT_SYNC_BATCH_SIZE = 100;

/**
 * Drains the offline queue in the original order of the operations, in batches: the oldest
 * `batchSize` operations in one request, which the server judges in list order; one batch in
 * flight at a time. The server checks that receipt numbers never go backwards, so order is
 * part of correctness: a batch that cannot go now (outage, a fault about the terminal) stays
 * at the head of the queue and nothing after it is sent.
 */
export class SyncWorker {
  private running = false;
  private stopped = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private current: Promise<void> = Promise.resolve();
  private readonly random: () => number;
  private readonly batchSize: number;

  constructor(private readonly o: SyncWorkerOptions) {
    this.random = o.random ?? Math.random;
    this.batchSize = o.batchSize ?? DEFAULT_SYNC_BATCH_SIZE;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1 || this.batchSize > MEV_BATCH_MAX_OPERATIONS)
      throw new RangeError(
        `the sync batch size must be 1 to ${MEV_BATCH_MAX_OPERATIONS}, not ${this.batchSize}`,
      );
  }

  /** Asks for a pass now, unless one is running or a retry is already scheduled. */
  wake(): void {
    if (this.stopped || this.running || this.retryTimer) return;
    this.running = true;
    this.current = this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.current;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const batch = this.o.store.offlineQueue(this.batchSize);
        if (batch.length === 0) {
          this.failures = 0;
          return;
        }
        const result = await this.o.registrar.sendBatch(batch);
        if (result === 'unreachable' || result === 'deferred') {
          this.scheduleRetry(result);
          return;
        }
        this.failures = 0;
      }
    } catch (error) {
      this.o.logger.error({ err: error }, 'offline sync pass failed');
      this.scheduleRetry('error');
    } finally {
      this.running = false;
    }
  }

  private scheduleRetry(why: 'unreachable' | 'deferred' | 'error'): void {
    if (this.stopped) return;
    const delay = backoffDelay(this.failures++, this.o.retryBaseMs, this.o.retryMaxMs, this.random);
    this.o.logger.info(
      { why, delayMs: Math.round(delay), failures: this.failures },
      'offline sync retries later',
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.wake();
    }, delay);
    this.retryTimer.unref();
  }
}
