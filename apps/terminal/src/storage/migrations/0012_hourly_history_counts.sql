-- The history counts by UTC hour instead of UTC day (docs/benchmarks.md, "History").
--
-- Date filters are calendar days of the terminal's time zone (Europe/Chisinau by default), and a
-- local day is not a UTC day: it is 24 (or 23, 25) whole UTC hours wherever the offset is a whole
-- number of hours, as it is in Moldova all year. Counted per hour, every local-day range is a
-- range of whole buckets, so `total` and the page skips stay exact whatever the time zone's
-- offset and its summer time. Rebuilt from the operations once, at upgrade (a few seconds on a
-- two-year history); the triggers keep it after that, as before.
DROP TRIGGER operation_counts_insert;
DROP TRIGGER operation_counts_status;
DROP TABLE operation_counts;

CREATE TABLE operation_counts (
  report_number INTEGER NOT NULL,
  -- `YYYY-MM-DDTHH` of created_at (UTC)
  hour TEXT NOT NULL,
  operation_type TEXT NOT NULL,
  status TEXT NOT NULL,
  shift_id TEXT NOT NULL,
  n INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (report_number, hour, operation_type, status, shift_id)
) WITHOUT ROWID;

INSERT INTO operation_counts (report_number, hour, operation_type, status, shift_id, n)
SELECT report_number, substr(created_at, 1, 13), operation_type, status, COALESCE(shift_id, ''), COUNT(*)
FROM fiscal_operations GROUP BY 1, 2, 3, 4, 5;

CREATE TRIGGER operation_counts_insert AFTER INSERT ON fiscal_operations BEGIN
  INSERT INTO operation_counts (report_number, hour, operation_type, status, shift_id, n)
  VALUES (NEW.report_number, substr(NEW.created_at, 1, 13), NEW.operation_type, NEW.status, COALESCE(NEW.shift_id, ''), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER operation_counts_status AFTER UPDATE OF status ON fiscal_operations
WHEN OLD.status != NEW.status BEGIN
  UPDATE operation_counts SET n = n - 1
  WHERE report_number = OLD.report_number AND hour = substr(OLD.created_at, 1, 13)
    AND operation_type = OLD.operation_type AND status = OLD.status AND shift_id = COALESCE(OLD.shift_id, '');
  INSERT INTO operation_counts (report_number, hour, operation_type, status, shift_id, n)
  VALUES (NEW.report_number, substr(NEW.created_at, 1, 13), NEW.operation_type, NEW.status, COALESCE(NEW.shift_id, ''), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- Refused operations are rare (one in thousands), so a `status=failed` page crosses hundreds of
-- reports, and inside each the report's index holds no status: every row of the report was read
-- to find none. Only failed rows are in this index, so it costs a sale nothing; `history-page.ts`
-- reads through it when the filter is `failed`. (Rows of the other statuses are common enough in
-- every report for the report's own index.)
CREATE INDEX fiscal_operations_failed ON fiscal_operations (report_number) WHERE status = 'failed';
