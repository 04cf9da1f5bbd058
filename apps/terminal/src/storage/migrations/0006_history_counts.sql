-- Lists and metrics that do not grow with history (docs/benchmarks.md, "History").
--
-- How many operations each Z report holds, per UTC day of created_at, type, status and shift
-- (every filter of the lists). A Z report spans at most one fiscal day (24 hours), so it is a
-- bounded bucket of the history: a list page is found by skipping whole reports by their
-- counts and reading inside one or two of them through fiscal_operations_report_seq, and
-- `total` is a sum over these rows. The day is the date filters' unit (whole UTC days,
-- inclusive), so a date range is exact here. shift_id '' stands for none (a key is not null).
CREATE TABLE operation_counts (
  report_number INTEGER NOT NULL,
  day TEXT NOT NULL,
  operation_type TEXT NOT NULL,
  status TEXT NOT NULL,
  shift_id TEXT NOT NULL,
  n INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (report_number, day, operation_type, status, shift_id)
) WITHOUT ROWID;

INSERT INTO operation_counts (report_number, day, operation_type, status, shift_id, n)
SELECT report_number, substr(created_at, 1, 10), operation_type, status, COALESCE(shift_id, ''), COUNT(*)
FROM fiscal_operations GROUP BY 1, 2, 3, 4, 5;

-- Kept by triggers, so that every write of an operation updates them in its own transaction
-- whatever code wrote it. Report number, type, creation time and shift never change once
-- written (operation-store.ts); only the status moves.
CREATE TRIGGER operation_counts_insert AFTER INSERT ON fiscal_operations BEGIN
  INSERT INTO operation_counts (report_number, day, operation_type, status, shift_id, n)
  VALUES (NEW.report_number, substr(NEW.created_at, 1, 10), NEW.operation_type, NEW.status, COALESCE(NEW.shift_id, ''), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER operation_counts_status AFTER UPDATE OF status ON fiscal_operations
WHEN OLD.status != NEW.status BEGIN
  UPDATE operation_counts SET n = n - 1
  WHERE report_number = OLD.report_number AND day = substr(OLD.created_at, 1, 10)
    AND operation_type = OLD.operation_type AND status = OLD.status AND shift_id = COALESCE(OLD.shift_id, '');
  INSERT INTO operation_counts (report_number, day, operation_type, status, shift_id, n)
  VALUES (NEW.report_number, substr(NEW.created_at, 1, 10), NEW.operation_type, NEW.status, COALESCE(NEW.shift_id, ''), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER operation_counts_immutable BEFORE UPDATE OF report_number, created_at, operation_type, shift_id
ON fiscal_operations BEGIN
  SELECT RAISE(ABORT, 'report_number, created_at, operation_type and shift_id of a fiscal operation never change');
END;

-- Inside one report, in list order. It replaces (report_number, status), whose status made
-- every status transition rewrite an index entry; the report's lookups by number use it too.
CREATE INDEX fiscal_operations_report_seq ON fiscal_operations (report_number);
DROP INDEX fiscal_operations_report;

-- Date filters go through operation_counts and the report buckets now: these indexes only
-- cost every sale a page.
DROP INDEX fiscal_operations_created;
DROP INDEX sales_created;
