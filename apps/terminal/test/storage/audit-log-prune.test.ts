/**
 * The audit log keeps AUDIT_RETENTION_DAYS of rows and at most AUDIT_MAX_ROWS; prune removes
 * the expired ones from the oldest (audit-log.ts), walking no further than the first row kept;
 * a request audited twice (an error answer after a failed first) keeps one row. Rows are numbered
 * without AUTOINCREMENT, whose counter was a page every request's commit rewrote.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AuditLog, type AuditEntry } from '../../src/storage/audit-log.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';

const DAY_MS = 86_400_000;
let dir: string;

afterEach(() => removeDir(dir));

function entry(id: string, ageDays: number): AuditEntry {
  return {
    id,
    at: new Date(Date.now() - ageDays * DAY_MS).toISOString(),
    method: 'POST',
    path: '/api/sales',
    status: 200,
    durationMs: 3,
    idempotencyKey: null,
    errorCode: null,
    via: 'lan',
  };
}

function newFile(): string {
  dir = tempDir('audit-prune');
  return join(dir, 'audit.sqlite');
}

function openLog(maxRows: number, file = newFile()): { log: AuditLog; file: string } {
  const log = new AuditLog({
    file,
    retentionDays: 30,
    maxRows,
    onWriteFailure: (error) => expect.fail(String(error)),
  });
  return { log, file };
}

function ids(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { id: string }>('SELECT id FROM audit_log ORDER BY seq')
      .all()
      .map((row) => row.id);
  } finally {
    db.close();
  }
}

it('removes the rows past the retention and keeps the others', () => {
  const { log, file } = openLog(1_000);
  [40, 35, 31, 29, 2, 0].forEach((age) => log.record(entry(`age ${age}`, age)));
  log.flush();
  log.prune();
  log.close();
  expect(ids(file)).toEqual(['age 29', 'age 2', 'age 0']);
});

it('removes every row when all of them expired, and keeps the newest maxRows', () => {
  const expired = openLog(1_000);
  [45, 40, 31].forEach((age) => expired.log.record(entry(`age ${age}`, age)));
  expired.log.flush();
  expired.log.prune();
  expired.log.close();
  expect(ids(expired.file)).toEqual([]);
  removeDir(dir);

  const capped = openLog(2);
  ['a', 'b', 'c', 'd'].forEach((id) => capped.log.record(entry(id, 1)));
  capped.log.flush();
  capped.log.prune();
  capped.log.close();
  expect(ids(capped.file)).toEqual(['c', 'd']);
});

it('keeps one row per request, with the answer that left last, and the rest of its batch', () => {
  const { log, file } = openLog(1_000);
  log.record(entry('before', 0));
  log.recordNow(entry('twice', 0));
  log.record(entry('between', 0));
  log.recordNow({ ...entry('twice', 0), status: 500, errorCode: 'INTERNAL_ERROR' });
  log.close();
  expect(ids(file)).toEqual(['before', 'twice', 'between']);
  const db = new Database(file, { readonly: true });
  expect(db.prepare('SELECT status, error_code FROM audit_log WHERE id = ?').get('twice')).toEqual({
    status: 500,
    error_code: 'INTERNAL_ERROR',
  });
  db.close();
});

it('numbers rows without AUTOINCREMENT, in a file made with it too, whose rows it keeps', () => {
  const file = newFile();
  // The table as the terminal made it before: seq AUTOINCREMENT, counted in sqlite_sequence.
  const before = new Database(file);
  before.exec(`CREATE TABLE audit_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    at TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    duration_ms REAL NOT NULL,
    idempotency_key TEXT,
    error_code TEXT,
    via TEXT NOT NULL DEFAULT 'lan'
  )`);
  before
    .prepare(
      `INSERT INTO audit_log (id, at, method, path, status, duration_ms) VALUES (?, ?, 'POST', '/', 200, 1)`,
    )
    .run('older', entry('older', 1).at);
  before.close();

  const { log } = openLog(1_000, file);
  log.recordNow(entry('newer', 0));
  log.close();
  const fresh = openLog(1_000);
  fresh.log.recordNow(entry('only', 0));
  fresh.log.close();

  for (const [path, rows] of [
    [file, ['older', 'newer']],
    [fresh.file, ['only']],
  ] as const) {
    const db = new Database(path, { readonly: true });
    try {
      const table = db
        .prepare<[], { sql: string }>(`SELECT sql FROM sqlite_schema WHERE name = 'audit_log'`)
        .get();
      expect(table?.sql).not.toContain('AUTOINCREMENT');
      const counters = db.prepare(`SELECT name FROM sqlite_schema WHERE name = 'sqlite_sequence'`).get()
        ? db.prepare('SELECT name FROM sqlite_sequence').all()
        : [];
      expect(counters).toEqual([]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    expect(ids(path)).toEqual(rows);
  }
});
