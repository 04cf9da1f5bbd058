import type { Db } from './database.js';

/** Pages given back to the file system per pass: about 8 MB, a few tens of ms of writing. */
const PAGES_PER_PASS = 2_000;

/**
 * Gives free pages back (retention deletes idempotency records; nothing else shrinks), a bounded
 * number per call so that it never holds the writer long. Only files created with
 * auto_vacuum=INCREMENTAL (every file since migration 0006, see openFiscalDatabase) free
 * anything; on older files it does nothing until a one-time VACUUM (docs/benchmarks.md,
 * "Housekeeping").
 */
export function reclaimFreePages(db: Db): void {
  db.pragma(`incremental_vacuum(${PAGES_PER_PASS})`);
}
