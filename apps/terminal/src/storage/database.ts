import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { runMigrations } from './migrations.js';
import { privateFile } from './private-files.js';

export type Db = Database.Database;

/**
 * Opens the terminal's fiscal store. WAL with synchronous=FULL: a commit that returned is on
 * disk and survives power loss, which is what a 200 on a fiscal operation promises.
 */
export function openFiscalDatabase(file: string): Db {
  // Fiscal documents and, once activated, the cashiers' PIN verifiers: the owner's only.
  privateFile(file, dirname(file));
  const db = new Database(file);
  // Free pages go back to the file system in small steps (housekeeping.ts). Only a file without
  // tables can switch: an older one needs one VACUUM, which rewrites the whole file, so it is
  // left to a maintenance window rather than done at start-up (docs/benchmarks.md).
  const empty = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM sqlite_schema').get()?.n === 0;
  if (empty) db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db, new URL('./migrations/', import.meta.url));
  reusePreparedStatements(db);
  return db;
}

/**
 * A read-only connection to the same file, for the read workers (read-pool.ts). WAL lets it
 * read the last commit while the main connection writes; it never runs migrations.
 */
export function openReadOnlyDatabase(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  reusePreparedStatements(db);
  return db;
}

/** More distinct SQL texts than the stores have means SQL is being built per call: start over. */
const MAX_CACHED_STATEMENTS = 256;

/**
 * Makes `db.prepare(sql)` return the statement already compiled for the same text. The stores
 * call `prepare` on every use, and compiling costs 10-30 µs of CPU each time, a dozen times
 * per sale, inside the fiscal lock. Safe because no store iterates a statement (`iterate()`
 * keeps it busy) or changes its mode (`pluck`, `raw`, `expand`).
 */
function reusePreparedStatements(db: Db): void {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statement = compile(source);
      statements.set(source, statement);
    }
    return statement;
  }) as Db['prepare'];
}

/**
 * Runs `work` in one transaction whose commit is not fsynced on its own. Only for writes whose
 * loss on power failure is recoverable from what a durable commit already wrote (for example
 * the MEV answer of an operation that stays `pending` and is re-sent, deduplicated by UUID).
 * The next durable commit flushes it, because the WAL is written in order.
 */
export function lazyTransaction<T>(db: Db, work: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(work)();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/**
 * A write that changes nothing (the header page written again with the same user_version):
 * whether the file takes writes now, for StorageHealth's probe after a full disk.
 */
export function probeWrite(db: Db): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  db.pragma(`user_version = ${version}`);
}
