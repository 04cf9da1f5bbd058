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
  trackTransactions(db);
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
  compiled.set(db, statements);
  db.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statement = compile(source);
      const held = heldWrites.get(db);
      if (held && held.tables.test(source) && !source.includes(SEES_HELD_WRITES))
        settleFirst(db, statement, held);
      statements.set(source, statement);
    }
    return statement;
  }) as Db['prepare'];
}

/** Each connection's compiled statements (reusePreparedStatements), dropped when a guard is set. */
const compiled = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * Writes this process holds in memory for a later commit (the fiscal server's answers,
 * OperationStore.hold), which every statement on the tables they change settles first: the one
 * place that makes a reader see what the process knows, rather than each reader's care.
 */
export interface HeldWrites {
  /** The tables whose rows the held writes change, matched against a statement's SQL. */
  tables: RegExp;
  /**
   * Before a statement on those tables, or a read on another connection: writes what is held,
   * into the transaction open now (`inTransaction`), else in a commit of its own.
   */
  settle(inTransaction: boolean): void;
  /** Where the writes into the open transaction stand now, before a savepoint. */
  mark(): number;
  /** The savepoint from `mark` rolled back (0: the whole transaction): its writes are still held. */
  rolledBackTo(mark: number): void;
  /** The outermost transaction committed: what it wrote is no longer held. */
  committed(): void;
}

const heldWrites = new WeakMap<Db, HeldWrites>();

/**
 * In a statement's SQL: it may run without the held writes, because it reads nothing they
 * change (a creation time, a receipt number, sums that count `sent` and `success` alike) or
 * adds them itself (OperationStore.get). Without it, a statement on the held writes' tables
 * writes them first.
 */
export const SEES_HELD_WRITES = '/* held writes not needed */';

/** From now on, statements of `db` on `held.tables` settle `held` first (see HeldWrites). */
export function guardHeldWrites(db: Db, held: HeldWrites): void {
  heldWrites.set(db, held);
  compiled.get(db)?.clear();
}

/** Before another connection reads the file (the history's read workers): the held writes, written. */
export function settleHeldWrites(db: Db): void {
  heldWrites.get(db)?.settle(db.inTransaction);
}

function settleFirst(db: Db, statement: Database.Statement, held: HeldWrites): void {
  for (const method of ['get', 'all', 'run', 'iterate'] as const) {
    const run = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      held.settle(db.inTransaction);
      return run(...args);
    };
  }
}

/**
 * Tells the held writes (HeldWrites) how each transaction ended: written into one, they leave
 * the hold when the outermost commits, and stay held when it or their savepoint rolls back.
 */
function trackTransactions(db: Db): void {
  const begin = db.transaction.bind(db);
  db.transaction = ((work: (...args: unknown[]) => unknown) => {
    const transaction = begin(work);
    const tracked =
      (variant: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) => {
        const held = heldWrites.get(db);
        if (!held) return variant(...args);
        const mark = db.inTransaction ? held.mark() : 0;
        let result: unknown;
        try {
          result = variant(...args);
        } catch (error) {
          held.rolledBackTo(mark);
          throw error;
        }
        if (!db.inTransaction) held.committed();
        return result;
      };
    return Object.assign(tracked(transaction), {
      default: tracked((...args) => transaction.default(...args)),
      deferred: tracked((...args) => transaction.deferred(...args)),
      immediate: tracked((...args) => transaction.immediate(...args)),
      exclusive: tracked((...args) => transaction.exclusive(...args)),
    });
  }) as Db['transaction'];
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
