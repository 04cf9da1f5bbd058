-- Numbered 0023: a 0022 (sale-wal) was in flight on another branch when this was written;
-- versions apply as a set (migrations.ts), so a gap, or a 0022 applied after this one, is fine.
--
-- Where a page of a long list starts, found by a seek (issue 28; docs/benchmarks.md, "Issue 28:
-- lists flat at 1M"). history-page.ts placed an offset by walking the hourly counts from the
-- nearer end of the list, report by report: a page in the middle of two years read half the
-- buckets (about 12,000 rows at a million sales). Here each list a page can be asked of without
-- a date or status filter (every operation, one type, one shift, one type in one shift) has a
-- row per report it has operations in, holding how many of its operations the reports before
-- that one hold: the list's running count at the report's start. Row k of a list (from its
-- oldest) is in the report with the greatest `earlier` <= k, one seek in list_positions_earlier.
--
-- A type, a shift and a report never change (operation_counts_immutable) and operations are
-- never deleted, so a row is written when a report gets its first operation of the list and
-- never again: a sale into the open report writes nothing here (the trigger's lookups find the
-- report's rows and stop). Only an operation written into an older report than the newest one
-- of its list (none is today: an operation takes the open report's number) moves the later
-- reports' starts, by one each.
CREATE TABLE list_positions (
  -- '' is every shift, and every type.
  shift_id TEXT NOT NULL,
  operation_type TEXT NOT NULL,
  report_number INTEGER NOT NULL,
  -- How many of the list's operations the reports before report_number hold.
  earlier INTEGER NOT NULL,
  PRIMARY KEY (shift_id, operation_type, report_number)
) WITHOUT ROWID;
CREATE INDEX list_positions_earlier ON list_positions (shift_id, operation_type, earlier);

INSERT INTO list_positions (shift_id, operation_type, report_number, earlier)
SELECT shift_id, operation_type, report_number,
  SUM(n) OVER (PARTITION BY shift_id, operation_type ORDER BY report_number) - n
FROM (
  SELECT '' AS shift_id, '' AS operation_type, report_number, SUM(n) AS n
  FROM operation_counts GROUP BY report_number
  UNION ALL
  SELECT '', operation_type, report_number, SUM(n) FROM operation_counts GROUP BY operation_type, report_number
  UNION ALL
  SELECT shift_id, '', report_number, SUM(n) FROM operation_counts WHERE shift_id != ''
  GROUP BY shift_id, report_number
  UNION ALL
  SELECT shift_id, operation_type, report_number, SUM(n) FROM operation_counts WHERE shift_id != ''
  GROUP BY shift_id, operation_type, report_number
)
WHERE n > 0;

-- The lists an operation is in: every operation, its type, and with a shift, its shift and its
-- type in its shift. A report's first operation of a list starts its row from the list's
-- previous report: that one's start plus its operations of the list (its hourly buckets,
-- migration 0012; complete, since no operation goes into a report once a newer one has some).
CREATE TRIGGER list_positions_insert AFTER INSERT ON fiscal_operations BEGIN
  UPDATE list_positions SET earlier = earlier + 1
  WHERE shift_id IN ('', COALESCE(NEW.shift_id, '')) AND operation_type IN ('', NEW.operation_type)
    AND report_number > NEW.report_number;
  INSERT INTO list_positions (shift_id, operation_type, report_number, earlier)
  SELECT k.shift_id, k.operation_type, NEW.report_number, COALESCE((
    SELECT p.earlier + (
      SELECT SUM(c.n) FROM operation_counts c
      WHERE c.report_number = p.report_number
        AND (k.operation_type = '' OR c.operation_type = k.operation_type)
        AND (k.shift_id = '' OR c.shift_id = k.shift_id))
    FROM list_positions p
    WHERE p.shift_id = k.shift_id AND p.operation_type = k.operation_type AND p.report_number < NEW.report_number
    ORDER BY p.report_number DESC LIMIT 1), 0)
  FROM (
    SELECT s.shift_id, t.operation_type
    FROM (SELECT '' AS shift_id UNION SELECT NEW.shift_id WHERE NEW.shift_id IS NOT NULL) AS s,
         (SELECT '' AS operation_type UNION SELECT NEW.operation_type) AS t
  ) AS k
  WHERE NOT EXISTS (
    SELECT 1 FROM list_positions x
    WHERE x.shift_id = k.shift_id AND x.operation_type = k.operation_type AND x.report_number = NEW.report_number);
END;
