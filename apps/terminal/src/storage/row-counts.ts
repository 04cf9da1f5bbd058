import type { Db } from './database.js';

/**
 * The counts migrations 0016 and 0034 keep by triggers, each equal at all times to the count(*) it is
 * named after: health and the metrics read one row instead of counting a set that grows.
 */
export type RowCountName =
  | 'platform_outbox_due'
  | 'platform_outbox_refused'
  | 'fiscal_operations_queued'
  | 'receipt_deliveries_queued'
  | 'print_jobs_queued';

export function rowCount(db: Db, name: RowCountName): number {
  return db.prepare<[RowCountName], { n: number }>('SELECT n FROM row_counts WHERE name = ?').get(name)!.n;
}
