import type { Db } from '../storage/database.js';
import {
  FISCAL_OPERATION_TYPES,
  type FiscalOperationStatus as OperationStatus,
  type FiscalOperationType,
  plusDays,
} from '@fiscal-pos/fiscal';
import { encodeCursor, type ListCursor } from './list-cursor.js';

/**
 * One page of a history list (newest first) and its total, without reading the history.
 *
 * A Z report spans at most one fiscal day, so it is a bounded slice of the history, contiguous
 * in `seq`. A list without a date or status filter (every operation, a type, a shift) keeps its
 * running count at the start of each report (list_positions, migration 0023), so its page is
 * placed by a seek there, wherever in the list it is. With a date or status filter a page skips
 * whole reports by their hourly counts (`operation_counts`, migrations 0006 and 0012), walking
 * them from the nearer end of the list and stopping once the page is full. Either way the page
 * reads only the reports it falls in, through fiscal_operations_report_seq in list order.
 * `total` is one row per type and status of the history or of the shift (row_counts and
 * shift_counts, migrations 0016 and 0018) without a date filter, and with one a sum over the
 * buckets of that range only (the indexes of migration 0018): nothing a request reads grows
 * with the length of the history.
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

/**
 * Where a page lies: the matching rows of the reports from `first` down to `last`, in list
 * order, after skipping `skip` of `first`'s newest, `take` of them.
 */
interface PageSpan {
  first: number;
  last: number;
  skip: number;
  take: number;
  /** Only rows of `first` older than this seq (the cursor's), or null. */
  beforeSeq: number | null;
}

/** One report's share of a page: skip `skip` matching rows from its newest, take `take`. */
interface ReportSlice {
  reportNumber: number;
  skip: number;
  take: number;
  beforeSeq: number | null;
}

/**
 * The filter over operation_counts, naming only the filters given (an `@x IS NULL OR` term would
 * hide the column from the planner), and the bucket index that reads no more than the filter
 * asks for (migration 0018): a shift's buckets, a date range's, or a type's or status's in
 * report order. It is named, not left to the planner: the file holds no statistics (no
 * ANALYZE), and a filter on both a shift and a common type would otherwise walk every bucket
 * of the type. A date range is whole hours at both ends (its bounds are midnights, in a time
 * zone whose offset is whole hours: config.ts refuses any other TZ at start), so comparing the
 * bounds' hours with the buckets' counts each bucket exactly.
 */
function countedBuckets(f: HistoryFilter): string {
  const terms = [
    f.dateFrom === null ? null : 'hour >= substr(@from, 1, 13)',
    f.dateTo === null ? null : 'hour <= substr(@to, 1, 13)',
    f.type === null ? null : 'operation_type = @type',
    f.status === null ? null : 'status = @status',
    f.shiftId === null ? null : 'shift_id = @shiftId',
  ].filter((term) => term !== null);
  const index =
    f.shiftId !== null
      ? 'operation_counts_shift'
      : f.dateFrom !== null || f.dateTo !== null
        ? 'operation_counts_hour'
        : f.status !== null
          ? 'operation_counts_status'
          : f.type !== null
            ? 'operation_counts_type'
            : null;
  return `operation_counts ${index === null ? '' : `INDEXED BY ${index}`} WHERE ${terms.length === 0 ? '1' : terms.join(' AND ')}`;
}

/**
 * The same filter over the operations themselves (alias `o`), with filterParams, naming only the
 * filters given: a filter on nothing reads nothing but the index it walks (a page's skip inside
 * its report then walks index entries, not the rows).
 */
function rowTerms(f: HistoryFilter): string[] {
  return [
    f.dateFrom === null ? null : 'o.created_at >= @from',
    f.dateTo === null ? null : 'o.created_at <= @to',
    f.type === null ? null : 'o.operation_type = @type',
    f.status === null ? null : 'o.status = @status',
    f.shiftId === null ? null : 'o.shift_id = @shiftId',
  ].filter((term) => term !== null);
}

function filterParams(f: HistoryFilter) {
  return { ...dayRangeBounds(f.dateFrom, f.dateTo), type: f.type, status: f.status, shiftId: f.shiftId };
}

