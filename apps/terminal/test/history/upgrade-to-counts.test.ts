import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { openFiscalDatabase } from '../../src/storage/database.js';
import { tempDir } from '../support/terminal-harness.js';
import { openAtSchemaVersion, SHIFTS, writeOperation } from './history-fixture.js';

/** A terminal file as version 5 left it, with operations in two reports, shifts and statuses. */
function writeVersion5Database(file: string): void {
  const db = openAtSchemaVersion(file, 5);
  db.prepare(
    `INSERT INTO shifts (id, number, opened_by, opened_at) VALUES (?, 1, 'request', '2025-03-01T00:00:00.000Z')`,
  ).run(SHIFTS[0]);
  const statuses = ['success', 'failed', 'offline', 'pending'] as const;
  for (let i = 0; i < 40; i++)
    writeOperation(
      db,
      {
        reportNumber: i < 25 ? 1 : 2,
        type: i % 4 === 0 ? 'cash_in' : 'receipt',
        status: statuses[i % statuses.length]!,
        shift: i % 3 === 0 ? null : 0,
        createdAt: new Date(Date.parse('2025-03-01T20:00:00.000Z') + i * 600_000).toISOString(),
      },
      i + 1,
    );
  db.close();
}

describe('upgrading a version-5 file to the maintained counts (migrations 0006 and 0012)', () => {
  it('counts the existing history, keeps it listable and counts what follows', () => {
    const file = join(tempDir('upgrade'), 'terminal.sqlite');
    writeVersion5Database(file);
    const db = openFiscalDatabase(file);
    const recount = () =>
      db
        .prepare(
          `SELECT report_number, substr(created_at, 1, 13) AS hour, operation_type, status,
             COALESCE(shift_id, '') AS shift_id, COUNT(*) AS n FROM fiscal_operations GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
        )
        .all();
    const maintained = () =>
      db
        .prepare(
          'SELECT report_number, hour, operation_type, status, shift_id, n FROM operation_counts WHERE n > 0 ORDER BY 1, 2, 3, 4, 5',
        )
        .all();
    expect(maintained()).toEqual(recount());
    const all = { dateFrom: null, dateTo: null, type: null, status: null, shiftId: null, cursor: null };
    const page = new OperationStore(db).list({ ...all, limit: 10, offset: 20 });
    expect(page.total).toBe(40);
    expect(page.operations.map((o) => o.receiptNumber)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    writeOperation(
      db,
      {
        reportNumber: 2,
        type: 'receipt',
        status: 'success',
        shift: 0,
        createdAt: '2025-03-02T12:00:00.000Z',
      },
      41,
    );
    expect(maintained()).toEqual(recount());
    db.close();
  });
});
