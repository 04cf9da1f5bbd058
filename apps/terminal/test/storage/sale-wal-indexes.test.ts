/**
 * Migrations 0024-0026 on a file written by the schema before them: three indexes every sale's
 * commit wrote a page of are gone (by shift, by report and receipt number, the outbox's due
 * documents), the file comes out whole, and what those indexes answered is still answered,
 * through an index: a shift's records, the last receipt number (and its order, held by a
 * trigger now), the outbox's due documents. Migrations 0028-0029 likewise: the queue index
 * without the operation sent inline, and the sales keyed by their operation's seq.
 */
import { DEFAULT_VAT_TABLE } from '@fiscal-pos/fiscal';
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentOutbox } from '../../src/document-push/document-outbox.js';
import { OperationStore, type NewFiscalOperation } from '../../src/fiscal-operations/operation-store.js';
import { SaleStore } from '../../src/fiscal-documents/sale-store.js';
import { ReportStore } from '../../src/reports/report-store.js';
import { runMigrations } from '../../src/storage/migrations.js';
import { TerminalStateStore } from '../../src/terminal-state/terminal-state-store.js';
import { openAtSchemaVersion, SHIFTS, writeOperation } from '../history/history-fixture.js';
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

/** A plan's line that reads a whole table or sorts (a list of values passed in, json_each, is no table). */
const SCAN_OR_SORT = /^SCAN (?!json_each VIRTUAL TABLE)|TEMP B-TREE/;

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
    expect(state.issueReceiptNumber('2026-11-27T09:00:00.000Z', state.get(), DEFAULT_VAT_TABLE)).toEqual({
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
    state.issueReceiptNumber('2026-11-27T09:00:00.000Z', state.get(), DEFAULT_VAT_TABLE);
    write(2, 3, 'shift-a');
    outbox.due(10);
    outbox.confirm([{ seq: 3, revision: 2 }]);
    outbox.noteFailure([5], 'cloud down');
    const recorded = [...new Set(statements)];
    expect(recorded.length).toBeGreaterThanOrEqual(7);
    for (const sql of recorded)
      for (const line of planOf(db, sql)) expect(line, sql).not.toMatch(SCAN_OR_SORT);
    db.close();
  });
});