/**
 * Date filters are calendar days `YYYY-MM-DD` of the terminal's time zone (docs/terminal-api.md,
 * "Days and time zone"), inclusive at both ends: from the local midnight starting `dateFrom` to
 * the last millisecond before the local midnight starting the day after `dateTo`, as UTC
 * instants (what `created_at` holds). A date-time without an offset is read in the process's
 * time zone, and a midnight that summer time skips (America/Havana, Asia/Beirut) as the instant
 * the day begins. The day after is found on the calendar, not by moving the first midnight a
 * day on: that keeps its wall-clock time, 01:00 on such a day, an hour into the next.
 */
export function dayRangeBounds(dateFrom: string | null, dateTo: string | null): { from: string; to: string } {
  const localMidnight = (day: string) => new Date(`${day}T00:00:00`);
  return {
    from: dateFrom ? comparable(localMidnight(dateFrom)) : '0000',
    to: dateTo ? comparable(new Date(localMidnight(plusDays(dateTo, 1)).getTime() - 1)) : '9999',
  };
}

/**
 * An instant as a bound compared with `created_at` as text. Outside years 0-9999 ISO 8601 writes
 * a sign (+010000-01-01T04:59:59.999Z, the end of 9999-12-31 west of UTC), which sorts before
 * every date: such a bound is past every stored instant in its direction, as the open bounds are.
 */
function comparable(instant: Date): string {
  const iso = instant.toISOString();
  return iso.startsWith('+') ? '9999' : iso.startsWith('-') ? '0000' : iso;
}

/**
 * How many operations match, from the counts: without a date filter, one row per type and status
 * of the whole history (row_counts, migration 0016) or of the shift (row_counts while it is open,
 * shift_counts once closed, migration 0018); with one, the buckets of the range.
 */
function countedTotal(db: Db, filter: HistoryFilter): number {
  const typeAndStatus = '(@type IS NULL OR operation_type = @type) AND (@status IS NULL OR status = @status)';
  const sql =
    filter.dateFrom !== null || filter.dateTo !== null
      ? `SELECT SUM(n) AS n FROM ${countedBuckets(filter)}`
      : filter.shiftId === null
        ? `SELECT SUM(n) AS n FROM row_counts WHERE name = 'fiscal_operations' AND ${typeAndStatus}`
        : `SELECT SUM(n) AS n FROM (
             SELECT operation_type, status, n FROM row_counts WHERE name = 'shift ' || @shiftId
             UNION ALL SELECT operation_type, status, n FROM shift_counts WHERE shift_id = @shiftId
           ) WHERE ${typeAndStatus}`;
  return (
    db.prepare<ReturnType<typeof filterParams>, { n: number | null }>(sql).get(filterParams(filter))?.n ?? 0
  );
}

/** A page of a list with a date or status filter, placed by walking its reports' counts. */
function walkedSpan(db: Db, filter: HistoryFilter, window: PageWindow, total: number): PageSpan | null {
  const slices = pageSlices(db, filter, window, total);
  const first = slices[0];
  const last = slices[slices.length - 1];
  if (first === undefined || last === undefined) return null;
  return {
    first: first.reportNumber,
    last: last.reportNumber,
    skip: first.skip,
    take: slices.reduce((sum, slice) => sum + slice.take, 0),
    beforeSeq: first.beforeSeq,
  };
}

/**
 * The reports a page is read from, newest first, and how much of each: whole reports before
 * the page are skipped by their counts, read one report at a time (the statement walks the
 * counts in report order without sorting them) and no further than the page. A page in the
 * older half of the list is found from the oldest report up, so the deepest page costs what
 * the first one does. With a cursor, only the reports at or before the cursor's, newest first,
 * and what is left of the cursor's own report is counted in it (an indexed count bounded by
 * one report).
 */
