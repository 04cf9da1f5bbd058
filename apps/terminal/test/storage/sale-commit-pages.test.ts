/**
 * Migration 0022 on a file written by the schema before it: the operations' seq loses
 * AUTOINCREMENT by an edit of the table's text (no rebuild) and the state's receipt counter is
 * dropped for the highest number the open report's operations carry. The file must come out
 * whole, keep numbering where it was, and refuse what would break seq's order.
 */
import { DEFAULT_VAT_TABLE } from '@fiscal-pos/fiscal';
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OperationStore } from '../../src/fiscal-operations/operation-store.js';
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

describe('migration 0022', () => {
  it('keeps the seq numbering and the receipt numbering, without sqlite_sequence or the counter', () => {
    const db = fileAtSchema(21);
    const operations = new OperationStore(db);
    const state = new TerminalStateStore(db);
    // As the code of schema 21 left it: three receipts issued by the counter.
    db.prepare(
      `INSERT INTO terminal_state (id, terminal_id, report_number, last_receipt_number, offline_secret)
       VALUES (1, 'TRM-0022', 1, 3, 'secret')`,
    ).run();
    const write = (receiptNumber: number) =>
      operations.insert({
        id: `op-${receiptNumber}`,
        operationType: 'receipt',
        receiptNumber,
        reportNumber: 1,
        totalAmount: 100,
        cashDelta: 100,
        vat: [],
        payments: [{ code: '1', amount: 100 }],
        shiftId: null,
        createdAt: new Date().toISOString(),
      });
    for (const n of [1, 2, 3]) write(n);

    runMigrations(db, new URL('../../src/storage/migrations/', import.meta.url));

    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const table = db
      .prepare<[], { sql: string }>("SELECT sql FROM sqlite_schema WHERE name = 'fiscal_operations'")
      .get()!;
    expect(table.sql).not.toMatch(/AUTOINCREMENT/);
    expect(state.get().lastReceiptNumber).toBe(3);
    expect(state.issueReceiptNumber(new Date().toISOString(), state.get(), DEFAULT_VAT_TABLE)).toEqual({
      receiptNumber: 4,
      reportNumber: 1,
    });
    expect(write(4).seq).toBe(4);
    expect(db.prepare("SELECT * FROM sqlite_sequence WHERE name = 'fiscal_operations'").all()).toEqual([]);
    expect(() => db.prepare("DELETE FROM fiscal_operations WHERE id = 'op-4'").run()).toThrow(
      /never deleted/,
    );
    // A Z report starts the numbering again: the new report has no receipts yet.
    state.closeDay();
    expect(state.issueReceiptNumber(new Date().toISOString(), state.get(), DEFAULT_VAT_TABLE)).toEqual({
      receiptNumber: 1,
      reportNumber: 2,
    });
    db.close();
  });
});
