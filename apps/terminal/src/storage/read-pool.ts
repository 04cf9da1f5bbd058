import { Worker } from 'node:worker_threads';
import { DomainError } from '../domain-error.js';

/** What the pool sends a read worker: a read by name and its arguments (plain data). */
export interface ReadRequest {
  id: number;
  name: string;
  args: unknown;
}

export type ReadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

export interface ReadPoolOptions {
  /** The terminal's SQLite file. */
  file: string;
  /** Worker threads, each with its own read-only connection (HISTORY_READERS). */
  size: number;
  /** How long a read may take, queueing included, before QUERY_TIMEOUT (HISTORY_QUERY_TIMEOUT_MS). */
  deadlineMs: number;
  /** The worker's module (history/read-worker.ts; tests give one that never answers). */
  entry: URL;
}

interface Job {
  request: ReadRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

/**
 * Starts a worker on its module: compiled JavaScript (the production build) directly; a
 * TypeScript module (tsx, vitest) through tsx's API, since `--import tsx` does not reach a
 * worker's entry point (as bench/load/http-load.ts does).
 */
function startWorker(entry: URL, file: string): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: { file } });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(source, { eval: true, workerData: { file } });
}

/**
 * History reads on worker threads, so that a read of two years of receipts never holds the
 * event loop a sale needs (better-sqlite3 is synchronous). Each read has a deadline: past it
 * the caller gets QUERY_TIMEOUT at once, and a worker still busy with it is terminated and
 * replaced (a statement running in SQLite cannot be interrupted from outside; the abandoned
 * thread exits when it returns), so a slow query never takes a reader away for good.
 * Workers start on the first read: most terminals are never asked for their history.
 */
export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly o: ReadPoolOptions) {
    if (!Number.isInteger(o.size) || o.size < 1)
      throw new RangeError(`a read pool needs 1 worker or more, not ${o.size}`);
  }

  /** Runs the worker's read `name` on `args`; its answer, or QUERY_TIMEOUT past the deadline. */
  run(name: string, args: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the read pool is closed'));
    return new Promise<unknown>((resolve, reject) => {
      const request: ReadRequest = { id: this.nextId++, name, args };
      const job: Job = {
        request,
        resolve,
        reject,
        timer: setTimeout(() => this.expire(job), this.o.deadlineMs),
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('the read pool closed'));
    const slots = this.slots.splice(0);
    for (const slot of slots) if (slot.job) this.settle(slot.job, new Error('the read pool closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.request);
    }
  }

  private idleSlot(): Slot | undefined {
    const idle = this.slots.find((slot) => slot.job === null);
    if (idle || this.slots.length >= this.o.size) return idle;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startWorker(this.o.entry, this.o.file), job: null };
    // An idle read worker must not keep a stopping process alive.
    slot.worker.unref();
    slot.worker.on('message', (reply: ReadReply) => {
      const job = slot.job;
      if (!job || job.request.id !== reply.id) return;
      slot.job = null;
      slot.worker.unref();
      if (reply.ok) {
        clearTimeout(job.timer);
        job.resolve(reply.value);
      } else this.settle(job, new Error(`history read ${job.request.name} failed: ${reply.message}`));
      this.dispatch();
    });
    slot.worker.on('error', (error) => {
      if (slot.job) this.settle(slot.job, error);
      this.replace(slot);
    });
    return slot;
  }

  /** The deadline passed: answer now, and free the worker if it is the one still reading. */
  private expire(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) this.queue.splice(queued, 1);
    const slot = this.slots.find((each) => each.job === job);
    job.reject(
      new DomainError(
        'QUERY_TIMEOUT',
        `The history read took longer than ${this.o.deadlineMs} ms; narrow the filters or use a smaller page`,
      ),
    );
    if (slot) {
      void slot.worker.terminate();
      this.replace(slot);
    }
  }

  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    if (!this.closed) this.dispatch();
  }

  private settle(job: Job, error: Error): void {
    clearTimeout(job.timer);
    job.reject(error);
  }
}