function pageSlices(db: Db, filter: HistoryFilter, window: PageWindow, total: number): ReportSlice[] {
  const { cursor } = window;
  const fromOldest = cursor === null && window.offset * 2 > total;
  const reports = db
    .prepare<ReturnType<typeof filterParams> & { upTo: number }, { report_number: number; n: number }>(
      `SELECT report_number, SUM(n) AS n FROM ${countedBuckets(filter)} AND report_number <= @upTo
       GROUP BY report_number HAVING SUM(n) > 0 ORDER BY report_number ${fromOldest ? 'ASC' : 'DESC'}`,
    )
    .iterate({ ...filterParams(filter), upTo: cursor?.reportNumber ?? Number.MAX_SAFE_INTEGER });
  // From the oldest end the page is the rows [total - offset - limit, total - offset) counted
  // upwards; each report's share is turned back into newest-first terms below.
  let skip = fromOldest ? Math.max(0, total - window.offset - window.limit) : window.offset;
  let wanted = fromOldest ? Math.max(0, Math.min(window.limit, total - window.offset)) : window.limit;
  const slices: ReportSlice[] = [];
  for (const report of reports) {
    if (wanted === 0) break;
    const beforeSeq = cursor !== null && report.report_number === cursor.reportNumber ? cursor.seq : null;
    const n = beforeSeq === null ? report.n : countBefore(db, filter, report.report_number, beforeSeq);
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const take = Math.min(wanted, n - skip);
    slices.push({
      reportNumber: report.report_number,
      skip: fromOldest ? n - skip - take : skip,
      take,
      beforeSeq,
    });
    wanted -= take;
    skip = 0;
  }
  return fromOldest ? slices.reverse() : slices;
}

/**
 * The operations of the reports from @first down to @last, in list order (alias `o`), through
 * the index that holds the fewest rows besides the filter's: refused ones and the types other
 * than receipts through their own partial indexes (migrations 0012 and 0018), which SQLite uses
 * only when the query repeats the index's condition literally.
 */
function reportRows(filter: HistoryFilter): string {
  const range = 'o.report_number BETWEEN @last AND @first';
  const terms = rowTerms(filter);
  const where = (...more: string[]) => [...more, ...terms].join(' AND ');
  if (filter.status === 'failed')
    return `fiscal_operations o INDEXED BY fiscal_operations_failed WHERE ${where(range, `o.status = 'failed'`)}`;
  if (filter.type !== null && filter.type !== 'receipt')
    return `fiscal_operations o INDEXED BY fiscal_operations_other_types
      WHERE ${where(`o.operation_type != 'receipt'`, range)}`;
  if (filter.type === 'receipt' && terms.length === 1)
    // The receipts are the operations that are not of another type: the few others of these
    // reports come from their partial index (a seek per type), so the walk and the skip read
    // only fiscal_operations_report_seq, not every row's type from the table.
    return `fiscal_operations o INDEXED BY fiscal_operations_report_seq WHERE ${range} AND o.seq NOT IN (
      SELECT seq FROM fiscal_operations INDEXED BY fiscal_operations_other_types
      WHERE operation_type IN (${OTHER_TYPES}) AND operation_type != 'receipt'
        AND report_number BETWEEN @last AND @first)`;
  return `fiscal_operations o INDEXED BY fiscal_operations_report_seq WHERE ${where(range)}`;
}

const OTHER_TYPES = FISCAL_OPERATION_TYPES.filter((type) => type !== 'receipt')
  .map((type) => `'${type}'`)
  .join(', ');

function countBefore(db: Db, filter: HistoryFilter, reportNumber: number, beforeSeq: number): number {
  return (
    db
      .prepare<
        ReturnType<typeof filterParams> & { first: number; last: number; before: number },
        { n: number }
      >(`SELECT COUNT(*) AS n FROM ${reportRows(filter)} AND o.seq < @before`)
      .get({ ...filterParams(filter), first: reportNumber, last: reportNumber, before: beforeSeq })?.n ?? 0
  );
}

/** The page's operations by seq, newest first, the total, and the cursor after the page. */
export interface PageOfSeqs {
  seqs: number[];
  total: number;
  nextCursor: string | null;
}

/** The lists that list_positions (migration 0023) keeps: neither a date nor a status filter. */
function positioned(filter: HistoryFilter): boolean {
  return filter.dateFrom === null && filter.dateTo === null && filter.status === null;
}

