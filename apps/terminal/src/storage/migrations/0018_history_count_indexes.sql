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

-- How many operations of each type and status each shift holds, for the total of a list filtered
-- by shift: summing the shift's buckets grew with the shift (a shift never closed, as in the
-- bench's history, has a bucket for every hour of it). An open shift's counts are rows of
-- row_counts named 'shift <id>', on the page a write already changes for the operations' counts
-- (migration 0016), so a sale writes no page for them; at its close they move to shift_counts,
-- where only a late status change (the offline queue draining after the close) moves them.
CREATE TABLE shift_counts (
  shift_id TEXT NOT NULL,
  operation_type TEXT NOT NULL,
  status TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (shift_id, operation_type, status)
) WITHOUT ROWID;

INSERT INTO row_counts (name, operation_type, status, n)
SELECT 'shift ' || c.shift_id, c.operation_type, c.status, SUM(c.n)
FROM operation_counts c JOIN shifts s ON s.id = c.shift_id AND s.closed_at IS NULL
GROUP BY c.shift_id, c.operation_type, c.status;
INSERT INTO shift_counts (shift_id, operation_type, status, n)
SELECT c.shift_id, c.operation_type, c.status, SUM(c.n)
FROM operation_counts c JOIN shifts s ON s.id = c.shift_id AND s.closed_at IS NOT NULL
GROUP BY c.shift_id, c.operation_type, c.status;

CREATE TRIGGER shift_counts_insert AFTER INSERT ON fiscal_operations
WHEN NEW.shift_id IS NOT NULL BEGIN
  INSERT INTO row_counts (name, operation_type, status, n)
  SELECT 'shift ' || NEW.shift_id, NEW.operation_type, NEW.status, 1
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NULL
  ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO shift_counts (shift_id, operation_type, status, n)
  SELECT NEW.shift_id, NEW.operation_type, NEW.status, 1
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- The decrement finds its row in whichever table holds the shift's counts; the other matches none.
CREATE TRIGGER shift_counts_status AFTER UPDATE OF status ON fiscal_operations
WHEN OLD.status != NEW.status AND NEW.shift_id IS NOT NULL BEGIN
  UPDATE row_counts SET n = n - 1
  WHERE name = 'shift ' || OLD.shift_id AND operation_type = OLD.operation_type AND status = OLD.status;
  UPDATE shift_counts SET n = n - 1
  WHERE shift_id = OLD.shift_id AND operation_type = OLD.operation_type AND status = OLD.status;
  INSERT INTO row_counts (name, operation_type, status, n)
  SELECT 'shift ' || NEW.shift_id, NEW.operation_type, NEW.status, 1
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NULL
  ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO shift_counts (shift_id, operation_type, status, n)
  SELECT NEW.shift_id, NEW.operation_type, NEW.status, 1
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- A closed shift never opens again (migration 0004): its counts leave row_counts once.
CREATE TRIGGER shift_counts_close AFTER UPDATE OF closed_at ON shifts
WHEN OLD.closed_at IS NULL AND NEW.closed_at IS NOT NULL BEGIN
  INSERT INTO shift_counts (shift_id, operation_type, status, n)
  SELECT NEW.id, operation_type, status, n FROM row_counts WHERE name = 'shift ' || NEW.id
  ON CONFLICT DO UPDATE SET n = n + excluded.n;
  DELETE FROM row_counts WHERE name = 'shift ' || NEW.id;
END;
