-- Indexes every sale's durable commit wrote a page of, that the queries do without (issue 28,
-- docs/benchmarks.md "Issue 28: WAL per sale"). Dropping an index frees its pages: no table is
-- rebuilt, and the time does not grow past a few hundred ms at a million sales.
--
-- 1. fiscal_operations_shift (migration 0004): a shift's operations are those of the reports it
-- has operations in (its rows in list_positions, migration 0023), read through
-- fiscal_operations_report_seq (report-store.ts shiftRecords); the history lists filtered by a
-- shift already read its reports that way (history-page.ts). Shifts are never deleted and their
-- id never changes, so the foreign key from fiscal_operations needs no index either.
DROP INDEX fiscal_operations_shift;
