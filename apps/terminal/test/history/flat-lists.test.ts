import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  historyPage,
  type HistoryFilter,
  type PageWindow,
} from '../../src/fiscal-operations/history-page.js';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';
import { tempDir } from '../support/terminal-harness.js';

/*
 * Issue 28: a list page must read no more of the file at the size of two years of history than
 * at a week's. The history here has the shape of the bench's million sales where it matters to
 * the lists (700 Z reports, a day and its 24 hourly count buckets each, one shift per day, a
 * refused operation in a hundred, a Z report per day), with 48 receipts a day instead of 1,430:
 * the buckets, which the lists read, are as many as at a million sales; the operations, which a
 * page reads only for its own rows, are fewer.
 *
 * What a query reads is counted in pages, from a cold connection: SQLite's own statement
 * counters (sqlite3_stmt_status, the scan status, the progress handler) are not reachable
 * through better-sqlite3 or are compiled out of its SQLite (OMIT_PROGRESS_CALLBACK), but with
 * memory mapping off (its default) SQLite fetches every page it reads from the file with one
 * pread, which the kernel counts per thread (/proc/thread-self/io, syscr), and
 * better-sqlite3 runs the query on this thread. A time is not asserted: it moves with the load.
 */

const RECEIPTS_PER_DAY = 48;

/** A shift opened before the history and never closed (the bench's history has one). */
const OPEN_SHIFT = 'ffffffff-0000-4000-8000-000000000000';

/** Every operation in a shift of its day, or all of them in OPEN_SHIFT. */
function buildHistory(
  days: number,
  receiptsPerDay = RECEIPTS_PER_DAY,
  shifts: 'daily' | 'open' = 'daily',
): string {
  const file = join(tempDir('flat-lists'), 'terminal.sqlite');
  const db = openFiscalDatabase(file);
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE d(r) AS (SELECT 1 UNION ALL SELECT r + 1 FROM d WHERE r < @days)
       INSERT INTO shifts (id, number, opened_by, opened_at, closed_at)
       SELECT printf('%08d-0000-4000-8000-000000000000', r), r, 'request',
              strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', printf('+%d days', r - 1)),
              strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', printf('+%d days', r), '-1 second')
       FROM d`,
    ).run({ days: BigInt(days) });
    db.prepare(
      `INSERT INTO shifts (id, number, opened_by, opened_at, closed_at) VALUES (?, 0, 'request', '2023-12-31T00:00:00.000Z', NULL)`,
    ).run(OPEN_SHIFT);
    // Operation i of day r: a receipt every half hour, the day's Z report last.
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < @ops)
       INSERT INTO fiscal_operations (id, operation_type, receipt_number, report_number, status, is_offline,
         total_amount, cash_delta, vat_json, payments_json, fiscal_code, created_at, completed_at, shift_id)
       SELECT printf('op-%08d', i), CASE WHEN i % @perDay = @perDay - 1 THEN 'z_report' ELSE 'receipt' END,
              i % @perDay + 1, i / @perDay + 1, CASE WHEN i % 97 = 50 THEN 'failed' ELSE 'success' END, 0,
              100, 100, '[]', '[{"code":"1","amount":100}]', printf('FC%08d', i),
              strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', printf('+%d minutes', (i / @perDay) * 1440 + (i % @perDay) * 29)),
              strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', printf('+%d minutes', (i / @perDay) * 1440 + (i % @perDay) * 29)),
              CASE WHEN @open THEN @openShift ELSE printf('%08d-0000-4000-8000-000000000000', i / @perDay + 1) END
       FROM n`,
      // A number is bound as a REAL, which would make i / @perDay a fraction.
    ).run({
      ops: BigInt(days * (receiptsPerDay + 1)),
      perDay: BigInt(receiptsPerDay + 1),
      open: BigInt(shifts === 'open' ? 1 : 0),
      openShift: OPEN_SHIFT,
    });
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

function readSyscalls(): number {
  return Number(/syscr: (\d+)/.exec(readFileSync('/proc/thread-self/io', 'utf8'))![1]);
}

/** Pages read from the file by one page query (and its total) on a cold connection. */
function pagesRead(
  file: string,
  filter: HistoryFilter,
  window: PageWindow,
): { pages: number; total: number; rows: number } {
  const db: Db = new Database(file, { readonly: true });
  try {
    // The schema is read by the first statement of a connection: not the list's cost.
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    const before = readSyscalls();
    const page = historyPage(db, filter, window);
    return { pages: readSyscalls() - before, total: page.total, rows: page.seqs.length };
  } finally {
    db.close();
  }
}

const ALL: HistoryFilter = { dateFrom: null, dateTo: null, type: null, status: null, shiftId: null };
const shiftOfDay = (day: number) => `${String(day).padStart(8, '0')}-0000-4000-8000-000000000000`;

