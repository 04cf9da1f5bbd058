/**
 * What one sale writes to the WAL: pages (frames) and bytes, over a run of sales written back to
 * back as the terminal writes them (one durable transaction each, carrying the answer to the
 * sale before it, see write-sale.ts), on a fresh file migrated
 * to a given schema version, so that the schema before and after a change compare on the same
 * code. Automatic checkpoints are off during the run, so the WAL holds every frame written.
 * `node --import tsx apps/terminal/scripts/wal-per-sale.ts [schema]` prints it by b-tree.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lazyTransaction } from '../../src/storage/database.js';
import { runMigrations } from '../../src/storage/migrations.js';
import { saleDraft } from './bench-terminal.js';
import { InstantFiscalServer } from './instant-fiscal-server.js';
import { saleStores, writeHeldAnswers, writeSale } from './write-sale.js';

const MIGRATIONS = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));
const WAL_HEADER = 32;
const WAL_FRAME_HEADER = 24;

/** The frames (pages) in a WAL file of `bytes` bytes. */
export function walFrames(bytes: number, pageSize: number): number {
  return Math.max(0, bytes - WAL_HEADER) / (pageSize + WAL_FRAME_HEADER);
}

export interface WalPerSale {
  pages: number;
  bytes: number;
  /** Pages per sale by the table or index they belong to (`dbstat`), most first: what to cut. */
  byTree: [name: string, pages: number][];
}

/** Pages per sale of each b-tree among the WAL's frames (a frame's header starts with its page number). */
function pagesByTree(
  db: Database.Database,
  wal: Buffer,
  pageSize: number,
  sales: number,
): WalPerSale['byTree'] {
  const treeOf = new Map(
    db
      .prepare<[], { name: string; pageno: number }>('SELECT name, pageno FROM dbstat')
      .all()
      .map((row) => [row.pageno, row.name]),
  );
  const frames = new Map<string, number>();
  for (let at = WAL_HEADER; at + WAL_FRAME_HEADER <= wal.length; at += WAL_FRAME_HEADER + pageSize) {
    const tree = treeOf.get(wal.readUInt32BE(at)) ?? 'other (free list, header)';
    frames.set(tree, (frames.get(tree) ?? 0) + 1);
  }
  return [...frames]
    .map(([name, n]): [string, number] => [name, Math.round((n / sales) * 100) / 100])
    .sort((a, b) => b[1] - a[1]);
}

/**
 * `apart`: each sale's answer written by a lazy commit of its own before the next sale, as when
 * sales come further apart than ANSWER_HOLD_MS; otherwise back to back, each answer written by
 * the next sale's commit.
 */
export function walPerSale(schemaVersion: number, sales = 200, apart = false): WalPerSale {
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-pos-wal-'));
  try {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    for (const name of readdirSync(MIGRATIONS))
      if (Number(name.slice(0, 4)) <= schemaVersion)
        copyFileSync(join(MIGRATIONS, name), join(migrations, name));
    const file = join(dir, 'terminal.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    runMigrations(db, pathToFileURL(`${migrations}/`));
    const stores = saleStores(db);
    stores.terminalState.initialize('TRM-WAL');
    const server = new InstantFiscalServer();
    const draft = saleDraft();
    const inOwnTransaction = (step: () => void) => db.transaction(step)();
    // Warm up (the first sale opens the shift and the day), then count from an empty WAL.
    for (let i = 0; i < 10; i++) writeSale(stores, server, draft, new Date().toISOString(), inOwnTransaction);
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('wal_checkpoint(TRUNCATE)');
    for (let i = 0; i < sales; i++) {
      writeSale(stores, server, draft, new Date().toISOString(), inOwnTransaction);
      if (apart) writeHeldAnswers(stores, (step) => lazyTransaction(db, step));
    }
    writeHeldAnswers(stores, (step) => lazyTransaction(db, step));
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const wal = readFileSync(`${file}-wal`);
    const byTree = pagesByTree(db, wal, pageSize, sales);
    db.close();
    const frames = walFrames(wal.length, pageSize);
    return { pages: Math.round((frames / sales) * 10) / 10, bytes: Math.round(wal.length / sales), byTree };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
