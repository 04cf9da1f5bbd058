import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FISCAL_OPERATION_STATUSES as OPERATION_STATUSES,
  FISCAL_OPERATION_TYPES as OPERATION_TYPES,
} from '@fiscal-pos/fiscal';
import { join } from 'node:path';
import { openFiscalDatabase, type Db } from '../../src/storage/database.js';
import { TerminalStateStore } from '../../src/terminal-state/terminal-state-store.js';
import { tempDir } from '../support/terminal-harness.js';
import {
  openAtSchemaVersion,
  openTestDatabase,
  SHIFTS,
  withTestDatabase,
  writeOperation,
} from './history-fixture.js';

const operation = fc.record({
  reportNumber: fc.integer({ min: 1, max: 4 }),
  type: fc.constantFrom(...OPERATION_TYPES),
  status: fc.constantFrom(...OPERATION_STATUSES),
  shift: fc.constantFrom(0 as const, 1 as const, null),
  createdAt: fc
    .integer({ min: Date.parse('2025-03-01T00:00:00.000Z'), max: Date.parse('2025-03-04T23:59:59.999Z') })
    .map((ms) => new Date(ms).toISOString()),
});

function maintained(db: Db) {
  return db
    .prepare(
      'SELECT report_number, hour, operation_type, status, shift_id, n FROM operation_counts WHERE n > 0 ORDER BY 1, 2, 3, 4, 5',
    )
    .all();
}

function recount(db: Db) {
  return db
    .prepare(
      `SELECT report_number, substr(created_at, 1, 13) AS hour, operation_type, status,
         COALESCE(shift_id, '') AS shift_id, COUNT(*) AS n
       FROM fiscal_operations GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    )
    .all();
}

/** Each shift's counts, wherever they are kept: row_counts while it is open, shift_counts after. */
function shiftCounts(db: Db) {
  return db
    .prepare(
      `SELECT shift_id, operation_type, status, SUM(n) AS n, SUM(amount) AS amount FROM (
         SELECT substr(name, 7) AS shift_id, operation_type, status, n, amount FROM row_counts WHERE name LIKE 'shift %'
         UNION ALL SELECT shift_id, operation_type, status, n, amount FROM shift_counts
       ) GROUP BY 1, 2, 3 HAVING SUM(n) > 0 ORDER BY 1, 2, 3`,
    )
    .all();
}

function shiftRecount(db: Db) {
  return db
    .prepare(
      `SELECT shift_id, operation_type, status, COUNT(*) AS n, SUM(total_amount) AS amount FROM fiscal_operations
       WHERE shift_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
    .all();
}

describe('the counts and amounts per shift (migrations 0018, 0019)', () => {
  it('equal a recount of the operations after any writes, status transitions and a shift closed among them', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), fc.nat({ max: 30 }), (operations, closeAt) =>
        withTestDatabase((db) => {
          operations.forEach((op, i) => {
            if (i === closeAt)
              db.prepare(`UPDATE shifts SET closed_at = '2025-03-05T00:00:00.000Z' WHERE id = ?`).run(
                SHIFTS[1],
              );
            writeOperation(db, op, i + 1);
          });
          expect(shiftCounts(db)).toEqual(shiftRecount(db));
          // The open shift's rows leave row_counts when it closes.
          const closed = db.prepare(`SELECT closed_at FROM shifts WHERE id = ?`).get(SHIFTS[1]) as {
            closed_at: string | null;
          };
          if (closed.closed_at !== null)
            expect(
              db.prepare(`SELECT COUNT(*) AS n FROM row_counts WHERE name LIKE 'shift %'`).get(),
            ).toEqual({ n: 0 });
        }),
      ),
      { numRuns: 40 },
    );
  });
});

