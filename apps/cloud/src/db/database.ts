// One handle over both drivers: PGlite (Postgres compiled to WASM, in-process) when no
// DATABASE_URL is given, node-postgres otherwise. Drizzle speaks the same dialect to both,
// so nothing above this file knows which one runs.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DurableNodeFS } from './durable-node-fs.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the query surface of the database; use cases accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects a server; otherwise PGlite stores its files in dataDir. */
  url?: string | undefined;
  dataDir?: string | undefined;
  /** Pool size for a server (each cloud process); PGlite has a single connection. */
  poolSize?: number;
  /** Told when the server ends an idle connection; the pool replaces it by itself. */
  onIdleConnectionError?: (error: Error) => void;
}

/**
 * PGlite's own start parameters, changed in two ways. Durability: without `-F` (which PGlite
 * passes by default: fsync off), and with WAL flushed by fsync, the one sync call Emscripten
 * forwards to the filesystem (its fdatasync returns without doing anything) and which
 * DurableNodeFS sends to the disk. Memory: the buffers live in PGlite's WebAssembly heap, which
 * grows and never shrinks, so they are sized for one process's working set, not a server's
 * (128 MB of shared buffers by default; temp tables and index builds likewise).
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  ...[
    'wal_sync_method=fsync',
    'shared_buffers=16MB',
    'temp_buffers=2MB',
    'maintenance_work_mem=16MB',
  ].flatMap((setting) => ['-c', setting]),
];

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, admin shutdown) is reported here;
    // without a listener that report would crash the process. The pool has already dropped the
    // connection and opens a new one for the next query; queries in flight get their own error.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    return {
      db: drizzlePg(pool, { schema }),
      driver: 'postgres',
      close: () => pool.end(),
    };
  }
  if (!options.dataDir) return fromPglite(new PGlite({ startParams: PGLITE_START_PARAMS }));
  mkdirSync(options.dataDir, { recursive: true });
  return fromPglite(new PGlite({ fs: new DurableNodeFS(options.dataDir), startParams: PGLITE_START_PARAMS }));
}

/** Wraps an existing PGlite (tests clone one migrated instance per test file). */
export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }),
    driver: 'pglite',
    close: () => client.close(),
  };
}

/** Rows of a raw SQL statement; both drivers return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
