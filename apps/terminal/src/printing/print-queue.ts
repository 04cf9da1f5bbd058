import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { WakeSignal } from '../background/wake-signal.js';
import { DomainError } from '../domain-error.js';
import { isStorageFailure } from '../storage/storage-failure.js';
import type { PrintJob, PrintJobStore } from './print-job-store.js';
import {
  PrinterNotReadyError,
  PrintUnconfirmedError,
  type PrintDocument,
  type ReceiptPrinter,
} from './receipt-printer.js';

/** What became of a print on request: on paper, waiting in the queue, or sent without confirmation. */
export type PrintOutcome =
  { status: 'printed'; jobId: null } | { status: 'queued' | 'unconfirmed'; jobId: number };

/** What came of a queued job's attempt, to be recorded. */
interface Outcome {
  id: number;
  outcome: 'printed' | 'unconfirmed' | 'failed';
  reason: string;
}

export interface PrintQueueOptions {
  store: PrintJobStore;
  printer: ReceiptPrinter;
  clock: Clock;
  logger: Logger;
  /** First wait after a failed attempt; it doubles up to retryMaxMs while the printer stays away. */
  retryBaseMs: number;
  retryMaxMs: number;
}

/**
 * The paper of fiscal documents: fire-and-forget for the answer, never forgotten. A document is
 * queued durably (print_jobs) before the answer goes out and printed in order, one at a time;
 * while the printer cannot take the oldest job, nothing after it prints either (receipts come
 * out in the order they were issued), and the job is retried with backoff, or at once when the
 * printer comes back (`wake`). Only a cashier drops a job. A job the printer took whole without
 * confirming it is `unconfirmed` and never sent again on its own: a cashier reprints it (marked
 * as a copy) or drops it. So is a job whose bytes went to the printer while what came of it
 * could not be recorded: `sent_at` is written before the first byte, and a queued job that has
 * it (the disk refused the outcome and the process ended, or a kill -9 during the job) becomes
 * `unconfirmed` rather than printing again; within the process, the outcome the disk refused
 * is written once it can be, before the next job.
 */
export class PrintQueue {
  readonly #signal = new WakeSignal();
  #loop: Promise<void> | null = null;
  #stopped = false;
  #failures = 0;
  /** The last failed attempt, for a print on request waiting behind the queue. */
  #lastFailure: { at: number; error: unknown } | null = null;

  constructor(private readonly o: PrintQueueOptions) {}

  get printer(): ReceiptPrinter {
    return this.o.printer;
  }

  /**
   * Queues a document's paper; nothing with PRINTER=none. Returns the job id, null when nothing
   * was queued. The document itself is already committed when its paper is queued: a disk that
   * refuses the job (full, read-only) leaves it without paper rather than turning the answer of
   * a done sale into a refusal (a retry without Idempotency-Key would sell twice); a duplicate
   * prints it once there is space.
   */
  enqueue(document: PrintDocument, source: string): number | null {
    if (!this.o.printer.available) return null;
    let id: number;
    try {
      id = this.o.store.add(document, source, this.o.clock.now().toISOString());
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      this.o.logger.error({ err: error, source }, 'paper not queued: storage unavailable; print a duplicate');
      return null;
    }
    this.wake();
    return id;
  }