/** The open report's counts and amounts as row_counts keeps them, and as its operations add up. */
function reportCounts(db: Db, report: number) {
  return {
    kept: db
      .prepare(
        `SELECT operation_type, status, n, amount FROM row_counts WHERE name = ? AND n > 0 ORDER BY 1, 2`,
      )
      .all(`report ${report}`),
    recount: db
      .prepare(
        `SELECT operation_type, status, COUNT(*) AS n, SUM(total_amount) AS amount FROM fiscal_operations
         WHERE report_number = ? GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .all(report),
  };
}

describe("the open report's counts and amounts (migration 0020)", () => {
  it('equal a recount of its operations after any writes and status transitions, and leave when a Z report closes it', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), fc.nat({ max: 30 }), (operations, closeAt) =>
        withTestDatabase((db) => {
          const state = new TerminalStateStore(db);
          state.initialize('TRM-COUNTS');
          operations.forEach((op, i) => {
            if (i === closeAt) state.closeDay();
            writeOperation(db, { ...op, reportNumber: state.get().reportNumber }, i + 1);
          });
          const open = state.get().reportNumber;
          const { kept, recount } = reportCounts(db, open);
          expect(kept).toEqual(recount);
          expect(
            db
              .prepare(`SELECT COUNT(*) AS n FROM row_counts WHERE name LIKE 'report %' AND name != ?`)
              .get(`report ${open}`),
          ).toEqual({ n: 0 });
        }),
      ),
      { numRuns: 40 },
    );
  });
});

describe('operation_counts', () => {
  it('equal a recount of the operations after any writes and status transitions', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) =>
        withTestDatabase((db) => {
          operations.forEach((op, i) => writeOperation(db, op, i + 1));
          expect(maintained(db)).toEqual(recount(db));
        }),
      ),
      { numRuns: 40 },
    );
  });

  it('refuse a change of what they are keyed by', () => {
    const { db } = openTestDatabase();
    writeOperation(
      db,
      {
        reportNumber: 1,
        type: 'cash_in',
        status: 'success',
        shift: null,
        createdAt: '2025-03-01T10:00:00.000Z',
      },
      1,
    );
    expect(() =>
      db.prepare(`UPDATE fiscal_operations SET created_at = '2025-03-02T10:00:00.000Z'`).run(),
    ).toThrow(/never change/);
    db.close();
  });
});

/** Every list's running count at the start of each report it has operations in, as kept. */
function listPositions(db: Db) {
  return db
    .prepare('SELECT shift_id, operation_type, report_number, earlier FROM list_positions ORDER BY 1, 2, 3')
    .all();
}

/** The same, counted from the operations: every operation, its type, its shift, its type in its shift. */
function listPositionsRecount(db: Db) {
  return db
    .prepare(
      `SELECT shift_id, operation_type, report_number,
         SUM(n) OVER (PARTITION BY shift_id, operation_type ORDER BY report_number) - n AS earlier
       FROM (
         SELECT shift_id, operation_type, report_number, COUNT(*) AS n FROM (
           SELECT '' AS shift_id, '' AS operation_type, report_number FROM fiscal_operations
           UNION ALL SELECT '', operation_type, report_number FROM fiscal_operations
           UNION ALL SELECT shift_id, '', report_number FROM fiscal_operations WHERE shift_id IS NOT NULL
           UNION ALL SELECT shift_id, operation_type, report_number FROM fiscal_operations WHERE shift_id IS NOT NULL
         ) GROUP BY 1, 2, 3
       ) ORDER BY 1, 2, 3`,
    )
    .all();
}

describe('the running counts per report (migration 0023)', () => {
  it('equal a recount after a history written before the migration and any writes after it, into any report', () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 20 }),
        fc.array(operation, { maxLength: 20 }),
        (before, after) => {
          const file = join(tempDir('list-positions'), 'terminal.sqlite');
          const old = openAtSchemaVersion(file, 21);
          const shift = old.prepare(
            `INSERT INTO shifts (id, number, opened_by, opened_at, closed_at) VALUES (?, ?, 'request', ?, ?)`,
          );
          shift.run(SHIFTS[0], 1, '2025-03-01T00:00:00.000Z', '2025-03-02T00:00:00.000Z');
          shift.run(SHIFTS[1], 2, '2025-03-02T00:00:00.000Z', null);
          before.forEach((op, i) => writeOperation(old, op, i + 1));
          old.close();
          const db = openFiscalDatabase(file);
          try {
            expect(listPositions(db)).toEqual(listPositionsRecount(db));
            // Reports 1 to 4 in any order: some operations go into an older report than the newest.
            after.forEach((op, i) => writeOperation(db, op, before.length + i + 1));
            expect(listPositions(db)).toEqual(listPositionsRecount(db));
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
