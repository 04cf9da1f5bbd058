import type { OperationHistory } from '../fiscal-operations/operation-store.js';
import { OperationStore } from '../fiscal-operations/operation-store.js';
import type { ZReportHistory } from '../reports/report-store.js';
import { ReportStore } from '../reports/report-store.js';
import type { SaleHistory } from '../fiscal-documents/sale-store.js';
import { SaleStore } from '../fiscal-documents/sale-store.js';
import type { Db } from '../storage/database.js';
import type { ReadPool } from '../storage/read-pool.js';

/**
 * The reads that can touch the whole history, by name, so that a read worker (read-worker.ts)
 * runs them on its own read-only connection with the stores' own SQL. Arguments and results
 * cross the thread boundary by structured clone: plain data only.
 */
export const HISTORY_READS = {
  salesList: (db: Db, query: Parameters<SaleStore['list']>[0]) => new SaleStore(db).list(query),
  operationsList: (db: Db, query: Parameters<OperationStore['list']>[0]) =>
    new OperationStore(db).list(query),
  zReportsByDate: (db: Db, range: { from: string; to: string }) =>
    new ReportStore(db).zReportsByDate(range.from, range.to),
  zReportsByNumber: (db: Db, range: { from: number; to: number | null }) =>
    new ReportStore(db).zReportsByNumber(range.from, range.to),
};

type ReadName = keyof typeof HISTORY_READS;

/** The worker's module, TypeScript in development and tests, JavaScript in the build. */
export const READ_WORKER = new URL(
  `./read-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
);

/**
 * The history lists and the periodic report's Z reports, read on the pool's workers within its
 * deadline (503 QUERY_TIMEOUT past it).
 */
export class PooledHistory implements SaleHistory, OperationHistory, ZReportHistory {
  /**
   * `settle` writes what this process holds for the file before a worker reads it (the fiscal
   * server's answers, settleHeldWrites): another connection sees only what is committed.
   */
  constructor(
    private readonly pool: ReadPool,
    private readonly settle: () => void,
  ) {}

  listSales(query: Parameters<SaleStore['list']>[0]) {
    return this.read('salesList', query);
  }

  listOperations(query: Parameters<OperationStore['list']>[0]) {
    return this.read('operationsList', query);
  }

  zReportsByDate(from: string, to: string) {
    return this.read('zReportsByDate', { from, to });
  }

  zReportsByNumber(from: number, to: number | null) {
    return this.read('zReportsByNumber', { from, to });
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private read<N extends ReadName>(
    name: N,
    args: Parameters<(typeof HISTORY_READS)[N]>[1],
  ): Promise<ReturnType<(typeof HISTORY_READS)[N]>> {
    this.settle();
    // The worker answered with what HISTORY_READS[name] returned for these arguments.
    return this.pool.run(name, args) as Promise<ReturnType<(typeof HISTORY_READS)[N]>>;
  }
}