describe('migrations 0028-0029', () => {
  it('leave the operation sent inline out of the queue index, key sales by seq, and keep every answer through an index', () => {
    const db = fileAtSchema(27);
    db.prepare(
      `INSERT INTO terminal_state (id, terminal_id, report_number, offline_secret) VALUES (1, 'TRM-0028', 1, 's')`,
    ).run();
    const openShift = db.prepare('INSERT INTO shifts (id, opened_at, closed_at, number) VALUES (?, ?, ?, ?)');
    openShift.run(SHIFTS[0], '2026-11-27T07:00:00Z', '2026-11-27T07:59:00Z', 1);
    openShift.run(SHIFTS[1], '2026-11-27T08:00:00Z', null, 2);
    const operations = new OperationStore(db);
    let n = 0;
    const at = () => `2026-11-27T08:${String(++n).padStart(2, '0')}:00.000Z`;
    const sold = (status: 'success' | 'failed') =>
      writeOperation(db, { reportNumber: 1, type: 'receipt', status, shift: 1, createdAt: at() }, n);
    const operation = (id: string): NewFiscalOperation => ({
      id,
      operationType: 'cash_in',
      receiptNumber: null,
      reportNumber: 1,
      totalAmount: 100,
      cashDelta: 100,
      vat: [],
      payments: [{ code: '1', amount: 100 }],
      shiftId: SHIFTS[1]!,
      createdAt: at(),
    });
    const offline = { isOffline: true, offlineFiscalCode: 'OFC' };
    sold('success');
    sold('failed');
    // The sync worker's request in flight: offline, then sent again.
    const resent = operations.insert(operation('resent'));
    operations.transition(resent, 'pending', 'offline', offline);
    operations.transition(resent, 'offline', 'sent', { countAttempt: true });
    const queued = operations.insert(operation('queued'));
    operations.transition(queued, 'pending', 'offline', offline);
    sold('success');
    // Sent inline and interrupted (its answer lost), then one written behind it.
    const inline = operations.insert(operation('inline'), 'sent');
    const behind = operations.insert(operation('behind'));
    sold('success');
    // Change amounts unlike each other, so that a report reading the wrong sale shows.
    db.prepare('UPDATE sales SET change_amount = rowid * 10').run();
    const salesBefore = db
      .prepare(
        `SELECT id, fiscal_operation_id AS operation, total, change_amount, created_at,
           (SELECT json_group_array(json_object('paymentType', payment_type, 'amount', amount, 'rrn', rrn, 'notes', notes))
            FROM (SELECT * FROM sale_payments p WHERE p.sale_id = sales.id ORDER BY position)) AS payments
         FROM sales ORDER BY id`,
      )
      .all();
    expect(salesBefore).toHaveLength(4);

    runMigrations(db, new URL('../../src/storage/migrations/', import.meta.url));

    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const names = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'index'")
      .all()
      .map((row) => row.name);
    expect(names).not.toContain('sqlite_autoindex_sales_2');
    expect(names).toContain('sales_id');
    // The queue index holds what a sale does not write: pending, offline, and sent by the worker.
    expect(
      db
        .prepare(
          `SELECT seq FROM fiscal_operations INDEXED BY fiscal_operations_queue
           WHERE (status IN ('pending','offline') OR (status = 'sent' AND is_offline = 1)) ORDER BY seq`,
        )
        .pluck()
        .all(),
    ).toEqual([resent.seq, queued.seq, behind.seq]);

    // Sales: the same rows, each found by its operation's seq.
    expect(
      db
        .prepare(
          `SELECT s.id, o.id AS operation, s.total, s.change_amount, s.created_at, s.payments_json AS payments
           FROM sales s JOIN fiscal_operations o ON o.seq = s.seq ORDER BY s.id`,
        )
        .all(),
    ).toEqual(salesBefore);
    const sales = new SaleStore(db);
    const listed = sales.list({
      dateFrom: null,
      dateTo: null,
      shiftId: null,
      limit: 10,
      offset: 0,
      cursor: null,
    });
    expect(listed.total).toBe(4);
    expect(listed.sales.map((s) => [s.fiscalOperationId, s.status, s.shiftNumber])).toEqual(
      db
        .prepare<[], [string, string]>(
          `SELECT o.id, o.status FROM fiscal_operations o WHERE operation_type = 'receipt' ORDER BY seq DESC`,
        )
        .raw()
        .all()
        .map(([id, status]) => [id, status, 2]),
    );
    for (const s of listed.sales)
      expect(sales.get(s.id)).toMatchObject({ id: s.id, fiscalOperationId: s.fiscalOperationId });
    // Receipts 8, 5, 2 and 1: 400 in cash or card, and 600 less 300 per receipt number mod 3.
    expect(listed.sales.map((s) => s.primaryPaymentType)).toEqual(['1', '2', '1', '2']);
    expect(sales.get(listed.sales[3]!.id)!.payments).toEqual([
      { paymentType: '2', amount: 400, rrn: null, notes: null, card: null },
      { paymentType: '3', amount: 300, rrn: null, notes: null, card: null },
    ]);
    expect(new ReportStore(db).dayRecords(1).map((r) => r.changeAmount)).toEqual([
      10, 20, 0, 0, 30, 0, 0, 40,
    ]);
    expect(new DocumentOutbox(db).due(20).filter((d) => d.saleId !== null)).toHaveLength(4);
    expect(() =>
      db
        .prepare(
          `INSERT INTO sales (seq, id, purchase_id, subtotal, cart_discount_amount, cart_markup_amount, total,
        amount_received, change_amount, print_receipt, created_at, payments_json) VALUES (999, 'x', 'p', 1, 0, 0, 1, 1, 0, 0, 't', '[]')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);

    // The queue: what a restart queues again, the offline queue, its size and its oldest.
    expect(operations.interrupted().map((o) => o.id)).toEqual(['resent', 'inline', 'behind']);
    expect(operations.offlineQueue(10).map((o) => o.id)).toEqual(['queued']);
    expect(operations.hasUnsynced()).toBe(true);
    expect(operations.queueStats()).toEqual({
      size: 4,
      oldestCreatedAt: operations.require('resent').createdAt,
    });
    // One operation at a time is sent inline: another waits behind it, as the registrar writes it.
    expect(() => operations.insert(operation('second'), 'sent')).toThrow(/one operation at a time/);
    for (const op of [inline, behind, resent])
      operations.transition(op, op.id === 'behind' ? 'pending' : 'sent', 'offline', offline);
    expect(operations.interrupted()).toEqual([]);
    for (const op of operations.offlineQueue(10)) operations.transition(op, 'offline', 'sent');
    for (const op of operations.interrupted()) operations.transition(op, 'sent', 'success');
    expect(operations.hasUnsynced()).toBe(false);
    expect(operations.queueStats()).toEqual({ size: 0, oldestCreatedAt: null });
    // A sale sent inline after them: found while it waits for its answer, gone from the queue after.
    const next = operations.insert(operation('next'), 'sent');
    expect(operations.interrupted().map((o) => o.id)).toEqual(['next']);
    expect(operations.queueStats()).toEqual({ size: 1, oldestCreatedAt: next.createdAt });
    operations.transition(next, 'sent', 'success');
    expect(operations.interrupted()).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    // Every statement of the stores above reads through an index: no scan of a table, no sort.
    const statements = recordStatements(db);
    operations.interrupted();
    operations.offlineQueue(10);
    operations.queueStats();
    operations.hasUnsynced();
    sales.list({ dateFrom: null, dateTo: null, shiftId: null, limit: 10, offset: 0, cursor: null });
    sales.get(listed.sales[0]!.id);
    new ReportStore(db).dayRecords(1);
    new DocumentOutbox(db).due(10);
    const written = operations.insert(
      { ...operation('last'), operationType: 'receipt', receiptNumber: 9 },
      'sent',
    );
    sales.insert(
      { ...sales.get(listed.sales[0]!.id)!, id: 'sale-last', fiscalOperationId: written.id },
      written.seq,
    );
    const recorded = [...new Set(statements)];
    expect(recorded.length).toBeGreaterThanOrEqual(10);
    for (const sql of recorded)
      for (const line of planOf(db, sql)) expect(line, sql).not.toMatch(SCAN_OR_SORT);
    db.close();
  });
});