  /**
   * Prints a document the caller waits for (POST /api/print, a duplicate), after the fiscal
   * documents queued before it: paper comes out in the order it was asked for. While the queue
   * cannot print, neither can this: it fails with the queue's reason (PrinterNotReadyError)
   * before a byte is sent. Once bytes went out the answer says what is known: a job the printer
   * took without confirming is recorded `unconfirmed` (a cashier may reprint it); one it failed
   * during is queued and printed again when it can (a caller's retry would print it twice).
   */
  async printNow(document: PrintDocument, source: string): Promise<PrintOutcome> {
    const last = this.o.store.lastQueuedId();
    if (last !== null) await this.#printedThrough(last);
    try {
      await this.o.printer.print(document);
      return { status: 'printed', jobId: null };
    } catch (error) {
      if (error instanceof PrinterNotReadyError) throw error;
      const unconfirmed = error instanceof PrintUnconfirmedError;
      const reason = error instanceof Error ? error.message : String(error);
      const jobId = this.o.store.add(document, source, this.o.clock.now().toISOString(), {
        status: unconfirmed ? 'unconfirmed' : 'queued',
        lastError: reason,
      });
      this.o.logger.warn(
        { jobId, source, err: reason },
        unconfirmed ? 'print job sent but not confirmed' : 'print job failed on the way and was queued',
      );
      if (!unconfirmed) this.wake();
      return { status: unconfirmed ? 'unconfirmed' : 'queued', jobId };
    }
  }

