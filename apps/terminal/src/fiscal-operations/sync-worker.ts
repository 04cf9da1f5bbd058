import { MEV_BATCH_MAX_OPERATIONS } from '@fiscal-pos/mev-protocol';
import type { Logger } from 'pino';
import type { FiscalRegistrar, SyncSendResult } from './fiscal-registrar.js';
import type { OperationStore } from './operation-store.js';
import { DEFAULT_SYNC_BATCH_SIZE } from '../config.js';

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

/**
 * Drains the offline queue in the original order of the operations, in batches: the oldest
 * `batchSize` operations in one request, which the server judges in list order; one request
 * in flight at a time. The server checks report and receipt numbers, so order is part of
 * correctness: operations that cannot go now stay at the head of the queue and nothing after
 * them is sent.
 *
 * Smaller-batch fallback: a batch the server faults as a whole for a reason that is not about
 * the terminal (a server fault, a batch it will not take, one operation it chokes on) is tried
 * again at once at half the size, down to a single operation, so one poisoned operation
 * cannot hold the queue: the operations before it go through in smaller batches, and it
 * is then judged alone (refused for itself: `failed`; a fault about the terminal or the
 * server: kept, retried with backoff). A batch that timed out is retried at half the size
 * after the backoff (it may be an outage, or too large to be answered in time). After each
 * answered request the size doubles back up to `batchSize`; it starts from `batchSize` again
 * once the queue is empty. The order and exactly-once hold whatever the size: each request
 * takes the head of the queue, and the server deduplicates by UUID.
 */
export class SyncWorker {
  private running = false;
  private stopped = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private current: Promise<void> = Promise.resolve();
  private readonly random: () => number;
  private readonly batchSize: number;
  /** Operations in the next request: `batchSize`, or less while falling back. */
  private window: number;

  constructor(private readonly o: SyncWorkerOptions) {
    this.random = o.random ?? Math.random;
    this.batchSize = o.batchSize ?? DEFAULT_SYNC_BATCH_SIZE;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1 || this.batchSize > MEV_BATCH_MAX_OPERATIONS)
      throw new RangeError(
        `the sync batch size must be 1 to ${MEV_BATCH_MAX_OPERATIONS}, not ${this.batchSize}`,
      );
    this.window = this.batchSize;
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
      this.o.registrar.requeueStranded();
      for (;;) {
        if (this.stopped) return;
        const batch = this.o.store.offlineQueue(this.window);
        if (batch.length === 0) {
          this.failures = 0;
          this.window = this.batchSize;
          return;
        }
        const result = await this.o.registrar.sendQueued(batch);
        if (result === 'answered') {
          this.failures = 0;
          this.window = Math.min(this.batchSize, this.window * 2);
          continue;
        }
        const smaller = Math.ceil(batch.length / 2);
        if (result === 'faulted') {
          // The server answered: no reason to wait before trying half of it.
          this.fallBack(batch.length, smaller, result);
          continue;
        }
        if (result === 'timeout' && batch.length > 1) this.fallBack(batch.length, smaller, result);
        this.scheduleRetry(result);
        return;
      }
    } catch (error) {
      this.o.logger.error({ err: error }, 'offline sync pass failed');
      this.scheduleRetry('error');
    } finally {
      this.running = false;
    }
  }

  private fallBack(from: number, to: number, why: SyncSendResult): void {
    this.window = to;
    this.o.logger.warn({ why, from, to }, 'offline sync falls back to smaller batches');
  }

  private scheduleRetry(why: SyncSendResult | 'error'): void {
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
