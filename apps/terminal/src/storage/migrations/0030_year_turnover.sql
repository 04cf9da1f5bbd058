-- The turnover of the calendar year's closed days, kept (issue 28): every sale's limit check
-- (OperationStore.turnover, under the fiscal lock) summed three json_extract calls over the
-- summary of every Z report closed in the year, a read that grew through the year (161 µs of
-- CPU per sale with 364 Z reports of 1.9 KB, against 7 µs with none; docs/benchmarks.md).
-- Now one row of row_counts per year ('year <YYYY>'): its Z reports (n) and the sum the check
-- read (amount), added by the Z report's insert (z_reports is never updated nor deleted from).
-- A Z report whose summary lacks one of the totals adds nothing, as the SUM it replaces skipped it.
INSERT INTO row_counts (name, operation_type, status, n, amount)
SELECT 'year ' || substr(closed_on, 1, 4), '', '', COUNT(*),
       COALESCE(SUM(opening_cash_balance
         + json_extract(summary_json, '$.totals.totalSales')
         + json_extract(summary_json, '$.totals.totalReturns')
         + json_extract(summary_json, '$.totals.cashIn')), 0)
  FROM z_reports GROUP BY substr(closed_on, 1, 4);

CREATE TRIGGER year_turnover_z_report AFTER INSERT ON z_reports BEGIN
  INSERT INTO row_counts (name, operation_type, status, n, amount)
  VALUES ('year ' || substr(NEW.closed_on, 1, 4), '', '', 1, COALESCE(NEW.opening_cash_balance
    + json_extract(NEW.summary_json, '$.totals.totalSales')
    + json_extract(NEW.summary_json, '$.totals.totalReturns')
    + json_extract(NEW.summary_json, '$.totals.cashIn'), 0))
  ON CONFLICT DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;