  async #printedThrough(id: number): Promise<void> {
    const since = Date.now();
    this.wake();
    while (this.o.store.queuedThrough(id)) {
      const failure = this.#lastFailure;
      if (failure && failure.at >= since) throw failure.error;
      if (this.#stopped) throw new PrinterNotReadyError('unknown', 'the terminal is stopping');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  start(): void {
    this.#loop ??= this.#run().catch((error: unknown) => {
      this.o.logger.error({ err: error }, 'the print queue stopped');
    });
  }

  /** Try the oldest job now rather than after the backoff (a job was queued, or the printer is back). */
  wake(): void {
    this.#failures = 0;
    this.#signal.wake();
  }

  /** Resolves when no job is queued (or the queue is stopped). */
  async drained(): Promise<void> {
    while (!this.#stopped && this.o.store.queuedCount() > 0) await new Promise((r) => setTimeout(r, 10));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#signal.wake();
    await this.#loop;
  }

  list(finishedLimit = 20): { queued: PrintJob[]; unconfirmed: PrintJob[]; finished: PrintJob[] } {
    return this.o.store.list(finishedLimit);
  }

  queuedCount(): number {
    return this.o.store.queuedCount();
  }

  unconfirmedCount(): number {
    return this.o.store.unconfirmedCount();
  }

  /**
   * A cashier reprints an unconfirmed job on purpose: a new queued job, a fiscal document's
   * marked as a copy, and the old one `reprinted`, in one transaction. Returns the new job.
   */
  reprint(id: number, asCopy: (document: PrintDocument) => PrintDocument): PrintJob {
    const job = this.#job(id);
    const document = this.o.store.unconfirmedDocument(id);
    if (document === null)
      throw new DomainError(
        'PRINT_JOB_NOT_UNCONFIRMED',
        `Print job ${id} is ${job.status}: only an unconfirmed job is reprinted`,
      );
    const at = this.o.clock.now().toISOString();
    const reprintId = this.o.store.transaction(() => {
      this.o.store.settleUnconfirmed(id, 'reprinted');
      return this.o.store.add(asCopy(document), `reprint of job ${id}: ${job.source}`, at);
    });
    this.o.logger.warn(
      { jobId: id, reprintId, source: job.source },
      'unconfirmed print job reprinted by request',
    );
    this.wake();
    return this.o.store.get(reprintId)!;
  }

  #job(id: number): PrintJob {
    const job = this.o.store.get(id);
    if (!job) throw new DomainError('PRINT_JOB_NOT_FOUND', `No print job ${id}`);
    return job;
  }

  /** Forgets printed and dropped jobs past their listing time (housekeeping). */
  prune(): void {
    this.o.store.prune(this.o.clock.now());
  }

  /**
   * A cashier gives up on a queued job: it is kept as `dropped`, never printed. Dropping an
   * unconfirmed job says that it did print: it leaves the list waiting for a cashier.
   */
  drop(id: number): PrintJob {
    const job = this.#job(id);
    const dropped =
      this.o.store.finish(id, 'dropped', this.o.clock.now().toISOString()) ||
      this.o.store.settleUnconfirmed(id, 'dropped');
    if (!dropped) {
      throw new DomainError(
        'PRINT_JOB_NOT_QUEUED',
        `Print job ${id} is ${job.status}: only a queued or unconfirmed job can be dropped`,
      );
    }
    this.o.logger.warn({ jobId: id, source: job.source }, 'print job dropped by request');
    this.wake();
    return this.o.store.get(id)!;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.#next();
      } catch (error) {
        // The store refused a write (a full or read-only disk): the job is still queued and is
        // tried again later; the queue never stops for it.
        this.o.logger.error({ err: error }, 'print queue could not record a job; retrying later');
        await this.#signal.wait(this.o.retryMaxMs);
      }
    }
  }

  /**
   * What came of the job last sent, when the disk refused its record (full, read-only): known
   * here, and written before anything else is printed. Until then the job is still queued on
   * disk, with its `sent_at`: were the process to end first, it becomes unconfirmed, never
   * sent again on its own.
   */
  #unrecorded: Outcome | null = null;

  #record(outcome: Outcome): void {
    this.#unrecorded = outcome;
    this.#recordOutcome();
  }

  /** Writes what came of the job last sent, if it is not written yet; throws if the disk refuses. */
  #recordOutcome(): void {
    const unrecorded = this.#unrecorded;
    if (unrecorded === null) return;
    const { id, outcome, reason } = unrecorded;
    const at = this.o.clock.now().toISOString();
    if (outcome === 'printed') this.o.store.finish(id, 'printed', at);
    else if (outcome === 'failed') this.o.store.noteFailure(id, reason);
    else
      this.o.store.transaction(() => {
        this.o.store.noteFailure(id, reason);
        this.o.store.finish(id, 'unconfirmed', at);
      });
    this.#unrecorded = null;
  }

  /** One attempt at the oldest queued job, or a wait for one. */
  async #next(): Promise<void> {
    this.#recordOutcome();
    const next = this.o.store.head();
    if (next === null) {
      await this.#signal.wait(null);
      return;
    }
    const { id, source } = next.job;
    if (next.sentAt !== null) {
      // Its bytes went to the printer and what came of it was never recorded (the disk refused
      // the record and the process ended, or it ended during the job): maybe on paper already,
      // so never again on its own. A cashier reprints it as a copy or drops it.
      const reason = `sent to the printer at ${next.sentAt}; whether it printed was not recorded`;
      this.#record({ id, outcome: 'unconfirmed', reason });
      this.o.logger.warn({ jobId: id, source, err: reason }, 'print job in doubt: a cashier may reprint it');
      return;
    }
    // Recorded before the first byte goes: a job whose outcome the disk then refuses to record
    // is known to have been sent. A disk that refuses this record sends nothing.
    const notSent: { error: Error | null } = { error: null };
    const markSent = () => {
      try {
        this.o.store.markSent(id, this.o.clock.now().toISOString());
      } catch (error) {
        notSent.error = error instanceof Error ? error : new Error(String(error));
        throw notSent.error;
      }
    };
    try {
      await this.o.printer.print(next.document, markSent);
    } catch (error) {
      if (notSent.error !== null) throw notSent.error;
      if (error instanceof PrintUnconfirmedError) {
        // Maybe on paper already: never again on its own. The next job asks the printer's
        // status first, so a printer that stopped answering holds the queue there.
        this.#record({ id, outcome: 'unconfirmed', reason: error.message });
        this.o.logger.warn(
          { jobId: id, source, err: error.message },
          'print job sent but not confirmed: a cashier may reprint it',
        );
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      this.#lastFailure = { at: Date.now(), error };
      this.#failures += 1;
      const wait = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** (this.#failures - 1));
      this.o.logger.warn(
        { jobId: id, source, err: reason, retryInMs: wait },
        'print job waits for the printer',
      );
      this.#record({ id, outcome: 'failed', reason });
      await this.#signal.wait(wait);
      return;
    }
    this.#failures = 0;
    this.#record({ id, outcome: 'printed', reason: '' });
  }
}