/**
 * A page of a list that list_positions keeps, placed by seeks: rows are numbered from the
 * list's oldest (0), the page is the rows [end - offset - limit, end - offset), where `end` is
 * the list's total or the cursor's row, and each end of it is in the report with the greatest
 * running count at or below it. What this reads is a few index entries, whatever the list's
 * length and wherever the page is in it.
 */
function seekedSpan(db: Db, filter: HistoryFilter, window: PageWindow, total: number): PageSpan | null {
  const list = { shiftId: filter.shiftId ?? '', type: filter.type ?? '' };
  const keyed = 'shift_id = @shiftId AND operation_type = @type';
  const { cursor } = window;
  // Without a cursor the list ends at its total; with one, at the cursor's row: the rows of the
  // reports before the cursor's (the start of the next report of the list at or after it) and
  // those of its own report older than the cursor.
  const end =
    cursor === null
      ? total
      : (db
          .prepare<typeof list & { report: number }, { earlier: number }>(
            `SELECT earlier FROM list_positions WHERE ${keyed} AND report_number >= @report
             ORDER BY report_number LIMIT 1`,
          )
          .get({ ...list, report: cursor.reportNumber })?.earlier ?? total) +
        countBefore(db, filter, cursor.reportNumber, cursor.seq);
  const newest = end - window.offset - 1;
  const oldest = Math.max(0, end - window.offset - window.limit);
  if (newest < 0 || window.limit === 0) return null;
  const reportAt = db.prepare<typeof list & { row: number }, { report_number: number; earlier: number }>(
    `SELECT report_number, earlier FROM list_positions INDEXED BY list_positions_earlier
     WHERE ${keyed} AND earlier <= @row ORDER BY earlier DESC, report_number DESC LIMIT 1`,
  );
  const first = reportAt.get({ ...list, row: newest });
  const last = reportAt.get({ ...list, row: oldest });
  if (first === undefined || last === undefined) return null;
  // The first report's rows newer than the page: up to the start of the list's next report, or
  // to the end of the list (the cursor's row, when the cursor is in this report).
  const next = db
    .prepare<typeof list & { report: number }, { earlier: number }>(
      `SELECT earlier FROM list_positions WHERE ${keyed} AND report_number > @report
       ORDER BY report_number LIMIT 1`,
    )
    .get({ ...list, report: first.report_number });
  const firstEnds = Math.min(end, next?.earlier ?? total);
  return {
    first: first.report_number,
    last: last.report_number,
    skip: firstEnds - 1 - newest,
    take: newest - oldest + 1,
    beforeSeq: cursor !== null && cursor.reportNumber === first.report_number ? cursor.seq : null,
  };
}

export function historyPage(db: Db, filter: HistoryFilter, window: PageWindow): PageOfSeqs {
  const total = countedTotal(db, filter);
  const span = positioned(filter)
    ? seekedSpan(db, filter, window, total)
    : walkedSpan(db, filter, window, total);
  const seqs = span === null ? [] : pageSeqs(db, filter, span);
  const last = seqs.length === window.limit ? seqs[seqs.length - 1] : undefined;
  return {
    seqs,
    total,
    nextCursor: last === undefined ? null : encodeCursor({ reportNumber: reportOf(db, last), seq: last }),
  };
}

/**
 * The page's rows: one statement from the first report's skip, stopping at the page's size.
 * Only the cursor's own report, the newest of them, holds rows at or after the cursor.
 */
function pageSeqs(db: Db, filter: HistoryFilter, span: PageSpan): number[] {
  return db
    .prepare<
      ReturnType<typeof filterParams> & {
        first: number;
        last: number;
        before: number | null;
        take: number;
        skip: number;
      },
      { seq: number }
    >(
      `SELECT o.seq FROM ${reportRows(filter)} AND (@before IS NULL OR o.seq < @before)
       ORDER BY o.report_number DESC, o.seq DESC LIMIT @take OFFSET @skip`,
    )
    .all({
      ...filterParams(filter),
      first: span.first,
      last: span.last,
      before: span.beforeSeq,
      take: span.take,
      skip: span.skip,
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
