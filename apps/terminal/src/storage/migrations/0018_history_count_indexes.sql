-- Numbered 0018: a 0017 (print jobs) was in flight on another branch when this was written; versions
-- apply as a set (migrations.ts), so a gap, or a 0017 applied after this one, is fine.
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

-- A page of a rare type (Z reports, refunds, cash movements: one in hundreds of operations) spans
-- many reports, and through fiscal_operations_report_seq it read every operation of each to find
-- them (a page of 50 Z reports: 71,500 rows at a million sales). Receipts, the common type, are
-- not in this index, so it costs a sale nothing; history-page.ts reads the other types through it.
CREATE INDEX fiscal_operations_other_types ON fiscal_operations (operation_type, report_number)
WHERE operation_type != 'receipt';
