import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { privateFile } from './private-files.js';
import { setTimeout as sleep } from 'node:timers/promises';

/** How often a waiter asks again: the holder's work takes a round trip to the cloud, not microseconds. */
const POLL_MS = 50;

export interface ProcessLockOptions {
  /** How long to wait for another holder before giving up (ProcessLockTimeout, nothing run). */
  waitMs: number;
  /** Called once when the lock is held elsewhere and this caller starts waiting. */
  onWait?: () => void;
}

/** The lock stayed held elsewhere for the whole wait: nothing was run. */
export class ProcessLockTimeout extends Error {
  constructor(file: string, waitMs: number) {
    super(`${file} is still held by another process after ${waitMs} ms`);
    this.name = 'ProcessLockTimeout';
  }
}

function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code === 'SQLITE_BUSY';
}

/**
 * Runs `run` while holding an exclusive lock shared by every process (and every connection of
 * this one) that names the same `file`. The lock is SQLite's write lock on a database file of
 * its own, an fcntl lock underneath: the kernel drops it the moment its holder dies, SIGKILL
 * included, so no lease, clock or stale-guess decides when a holder is gone, and a holder that
 * is only slow is never overtaken. Waiting polls (busy timeout 0): better-sqlite3's own busy
 * wait would block the event loop, and the terminal sells on it.
 */
export async function withProcessLock<T>(
  file: string,
  o: ProcessLockOptions,
  run: () => Promise<T>,
): Promise<T> {
  privateFile(file, dirname(file));
  const db = new Database(file, { timeout: 0 });
  try {
    const deadline = performance.now() + o.waitMs;
    for (let waiting = false; ; waiting = true) {
      try {
        db.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (performance.now() >= deadline) {
          throw new ProcessLockTimeout(file, o.waitMs);
        }
        if (!waiting) o.onWait?.();
      }
      await sleep(POLL_MS);
    }
    try {
      return await run();
    } finally {
      db.exec('ROLLBACK');
    }
  } finally {
    db.close();
  }
}
