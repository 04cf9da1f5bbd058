import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { privateFile } from './private-files.js';
import { isStorageFailure } from './storage-failure.js';

export interface AuditEntry {
  id: string;
  at: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  idempotencyKey: string | null;
  errorCode: string | null;
  /** `relay`: the request came through the relay (docs/relay.md); `lan`: straight to the listener. */
  via: RequestPath;
}

export type RequestPath = 'lan' | 'relay';

export interface AuditLogOptions {
  file: string;
  /** Rows older than this are removed. */
  retentionDays: number;
  /** At most this many rows are kept, newest first. */
  maxRows: number;
  flushIntervalMs?: number;
  /** A write that failed (a full disk): the rows stay buffered and are written once it passes. */
  onWriteFailure: (error: unknown) => void;
}

/**
 * The rows' seq without AUTOINCREMENT, which kept the highest seq ever used in sqlite_sequence:
 * a page every request's commit rewrote (3.4 pages per row written, 2.4 without; about 30 against
 * 21 µs of CPU per row). A new row takes the highest seq plus one; prune only removes the
 * oldest rows, so seq still grows with `at` (prune's walk), and after a prune of every row it
 * starts again from 1 in an empty table. A file made with the keyword gets its definition's text
 * edited, not its table rebuilt: the keyword changes nothing in how rows are stored (SQLite's
 * lang_altertable.html, "Making Other Kinds Of Table Schema Changes"; migration 0022 did the same
 * for the fiscal operations).
 */
