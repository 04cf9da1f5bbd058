import { OperationStore } from '../fiscal-operations/operation-store.js';
import { SaleStore } from '../sales/sale-store.js';
import type { Db } from './database.js';

/**
 * The reads that can touch the whole history, by name, so that a worker thread can run them on
 * its own read-only connection (read-pool.ts) with the stores' own SQL. Arguments and results
 * cross the thread boundary by structured clone: plain data only.
 */
export const HISTORY_READS = {
  salesList: (db: Db, query: Parameters<SaleStore['list']>[0]) => new SaleStore(db).list(query),
  operationsList: (db: Db, query: Parameters<OperationStore['list']>[0]) =>
    new OperationStore(db).list(query),
};

export type HistoryReadName = keyof typeof HISTORY_READS;
export type HistoryReadArgs<N extends HistoryReadName> = Parameters<(typeof HISTORY_READS)[N]>[1];
export type HistoryReadResult<N extends HistoryReadName> = ReturnType<(typeof HISTORY_READS)[N]>;

/** Runs history reads off the fiscal path; the answer or QUERY_TIMEOUT within its deadline. */
export interface HistoryReader {
  read<N extends HistoryReadName>(name: N, args: HistoryReadArgs<N>): Promise<HistoryReadResult<N>>;
  close(): Promise<void>;
}

/** What the main thread sends a read worker, and what it answers. */
export interface ReadRequest {
  id: number;
  name: HistoryReadName;
  args: unknown;
}

export type ReadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