describe('a history list page reads as much of the file at two years of history as at a week', () => {
  const WEEK = 7;
  const TWO_YEARS = 700;
  let small: string;
  let large: string;
  beforeAll(() => {
    small = buildHistory(WEEK);
    large = buildHistory(TWO_YEARS);
  }, 120_000);

  const deepest = (total: number) => ({ limit: 50, offset: Math.max(0, total - 50), cursor: null });
  const middle = (limit: number) => (total: number) => ({
    limit,
    offset: Math.floor(total / 2),
    cursor: null,
  });
  const cases: [string, (days: number) => HistoryFilter, (total: number) => PageWindow][] = [
    ['the sales list', () => ({ ...ALL, type: 'receipt' }), () => ({ limit: 50, offset: 0, cursor: null })],
    ['its deepest page', () => ({ ...ALL, type: 'receipt' }), deepest],
    [
      'a page in the middle',
      () => ({ ...ALL, type: 'receipt' }),
      () => ({ limit: 50, offset: 150, cursor: null }),
    ],
    // Before the running counts per report (migration 0023) these were placed by walking the
    // hourly buckets of half the history: 19 -> 370, 14 -> 198 and 15 -> 207 pages.
    ['the middle of the sales list', () => ({ ...ALL, type: 'receipt' }), middle(50)],
    ['every operation', () => ALL, () => ({ limit: 50, offset: 0, cursor: null })],
    ['the middle of every operation', () => ALL, middle(50)],
    ['the middle of the Z reports', () => ({ ...ALL, type: 'z_report' }), middle(3)],
    ['Z reports', () => ({ ...ALL, type: 'z_report' }), () => ({ limit: 5, offset: 0, cursor: null })],
    [
      'refused operations',
      () => ({ ...ALL, status: 'failed' }),
      () => ({ limit: 3, offset: 0, cursor: null }),
    ],
    [
      'one day',
      (days) => ({ ...ALL, dateFrom: dayOf(days - 3), dateTo: dayOf(days - 3) }),
      () => ({ limit: 50, offset: 0, cursor: null }),
    ],
    [
      'the oldest day',
      () => ({ ...ALL, dateFrom: dayOf(1), dateTo: dayOf(1) }),
      () => ({ limit: 50, offset: 0, cursor: null }),
    ],
    [
      'one shift',
      (days) => ({ ...ALL, shiftId: shiftOfDay(days - 2) }),
      () => ({ limit: 50, offset: 0, cursor: null }),
    ],
  ];

  it.each(cases)('%s', (_name, filterAt, windowOf) => {
    const at = (file: string, days: number) => {
      const filter = filterAt(days);
      const { total } = pagesRead(file, filter, { limit: 1, offset: 0, cursor: null });
      return pagesRead(file, filter, windowOf(total));
    };
    const week = at(small, WEEK);
    const twoYears = at(large, TWO_YEARS);
    expect(twoYears.rows).toBe(week.rows);
    expect(twoYears.rows).toBeGreaterThan(0);
    // One more level in a b-tree a hundred times larger costs a page per b-tree descended: the
    // counts, the running counts and their index, the list's index, the other types' partial
    // index (the receipts' page skips them), the table.
    expect(twoYears.pages, `week ${week.pages} pages`).toBeLessThanOrEqual(week.pages + 8);
  });
});

/** Day d (from 1) of the generated history, in the process's time zone (the list's days). */
function dayOf(d: number): string {
  return new Date(Date.UTC(2024, 0, d, 12)).toISOString().slice(0, 10);
}

describe('a list of a shift open across the whole history reads as much at two years as at a week', () => {
  it('its sales, first page and total', () => {
    const window: PageWindow = { limit: 50, offset: 0, cursor: null };
    const filter: HistoryFilter = { ...ALL, type: 'receipt', shiftId: OPEN_SHIFT };
    const weekFile = buildHistory(7, RECEIPTS_PER_DAY, 'open');
    const twoYearsFile = buildHistory(700, RECEIPTS_PER_DAY, 'open');
    const week = pagesRead(weekFile, filter, window);
    const twoYears = pagesRead(twoYearsFile, filter, window);
    expect([week.total, twoYears.total]).toEqual([7 * RECEIPTS_PER_DAY, 700 * RECEIPTS_PER_DAY]);
    // Before the counts per shift, the total summed the shift's buckets: one per hour of it.
    expect(twoYears.pages, `week ${week.pages} pages`).toBeLessThanOrEqual(week.pages + 6);
    // And a page in its middle, placed by the shift's running counts (migration 0023); walking
    // the shift's buckets from the nearer end read 20 -> 378 pages.
    const middleOf = (file: string, total: number) =>
      pagesRead(file, filter, { limit: 50, offset: Math.floor(total / 2), cursor: null });
    const weekMiddle = middleOf(weekFile, week.total);
    const twoYearsMiddle = middleOf(twoYearsFile, twoYears.total);
    expect(twoYearsMiddle.rows).toBe(50);
    expect(twoYearsMiddle.pages, `week ${weekMiddle.pages} pages`).toBeLessThanOrEqual(weekMiddle.pages + 6);
  }, 60_000);
});

describe('a page of a rare type reads as much of the file however many receipts share its reports', () => {
  it('Z reports among 48 or 1,430 receipts a day', () => {
    const quiet = buildHistory(10, 48);
    const busy = buildHistory(10, 1_430);
    const zReports: HistoryFilter = { ...ALL, type: 'z_report' };
    const window: PageWindow = { limit: 5, offset: 0, cursor: null };
    const few = pagesRead(quiet, zReports, window);
    const many = pagesRead(busy, zReports, window);
    expect(many.rows).toBe(5);
    // Before the partial index on the types other than receipts, each report's operations were
    // read to find its Z report: 5 x 1,431 rows, 295 pages. Now a page more for each row
    // returned at most (in a larger table its rows no longer share leaf pages).
    expect(many.pages, `quiet ${few.pages} pages`).toBeLessThanOrEqual(few.pages + window.limit + 6);
  });
});
