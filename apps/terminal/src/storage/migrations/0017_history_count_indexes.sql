-- Lists whose cost does not grow with the history (issue 28; docs/benchmarks.md, "History").
--
-- operation_counts (migration 0012) is keyed by report first, so a list read every one of its
-- rows (one per hour of history and type, status and shift: 23,279 at a million sales) to find
-- the few it wanted, twice per request (the total, then the page's reports): a date range, a
-- shift, or a rare type or status (`z_report`, `failed`) whose page spans hundreds of reports.
-- With these indexes history-page.ts reads only the buckets of the range, the shift, the type
-- or the status asked for, in report order, and stops once its page is full; without a date or
-- shift filter the total comes from row_counts (migration 0016).
--
-- An entry is written only when a count row is created (the first operation of a report, hour,
-- type, status and shift), never when its `n` moves: a few times an hour, not once per sale.
CREATE INDEX operation_counts_hour ON operation_counts (hour);
CREATE INDEX operation_counts_shift ON operation_counts (shift_id, report_number);
CREATE INDEX operation_counts_type ON operation_counts (operation_type, report_number);
CREATE INDEX operation_counts_status ON operation_counts (status, report_number);
