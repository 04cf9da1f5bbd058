import { statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { Db } from './database.js';
import { startWorker } from './start-worker.js';

const CHECKPOINT_WORKER = new URL(
  `./checkpoint-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
);

/**
 * The sale's own connection checkpoints only past this many frames of log (about 40 MB, some
 * 900 sales): when the worker has fallen that far behind or cannot run, the file stays bounded.
 */
export const INLINE_CHECKPOINT_FRAMES = 10_000;

/** What the main thread tells the checkpoint worker. */
export type CheckpointCommand = { kind: 'pause' } | { kind: 'resume' } | { kind: 'stop' };

/** What the worker tells the main thread: a checkpoint that moved frames, one that failed, a pause done. */
export type CheckpointReport =
  | { kind: 'checkpointed'; log: number; checkpointed: number }
  | { kind: 'failed'; message: string }
  | { kind: 'paused' };

export interface WalCheckpointsOptions {
  /** The terminal's SQLite file. */
  file: string;
  /** A checkpoint, or the worker, failed (logged once until one succeeds again). */
  onFailure: (message: string) => void;
  /**
   * How often the worker checkpoints what the log holds: at 400 sales a second, some 1,100
   * frames each time, as SQLite's own checkpoint would take; at a shop's pace, each sale's.
   */
  intervalMs?: number;
  /**
   * The worker starts once the log file holds this many bytes (about 20 sales): a terminal that
   * sells little, or a test's, never starts a thread for it.
   */
  startAtLogBytes?: number;
}

/** How long after its worker failed the checkpoints are started again. */
const RESTART_AFTER_MS = 30_000;

/**
 * Copies the write-ahead log into the database file on a worker thread of its own, so that no
 * sale's commit does it. SQLite's automatic checkpoint runs inside the commit that crosses
 * 1,000 frames: about one sale in 90 waited for hundreds of pages copied and the database file
 * synced, under the fiscal lock (the sale's p99 and the lock's throughput). The worker's
 * connection checkpoints PASSIVE: it never waits for, nor holds up, the writer or the readers;
 * SQLite makes a checkpoint safe against a crash at any point, as it does for its own.
 */
export class WalCheckpoints {
  #worker: Worker | null = null;
  #watch: NodeJS.Timeout | null = null;
  #paused = false;
  #pauseWaiters: (() => void)[] = [];
  #failing = false;
  #closed = false;
  #checkpoints = 0;
  #logFrames = 0;

  readonly #o: Required<WalCheckpointsOptions>;

  constructor(db: Db, options: WalCheckpointsOptions) {
    this.#o = { intervalMs: 250, startAtLogBytes: 1 << 20, ...options };
    db.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_FRAMES}`);
    this.#watchLog();
  }

  /** Checkpoints that moved frames since start, and the frames the log held at the last one. */
  stats(): { checkpoints: number; logFrames: number } {
    return { checkpoints: this.#checkpoints, logFrames: this.#logFrames };
  }

  /**
   * No checkpoint from now until `resume`, once the one running has ended: whoever must count
   * the frames a commit writes (the bench) or read the log as it is.
   */
  pause(): Promise<void> {
    this.#paused = true;
    if (!this.#worker) return Promise.resolve();
    const paused = new Promise<void>((resolve) => this.#pauseWaiters.push(resolve));
    this.#send({ kind: 'pause' });
    return paused;
  }

  resume(): void {
    this.#paused = false;
    this.#send({ kind: 'resume' });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#watch) clearTimeout(this.#watch);
    const worker = this.#worker;
    this.#worker = null;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // The worker closes its connection after the checkpoint running, if any, and exits.
    worker.postMessage({ kind: 'stop' } satisfies CheckpointCommand);
    await exited;
  }

  /** Starts the worker once the log has grown (checked as often as the worker would checkpoint). */
  #watchLog(delayMs = 0): void {
    this.#watch = setTimeout(() => {
      this.#watch = null;
      if (this.#closed) return;
      if (this.#logBytes() >= this.#o.startAtLogBytes) this.#start();
      else this.#watchLog(this.#o.intervalMs);
    }, delayMs);
    // Watching must not keep a stopping process alive.
    this.#watch.unref();
  }

  #logBytes(): number {
    try {
      return statSync(`${this.#o.file}-wal`).size;
    } catch {
      return 0;
    }
  }

  #start(): void {
    const worker = startWorker(CHECKPOINT_WORKER, { file: this.#o.file, intervalMs: this.#o.intervalMs });
    this.#worker = worker;
    worker.unref();
    if (this.#paused) this.#send({ kind: 'pause' });
    worker.on('message', (report: CheckpointReport) => this.#onReport(report));
    worker.on('error', (error) => {
      this.#failed(`the checkpoint worker stopped: ${error.message}`);
      this.#worker = null;
      for (const resolve of this.#pauseWaiters.splice(0)) resolve();
      if (!this.#closed) this.#watchLog(RESTART_AFTER_MS);
    });
  }

  #onReport(report: CheckpointReport): void {
    switch (report.kind) {
      case 'checkpointed':
        this.#failing = false;
        this.#checkpoints++;
        this.#logFrames = report.log;
        return;
      case 'failed':
        this.#failed(`a checkpoint failed: ${report.message}`);
        return;
      case 'paused':
        for (const resolve of this.#pauseWaiters.splice(0)) resolve();
    }
  }

  #failed(message: string): void {
    if (this.#failing) return;
    this.#failing = true;
    this.#o.onFailure(message);
  }

  #send(command: CheckpointCommand): void {
    this.#worker?.postMessage(command);
  }
}
