/**
 * A terminal file holding a long trading history, built through the terminal's own stores on
 * a runtime and cached under .data/bench, keyed by the history's version, the schema version
 * and the number of sales, so that a rerun of the benchmark does not build it again.
 *
 * To build a million sales in minutes rather than the hour createSale would take (about 1 ms
 * of CPU each, most of it in the fiscal lock, the HTTP-free plumbing and three commits), each
 * day's sales are written in one transaction with the calls createSale and the registrar make,
 * in their order: the shift, the numbers, the operation, the sale, `sent`, the instant fiscal
 * server's answer. Z reports go through generateFiscalReport itself. The file is built in
 * memory (/dev/shm where there is one) and then copied to the cache.
 *
 * When the schema moves on (a new migration), the cached history of the newest older schema is
 * not built again: a copy of it is migrated, as a shop's file is when the terminal starts a
 * newer build, and how long the migrations took is kept with it for the bench to report.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFiscalReport } from '../../src/reports/generate-fiscal-report.js';
import { openFiscalDatabase } from '../../src/storage/database.js';
import { BenchClock, benchRuntime, saleDraft } from './bench-terminal.js';
import { InstantFiscalServer } from './instant-fiscal-server.js';
import { saleStores, writeHeldAnswers, writeSale } from './write-sale.js';

/** About two years of a busy shop: 1,430 sales a day, 700 days for a million. */
const SALES_PER_DAY = 1_430;
const SALE_INTERVAL_MS = 25_000;
const DAY_MS = 86_400_000;

/** Raised when what a history holds changes (2: the 43.99 MDL basket), so that no stale cache is reused. */
const HISTORY_VERSION = 2;

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MIGRATIONS = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));

export interface HistoryFile {
  /** The cached terminal.sqlite (never written by the measurements: they work on a copy). */
  file: string;
  sales: number;
  zReports: number;
  /** How long it took to build, the first time (of the older schema's file, when migrated). */
  buildSeconds: number;
  bytes: number;
  /** Present when the file is an older schema's history migrated: from which schema, how long. */
  migrated?: { fromSchema: number; migrationMs: number; checkpointMs: number };
}

const cacheDir = (schema: number, sales: number) =>
  join(REPO, '.data', 'bench', `history-v${HISTORY_VERSION}-schema${schema}-${sales}`);

/** The newest migration: caches and WAL figures are per schema. */
export function schemaVersion(): number {
  return Math.max(...readdirSync(MIGRATIONS).map((name) => Number(name.slice(0, 4)) || 0));
}

export async function historyFile(sales: number, log: (line: string) => void): Promise<HistoryFile> {
  const schema = schemaVersion();
  const dir = cacheDir(schema, sales);
  const marker = join(dir, 'built.json');
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8')) as HistoryFile;
  for (let older = schema - 1; older > 0; older--) {
    const olderMarker = join(cacheDir(older, sales), 'built.json');
    if (existsSync(olderMarker))
      return migratedHistory(JSON.parse(readFileSync(olderMarker, 'utf8')) as HistoryFile, older, dir, log);
  }
  const building = join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `fiscal-pos-history-${process.pid}`);
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const started = performance.now();
  let zReports: number;
  try {
    zReports = await writeHistory(building, sales, log);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(`${dir}.copying`, { recursive: true });
    copyFileSync(join(building, 'terminal.sqlite'), join(`${dir}.copying`, 'terminal.sqlite'));
    renameSync(`${dir}.copying`, dir);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  const file = join(dir, 'terminal.sqlite');
  const built: HistoryFile = {
    file,
    sales,
    zReports,
    buildSeconds: Math.round((performance.now() - started) / 1000),
    bytes: statSync(file).size,
  };
  writeFileSync(marker, `${JSON.stringify(built, null, 2)}\n`);
  return built;
}

/**
 * A copy of `older` (the history cached at schema `fromSchema`) in `dir`, migrated to today's
 * schema where it lies (on disk, as a shop's file is) by openFiscalDatabase, which runs the
 * migrations a starting terminal runs, then checkpointed so that the file alone is the history.
 */
function migratedHistory(
  older: HistoryFile,
  fromSchema: number,
  dir: string,
  log: (line: string) => void,
): HistoryFile {
  log(
    `history: migrating the ${older.sales}-sale history of schema ${fromSchema} to schema ${schemaVersion()}`,
  );
  const copying = `${dir}.copying`;
  rmSync(dir, { recursive: true, force: true });
  rmSync(copying, { recursive: true, force: true });
  mkdirSync(copying, { recursive: true });
  copyFileSync(older.file, join(copying, 'terminal.sqlite'));
  const started = performance.now();
  const db = openFiscalDatabase(join(copying, 'terminal.sqlite'));
  const migrated = performance.now();
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const checkpointed = performance.now();
  renameSync(copying, dir);
  const file = join(dir, 'terminal.sqlite');
  const built: HistoryFile = {
    ...older,
    file,
    bytes: statSync(file).size,
    migrated: {
      fromSchema,
      migrationMs: Math.round(migrated - started),
      checkpointMs: Math.round(checkpointed - migrated),
    },
  };
  writeFileSync(join(dir, 'built.json'), `${JSON.stringify(built, null, 2)}\n`);
  return built;
}

/**
 * Writes the history of `sales` sales, a Z report closing each day, as `dataDir`/terminal.sqlite
 * (checkpointed: the file alone is the whole history). Answers the number of Z reports.
 */
export async function writeHistory(
  dataDir: string,
  sales: number,
  log: (line: string) => void,
): Promise<number> {
  const clock = new BenchClock();
  const days = Math.ceil(sales / SALES_PER_DAY);
  // The history ends yesterday, so that a terminal started on it now opens a new day.
  const firstDay = Math.floor(Date.now() / DAY_MS - days - 1) * DAY_MS;
  const rt = benchRuntime(dataDir, clock);
  const server = new InstantFiscalServer();
  const draft = saleDraft();
  let written = 0;
  let zReports = 0;
  try {
    for (let day = 0; written < sales; day++) {
      clock.at = firstDay + day * DAY_MS + 7 * 3_600_000;
      const today = Math.min(SALES_PER_DAY, sales - written);
      const stores = saleStores(rt.db);
      rt.db.transaction(() => {
        for (let i = 0; i < today; i++) {
          clock.at! += SALE_INTERVAL_MS;
          writeSale(stores, server, draft, clock.now().toISOString(), (step) => step());
        }
        writeHeldAnswers(stores, (step) => step());
      })();
      written += today;
      clock.at += 60_000;
      await generateFiscalReport(rt.fiscalContext, rt.reports, 'z', null);
      zReports++;
      if (day % 50 === 0) log(`history: ${written} of ${sales} sales written`);
    }
    rt.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await rt.close();
  }
  return zReports;
}
