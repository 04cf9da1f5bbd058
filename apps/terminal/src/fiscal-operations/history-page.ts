import type { Db } from '../storage/database.js';
import type { FiscalOperationStatus as OperationStatus, FiscalOperationType } from '@fiscal-pos/fiscal';
import { encodeCursor, type ListCursor } from './list-cursor.js';

/**
 * One page of a history list (newest first) and its total, without reading the history.
 *
 * A Z report spans at most one fiscal day, so it is a bounded slice of the history, contiguous
 * in `seq`; `operation_counts` (migrations 0006 and 0012) says how many operations of each UTC
 * hour, type, status and shift each one holds. A page at any offset skips whole reports by these counts and
 * reads only the one or two it falls in, through fiscal_operations_report_seq in list order;
 * `total` is a sum of counts.
 */

/** The lists' filters, every one of which the counts answer. */
export interface HistoryFilter {
  /** Calendar days `YYYY-MM-DD` of the terminal's time zone, inclusive; null: unbounded. */
  dateFrom: string | null;
  dateTo: string | null;
  type: FiscalOperationType | null;
  status: OperationStatus | null;
  shiftId: string | null;
}

export interface PageWindow {
  limit: number;
  offset: number;
  /** From the `cursor` query parameter: the page starts after this row (offset counts from it). */
  cursor: ListCursor | null;
}

/** One report's share of a page: skip `skip` matching rows from its newest, take `take`. */
interface ReportSlice {
  reportNumber: number;
  skip: number;
  take: number;
  /** Only rows older than this seq (the cursor's), or null. */
  beforeSeq: number | null;
}

// A date range is whole hours at both ends (its bounds are midnights, in a time zone whose offset
// is whole hours), so comparing the bounds' hours with the buckets' counts each bucket exactly.
const COUNTED_WHERE = `hour >= substr(@from, 1, 13) AND hour <= substr(@to, 1, 13)
  AND (@type IS NULL OR operation_type = @type) AND (@status IS NULL OR status = @status)
  AND (@shiftId IS NULL OR shift_id = @shiftId)`;

/** The same filter over the operations themselves (alias `o`), with filterParams. */
const ROW_WHERE = `o.created_at >= @from AND o.created_at <= @to
  AND (@type IS NULL OR o.operation_type = @type) AND (@status IS NULL OR o.status = @status)
  AND (@shiftId IS NULL OR o.shift_id = @shiftId)`;

function filterParams(f: HistoryFilter) {
  return { ...dayRangeBounds(f.dateFrom, f.dateTo), type: f.type, status: f.status, shiftId: f.shiftId };
}

/**
 * Date filters are calendar days `YYYY-MM-DD` of the terminal's time zone (docs/terminal-api.md,
 * "Days and time zone"), inclusive at both ends: from the local midnight starting `dateFrom` to
 * the last millisecond before the local midnight ending `dateTo`, as UTC instants (what
 * `created_at` holds). A date-time without an offset is read in the process's time zone.
 */
export function dayRangeBounds(dateFrom: string | null, dateTo: string | null): { from: string; to: string } {
  const localMidnight = (day: string) => new Date(`${day}T00:00:00`);
  const dayAfter = (day: string) => {
    const next = localMidnight(day);
    next.setDate(next.getDate() + 1);
    return next;
  };
  return {
    from: dateFrom ? localMidnight(dateFrom).toISOString() : '0000',
    to: dateTo ? new Date(dayAfter(dateTo).getTime() - 1).toISOString() : '9999',
  };
}

/** How many operations match, from the counts. */
function countedTotal(db: Db, filter: HistoryFilter): number {
  return (
    db
      .prepare<ReturnType<typeof filterParams>, { n: number | null }>(
        `SELECT SUM(n) AS n FROM operation_counts WHERE ${COUNTED_WHERE}`,
      )
      .get(filterParams(filter))?.n ?? 0
  );
}

