/**
 * Migration 0030: the year's closed turnover (what the sale's limit check adds to the open day)
 * is kept in row_counts by the Z reports' inserts, so the check under the fiscal lock reads one
 * row, not the summary of every Z report closed in the year. The sums are those of before, on a
 * file upgraded with Z reports in it and for the Z reports closed after.
 */
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { runMigrations } from '../../src/storage/migrations.js';
import { openAtSchemaVersion } from '../history/history-fixture.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';

let dir: string;
afterEach(() => removeDir(dir));

/** A Z report as the report store writes its row; `totals` null leaves them out of the summary. */
function closeDay(
  db: Database.Database,
  n: number,
  closedOn: string,
  opening: number,
  totals: { totalSales: number; totalReturns: number; cashIn: number } | null,
): void {
  db.prepare(
    `INSERT INTO z_reports (report_number, fiscal_operation_id, closed_at, closed_on, opening_cash_balance,
       closing_cash_balance, summary_json) VALUES (?, ?, ?, ?, ?, 0, ?)`,
  ).run(n, randomUUID(), `${closedOn}T21:00:00.000Z`, closedOn, opening, JSON.stringify({ totals, vat: [] }));
}

it('keeps the sum of the closed days of each year, from the Z reports before 0030 and after it', () => {
  dir = tempDir('year-turnover');
  const db = openAtSchemaVersion(join(dir, 'terminal.sqlite'), 27);
  // The Z reports below name no operation of this file.
  db.pragma('foreign_keys = OFF');
  db.prepare(
    `INSERT INTO terminal_state (id, terminal_id, report_number, offline_secret) VALUES (1, 'TRM-0028', 5, 's')`,
  ).run();
  closeDay(db, 1, '2025-12-31', 1_000, { totalSales: 50_000, totalReturns: 2_000, cashIn: 500 });
  closeDay(db, 2, '2026-01-01', 2_000, { totalSales: 70_000, totalReturns: 0, cashIn: 0 });
  closeDay(db, 3, '2026-01-02', 3_000, null);
  runMigrations(db, new URL('../../src/storage/migrations/', import.meta.url));
  const operations = new OperationStore(db);
  const statements: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    statements.push(sql);
    return prepare(sql);
  };

  // No day open in report 5 yet: the year is its closed days.
  expect(operations.turnover(5, '2025').year).toBe(53_500);
  expect(operations.turnover(5, '2026').year).toBe(72_000);
  expect(operations.turnover(5, '2027').year).toBe(0);
  closeDay(db, 4, '2026-03-01', 4_000, { totalSales: 10_000, totalReturns: 1_000, cashIn: 100 });
  expect(operations.turnover(5, '2026').year).toBe(87_100);
  expect(operations.turnover(5, '2025').year).toBe(53_500);
  // The check reads no Z report's summary: its read does not grow with the year.
  const checks = [...new Set(statements.filter((sql) => sql.includes('AS closed')))];
  expect(checks).toHaveLength(1);
  expect(checks[0]).not.toMatch(/summary_json|closed_on/);
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  db.close();
});