function withoutAutoincrement(db: Database.Database): void {
  const table = db
    .prepare<[], { sql: string }>(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'audit_log'`)
    .get();
  if (!table?.sql.includes('AUTOINCREMENT')) return;
  // better-sqlite3's defensive mode refuses writes to sqlite_schema.
  db.unsafeMode(true);
  try {
    db.transaction(() => {
      db.pragma('writable_schema = ON');
      db.prepare(
        `UPDATE sqlite_schema SET sql = replace(sql, 'seq INTEGER PRIMARY KEY AUTOINCREMENT', 'seq INTEGER PRIMARY KEY')
          WHERE type = 'table' AND name = 'audit_log'`,
      ).run();
      db.pragma('writable_schema = RESET');
      db.prepare(`DELETE FROM sqlite_sequence WHERE name = 'audit_log'`).run();
    })();
  } finally {
    db.unsafeMode(false);
  }
}

/** Rows kept while the disk refuses them; past this the oldest go (the log is not fiscal data). */
const MAX_BUFFERED_ROWS = 10_000;

/**
 * The request audit log, in its own SQLite file. It is not fiscal data: commits are not
 * fsynced (synchronous=NORMAL), so auditing never adds a disk flush to a sale.
 * A request that may change state gets its row written before its answer leaves (`recordNow`):
 * once written, the row is in the operating system's file cache and survives the process being
 * killed; a power cut can still take the last rows, like any commit of this file. Reads are
 * buffered and written every 250 ms. Never holds the API key or request bodies.
 */
export class AuditLog {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<
    [string, string, string, string, number, number, string | null, string | null, RequestPath]
  >;
  private buffer: AuditEntry[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushesSincePrune = 0;

  constructor(private readonly options: AuditLogOptions) {
    // Every request's path and time: the owner's only, like the fiscal store.
    privateFile(options.file, dirname(options.file));
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS audit_log (
      seq INTEGER PRIMARY KEY,
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
    withoutAutoincrement(this.db);
    // Audit files written before the relay existed get the column; their rows were all LAN.
    const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(audit_log)').all();
    if (!columns.some((column) => column.name === 'via'))
      this.db.exec(`ALTER TABLE audit_log ADD COLUMN via TEXT NOT NULL DEFAULT 'lan'`);
    // A request's row names it by its id (X-Request-Id). Fastify runs onSend again when it
    // answers with an error after a first answer failed to go out: the row then takes the answer
    // that left last, where a plain insert broke on the id and dropped its whole batch.
    this.insert = this.db.prepare(
      `INSERT INTO audit_log (id, at, method, path, status, duration_ms, idempotency_key, error_code, via)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         at = excluded.at, status = excluded.status, duration_ms = excluded.duration_ms,
         error_code = excluded.error_code`,
    );
    // A timer's throw would end the process: a failed write is reported, never thrown here.
    this.timer = setInterval(() => this.#flushReporting(), options.flushIntervalMs ?? 250);
    this.timer.unref();
  }

  /** A read's row: buffered. */
  record(entry: AuditEntry): void {
    this.buffer.push(entry);
    if (this.buffer.length >= 500) this.#flushReporting();
  }

  /**
   * The row of a request that may have changed state, written now with those buffered before
   * it, before the answer leaves. A refused write leaves it buffered: the answer is not held back
   * for its audit row (what it answers is already committed).
   */
  recordNow(entry: AuditEntry): void {
    this.buffer.push(entry);
    this.#flushReporting();
  }

  #flushReporting(): void {
    try {
      this.flush();
    } catch (error) {
      this.options.onWriteFailure(error);
    }
  }

  /** Writes the buffered rows; throws when it cannot (they stay buffered if the disk refused them). */
  flush(): void {
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    try {
      this.#write(batch);
    } catch (error) {
      // Anything else (a bug) would fail the same rows again forever: they are dropped.
      if (isStorageFailure(error)) this.buffer = [...batch, ...this.buffer].slice(-MAX_BUFFERED_ROWS);
      throw error;
    }
    if (++this.flushesSincePrune >= 40) {
      this.flushesSincePrune = 0;
      this.prune();
    }
  }

  #write(batch: readonly AuditEntry[]): void {
    // A request's own row (recordNow, the usual batch) is one statement, its own transaction.
    if (batch.length === 1) this.#insert(batch[0]!);
    else this.#writeAll(batch);
  }

  readonly #writeAll = (batch: readonly AuditEntry[]) =>
    this.db.transaction(() => {
      for (const e of batch) this.#insert(e);
    })();

  #insert(e: AuditEntry): void {
    this.insert.run(
      e.id,
      e.at,
      e.method,
      e.path,
      e.status,
      e.durationMs,
      e.idempotencyKey,
      e.errorCode,
      e.via,
    );
  }

  prune(): void {
    const cutoff = new Date(Date.now() - this.options.retentionDays * 86_400_000).toISOString();
    // Rows are written in the order their `at` was taken (a flush writes the buffer in the
    // order the answers went), so the expired rows are the oldest seqs: the walk from the
    // start stops at the first row kept, where `at < ?` read every row (200,000 at the default
    // AUDIT_MAX_ROWS) every 40 flushes, on the request that flushed. A row a clock set back
    // put out of order goes once the rows before it have expired, or by maxRows.
    this.db
      .prepare(
        `DELETE FROM audit_log WHERE seq < COALESCE(
           (SELECT seq FROM audit_log WHERE at >= ? ORDER BY seq LIMIT 1),
           (SELECT MAX(seq) FROM audit_log) + 1)`,
      )
      .run(cutoff);
    this.db
      .prepare('DELETE FROM audit_log WHERE seq <= (SELECT MAX(seq) FROM audit_log) - ?')
      .run(this.options.maxRows);
  }

  find(id: string): AuditEntry | undefined {
    this.#flushReporting();
    const row = this.db
      .prepare<
        [string],
        {
          id: string;
          at: string;
          method: string;
          path: string;
          status: number;
          duration_ms: number;
          idempotency_key: string | null;
          error_code: string | null;
          via: RequestPath;
        }
      >(
        'SELECT id, at, method, path, status, duration_ms, idempotency_key, error_code, via FROM audit_log WHERE id = ?',
      )
      .get(id);
    if (!row) return undefined;
    return {
      id: row.id,
      at: row.at,
      method: row.method,
      path: row.path,
      status: row.status,
      durationMs: row.duration_ms,
      idempotencyKey: row.idempotency_key,
      errorCode: row.error_code,
      via: row.via,
    };
  }

  count(): number {
    this.#flushReporting();
    return this.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM audit_log').get()?.n ?? 0;
  }

  close(): void {
    clearInterval(this.timer);
    this.#flushReporting();
    this.db.close();
  }
}
