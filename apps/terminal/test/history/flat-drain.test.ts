import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { openFiscalDatabase } from '../../src/storage/database.js';
import { tempDir } from '../support/terminal-harness.js';

/*
 * Issue 28: the offline drain must read no more of the file at two years of history than at a
 * week's. Each drained operation moves twice (offline -> sent, sent -> success); found by its
 * UUID, each move read a leaf of the UUIDs' index, whose order is random, so at a million
 * operations nearly every move read a page of its own. Pages are counted as in
 * flat-lists.test.ts: one pread per page SQLite fetches from the file, on this thread.
 */

const OPERATIONS_PER_DAY = 49;
const QUEUED = 100;

/**
 * A history of `days` days of registered receipts, then QUEUED offline ones, with UUIDs
 * scattered like random ones but the same on every run (a multiplicative hash of the index).
 */
function buildHistory(days: number): string {
  const file = join(tempDir('flat-drain'), 'terminal.sqlite');
  const db = openFiscalDatabase(file);
  const history = days * OPERATIONS_PER_DAY;
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < @ops)
     INSERT INTO fiscal_operations (id, operation_type, receipt_number, report_number, status, is_offline,
       total_amount, cash_delta, vat_json, payments_json, created_at)
     SELECT printf('%08x-0000-4000-8000-%012d', (i * 2654435761) % 4294967296, i), 'receipt',
            i % @perDay + 1, i / @perDay + 1, CASE WHEN i < @history THEN 'success' ELSE 'offline' END,
            i >= @history, 100, 100, '[]', '[{"code":"1","amount":100}]',
            strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', printf('+%d minutes', i * 29))
     FROM n`,
    // A number is bound as a REAL, which would make i / @perDay a fraction.
  ).run({ ops: BigInt(history + QUEUED), history: BigInt(history), perDay: BigInt(OPERATIONS_PER_DAY) });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

function readSyscalls(): number {
  return Number(/syscr: (\d+)/.exec(readFileSync('/proc/thread-self/io', 'utf8'))![1]);
}

/** Pages read by draining the queue (both moves of each operation), from a cold connection. */
function pagesReadByDrain(file: string): number {
  const db = openFiscalDatabase(file);
  try {
    const store = new OperationStore(db);
    const queue = store.offlineQueue(QUEUED);
    expect(queue).toHaveLength(QUEUED);
    const before = readSyscalls();
    db.transaction(() => {
      for (const op of queue) store.transition(op, 'offline', 'sent', { countAttempt: true });
      for (const op of queue) store.transition(op, 'sent', 'success', { fiscalCode: `FC-${op.seq}` });
    })();
    return readSyscalls() - before;
  } finally {
    db.close();
  }
}

describe('the offline drain reads as much of the file at two years of history as at a week', () => {
  it('moves 100 queued operations to sent and on to success', () => {
    const week = pagesReadByDrain(buildHistory(7));
    const twoYears = pagesReadByDrain(buildHistory(700));
    // The moves and their triggers descend about a dozen b-trees (the table and its queue index,
    // operation_counts and its four indexes, the outbox, the kept counts), each a level or so
    // deeper at two years: 26 pages at a week, 41 at two years when this was written. Found by
    // UUID, each operation also read a leaf of the UUIDs' index: 32 and 148 pages.
    expect(twoYears, `week ${week} pages`).toBeLessThanOrEqual(week + 24);
  });
});