/**
 * The reports a page is read from, newest first, and how much of each: whole reports before
 * the page are skipped by their counts. With a cursor, only the reports at or before the
 * cursor's count, and what is left of the cursor's own report is counted in it (an indexed
 * count bounded by one report).
 */
function pageSlices(db: Db, filter: HistoryFilter, window: PageWindow): ReportSlice[] {
  const { cursor } = window;
  const reports = db
    .prepare<ReturnType<typeof filterParams> & { upTo: number }, { report_number: number; n: number }>(
      `SELECT report_number, SUM(n) AS n FROM operation_counts
       WHERE report_number <= @upTo AND ${COUNTED_WHERE}
       GROUP BY report_number HAVING SUM(n) > 0 ORDER BY report_number DESC`,
    )
    .all({ ...filterParams(filter), upTo: cursor?.reportNumber ?? Number.MAX_SAFE_INTEGER });
  const slices: ReportSlice[] = [];
  let skip = window.offset;
  let wanted = window.limit;
  for (const report of reports) {
    if (wanted === 0) break;
    const beforeSeq = cursor !== null && report.report_number === cursor.reportNumber ? cursor.seq : null;
    const n = beforeSeq === null ? report.n : countBefore(db, filter, report.report_number, beforeSeq);
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const take = Math.min(wanted, n - skip);
    slices.push({ reportNumber: report.report_number, skip, take, beforeSeq });
    wanted -= take;
    skip = 0;
  }
  return slices;
}

/**
 * One report's operations in list order (alias `o`): refused ones through their own partial
 * index (migration 0012), which SQLite uses only when the query names the status literally.
 */
function reportRows(filter: HistoryFilter): string {
  return filter.status === 'failed'
    ? `fiscal_operations o INDEXED BY fiscal_operations_failed WHERE o.report_number = @report AND o.status = 'failed'`
    : `fiscal_operations o INDEXED BY fiscal_operations_report_seq WHERE o.report_number = @report`;
}

function countBefore(db: Db, filter: HistoryFilter, reportNumber: number, beforeSeq: number): number {
  return (
    db
      .prepare<ReturnType<typeof filterParams> & { report: number; before: number }, { n: number }>(
        `SELECT COUNT(*) AS n FROM ${reportRows(filter)} AND o.seq < @before AND ${ROW_WHERE}`,
      )
      .get({ ...filterParams(filter), report: reportNumber, before: beforeSeq })?.n ?? 0
  );
}

/** The page's operations by seq, newest first, the total, and the cursor after the page. */
export interface PageOfSeqs {
  seqs: number[];
  total: number;
  nextCursor: string | null;
}

export function historyPage(db: Db, filter: HistoryFilter, window: PageWindow): PageOfSeqs {
  const seqs = pageSlices(db, filter, window).flatMap((slice) => sliceSeqs(db, filter, slice));
  const last = seqs.length === window.limit ? seqs[seqs.length - 1] : undefined;
  return {
    seqs,
    total: countedTotal(db, filter),
    nextCursor: last === undefined ? null : encodeCursor({ reportNumber: reportOf(db, last), seq: last }),
  };
}

function sliceSeqs(db: Db, filter: HistoryFilter, slice: ReportSlice): number[] {
  return db
    .prepare<
      ReturnType<typeof filterParams> & { report: number; before: number | null; take: number; skip: number },
      { seq: number }
    >(
      `SELECT o.seq FROM ${reportRows(filter)} AND (@before IS NULL OR o.seq < @before) AND ${ROW_WHERE}
       ORDER BY o.seq DESC LIMIT @take OFFSET @skip`,
    )
    .all({
      ...filterParams(filter),
      report: slice.reportNumber,
      before: slice.beforeSeq,
      take: slice.take,
      skip: slice.skip,
    })
    .map((row) => row.seq);
}

function reportOf(db: Db, seq: number): number {
  const row = db
    .prepare<[number], { report_number: number }>('SELECT report_number FROM fiscal_operations WHERE seq = ?')
    .get(seq);
  if (!row) throw new Error(`fiscal operation seq ${seq} does not exist`);
  return row.report_number;
}
