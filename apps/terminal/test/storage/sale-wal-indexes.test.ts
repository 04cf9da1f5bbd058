/**
 * Migrations 0024-0026 on a file written by the schema before them: three indexes every sale's
 * commit wrote a page of are gone (by shift, by report and receipt number, the outbox's due
 * documents), the file comes out whole, and what those indexes answered is still answered,
 * through an index: a shift's records, the last receipt number (and its order, held by a
 * trigger now), the outbox's due documents.
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentOutbox } from '../../src/document-push/document-outbox.js';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
import { ReportStore } from '../../src/reports/report-store.js';
import { runMigrations } from '../../src/storage/migrations.js';
import { TerminalStateStore } from '../../src/terminal-state/terminal-state-store.js';
import { openAtSchemaVersion } from '../history/history-fixture.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

/** A file migrated up to `version`, with the migrations of the terminal up to it. */
function fileAtSchema(version: number): Database.Database {
  const dir = tempDir('schema');
  dirs.push(dir);
  return openAtSchemaVersion(join(dir, 'terminal.sqlite'), version, { foreignKeys: true });
}

/** Every statement `db` prepares from now on, to read their plans. */
function recordStatements(db: Database.Database): string[] {
  const seen: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    seen.push(sql);
    return prepare(sql);
  };
  return seen;
}

/** The plan's lines of a statement, its parameters bound to null (no statistics: values do not matter). */
function planOf(db: Database.Database, sql: string): string[] {
  const named = Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map((m) => [m[1]!, null]));
  const positional = [...sql.matchAll(/\?/g)].map(() => null);
  const explain = db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`);
  const args = Object.keys(named).length > 0 ? [named] : positional;
  return explain.all(...args).map((row) => row.detail);
}

describe('migrations 0024-0026', () => {
  it('drop the three indexes and keep every answer, each through an index', () => {
    const db = fileAtSchema(23);
    const operations = new OperationStore(db);
    db.prepare(
      `INSERT INTO terminal_state (id, terminal_id, report_number, offline_secret) VALUES (1, 'TRM-0024', 1, 's')`,
    ).run();
    // One shift open at a time: the other is closed (its operations are counted all the same).
    const openShift = db.prepare('INSERT INTO shifts (id, opened_at, closed_at, number) VALUES (?, ?, ?, ?)');
    openShift.run('shift-a', '2026-11-27T08:00:00Z', null, 1);
    openShift.run('shift-b', '2026-11-27T07:00:00Z', '2026-11-27T07:59:00Z', 2);
    let n = 0;
    const write = (reportNumber: number, receiptNumber: number | null, shiftId: string) =>
      operations.insert({
        id: `op-${++n}`,
        operationType: receiptNumber === null ? 'cash_in' : 'receipt',
        receiptNumber,
        reportNumber,
        totalAmount: 100,
        cashDelta: 100,
        vat: [],
        payments: [{ code: '1', amount: 100 }],
        shiftId,
        createdAt: `2026-11-27T08:0${n}:00.000Z`,
      });
    write(1, 1, 'shift-a');
    write(1, 2, 'shift-b');
    write(1, null, 'shift-a');
    write(1, 3, 'shift-a');
    db.prepare('UPDATE terminal_state SET report_number = 2').run();
    write(2, 1, 'shift-a');
    // The cloud has the first two documents; the rest are due.
    db.prepare('UPDATE platform_outbox SET pushed_revision = revision WHERE seq <= 2').run();

    runMigrations(db, new URL('../../src/storage/migrations/', import.meta.url));

    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const names = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'index'")
      .all()
      .map((row) => row.name);
    for (const gone of [
      'fiscal_operations_shift',
      'sqlite_autoindex_fiscal_operations_2',
      'platform_outbox_due',
    ])
      expect(names).not.toContain(gone);
    expect(
      db.prepare('SELECT due, seq, revision, pushed_revision FROM platform_outbox ORDER BY seq').all(),
    ).toEqual([
      { due: 0, seq: 1, revision: 1, pushed_revision: 1 },
      { due: 0, seq: 2, revision: 1, pushed_revision: 1 },
      { due: 1, seq: 3, revision: 1, pushed_revision: 0 },
      { due: 1, seq: 4, revision: 1, pushed_revision: 0 },
      { due: 1, seq: 5, revision: 1, pushed_revision: 0 },
    ]);

    const state = new TerminalStateStore(db);
    const reports = new ReportStore(db);
    const outbox = new DocumentOutbox(db);

    // A shift's records, across its reports, in order, without the other shift's.
    expect(reports.shiftRecords('shift-a').map((r) => [r.reportNumber, r.receiptNumber])).toEqual([
      [1, 1],
      [1, null],
      [1, 3],
      [2, 1],
    ]);
    expect(reports.dayRecords(1).map((r) => r.receiptNumber)).toEqual([1, 2, null, 3]);

    // The last receipt number, and numbers that only grow within a report.
    expect(state.get().lastReceiptNumber).toBe(1);
    expect(state.issueReceiptNumber('2026-11-27T09:00:00.000Z', state.get())).toEqual({
      receiptNumber: 2,
      reportNumber: 2,
    });
    expect(() => write(2, 1, 'shift-a')).toThrow(/receipt number grows/);
    expect(() => write(1, 4, 'shift-a')).not.toThrow();
    write(2, null, 'shift-b');
    expect(state.get().lastReceiptNumber).toBe(1);
    expect(write(2, 2, 'shift-b').receiptNumber).toBe(2);

    // The outbox: due documents in order, confirmed out of the range, due again on a change.
    const dueCount = () =>
      db.prepare<[], { n: number }>("SELECT n FROM row_counts WHERE name = 'platform_outbox_due'").get()!.n;
    expect(outbox.due(100).map((d) => d.seq)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(dueCount()).toBe(6);
    outbox.confirm([
      { seq: 3, revision: 1 },
      { seq: 4, revision: 1 },
    ]);
    outbox.noteFailure([5], 'cloud down');
    expect(outbox.due(100).map((d) => [d.seq, d.attempts])).toEqual([
      [5, 1],
      [6, 0],
      [7, 0],
      [8, 0],
    ]);
    expect(dueCount()).toBe(4);
    db.prepare("UPDATE fiscal_operations SET status = 'success', fiscal_code = 'FC' WHERE seq = 3").run();
    expect(outbox.due(100).map((d) => [d.seq, d.revision])).toEqual([
      [3, 2],
      [5, 1],
      [6, 1],
      [7, 1],
      [8, 1],
    ]);
    expect(dueCount()).toBe(5);
    // A confirmation of an older revision than the row's leaves it due.
    outbox.confirm([{ seq: 3, revision: 1 }]);
    expect(outbox.due(1).map((d) => d.seq)).toEqual([3]);
    expect(() => db.prepare('UPDATE platform_outbox SET due = 0 WHERE seq = 3').run()).toThrow(/CHECK/);

    // Every statement of the stores above reads through an index: no scan of a table, no sort.
    const statements = recordStatements(db);
    reports.shiftRecords('shift-a');
    reports.dayRecords(2);
    state.issueReceiptNumber('2026-11-27T09:00:00.000Z', state.get());
    write(2, 3, 'shift-a');
    outbox.due(10);
    outbox.confirm([{ seq: 3, revision: 2 }]);
    outbox.noteFailure([5], 'cloud down');
    const recorded = [...new Set(statements)];
    expect(recorded.length).toBeGreaterThanOrEqual(7);
    for (const sql of recorded)
      for (const line of planOf(db, sql)) expect(line, sql).not.toMatch(/^SCAN|TEMP B-TREE/);
    db.close();
  });
});
