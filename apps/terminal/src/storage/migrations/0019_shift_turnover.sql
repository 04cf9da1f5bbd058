-- The open shift's turnover, for its limit (packages/fiscal money/limits.ts): every document that
-- moves money read the sum of total_amount over every operation of the shift, under the fiscal
-- lock, and a shift never closed (the bench's million sales) made each sale wait 368 ms for it.
-- The shift's counts (migration 0018) now carry the sum of their operations' total_amount beside
-- their number, kept by the same triggers on the same page, so the limit reads a few rows.
ALTER TABLE row_counts ADD COLUMN amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE shift_counts ADD COLUMN amount INTEGER NOT NULL DEFAULT 0;

UPDATE row_counts SET amount = (
  SELECT COALESCE(SUM(o.total_amount), 0) FROM fiscal_operations o
  WHERE o.shift_id = substr(row_counts.name, 7)
    AND o.operation_type = row_counts.operation_type AND o.status = row_counts.status)
WHERE name LIKE 'shift %';
UPDATE shift_counts SET amount = (
  SELECT COALESCE(SUM(o.total_amount), 0) FROM fiscal_operations o
  WHERE o.shift_id = shift_counts.shift_id
    AND o.operation_type = shift_counts.operation_type AND o.status = shift_counts.status);

-- The triggers of migration 0018, each moving the amount with the count.
DROP TRIGGER shift_counts_insert;
DROP TRIGGER shift_counts_status;
DROP TRIGGER shift_counts_close;

CREATE TRIGGER shift_counts_insert AFTER INSERT ON fiscal_operations
WHEN NEW.shift_id IS NOT NULL BEGIN
  INSERT INTO row_counts (name, operation_type, status, n, amount)
  SELECT 'shift ' || NEW.shift_id, NEW.operation_type, NEW.status, 1, NEW.total_amount
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NULL
  ON CONFLICT DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
  INSERT INTO shift_counts (shift_id, operation_type, status, n, amount)
  SELECT NEW.shift_id, NEW.operation_type, NEW.status, 1, NEW.total_amount
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;

-- The decrement finds its row in whichever table holds the shift's counts; the other matches none.
CREATE TRIGGER shift_counts_status AFTER UPDATE OF status ON fiscal_operations
WHEN OLD.status != NEW.status AND NEW.shift_id IS NOT NULL BEGIN
  UPDATE row_counts SET n = n - 1, amount = amount - OLD.total_amount
  WHERE name = 'shift ' || OLD.shift_id AND operation_type = OLD.operation_type AND status = OLD.status;
  UPDATE shift_counts SET n = n - 1, amount = amount - OLD.total_amount
  WHERE shift_id = OLD.shift_id AND operation_type = OLD.operation_type AND status = OLD.status;
  INSERT INTO row_counts (name, operation_type, status, n, amount)
  SELECT 'shift ' || NEW.shift_id, NEW.operation_type, NEW.status, 1, NEW.total_amount
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NULL
  ON CONFLICT DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
  INSERT INTO shift_counts (shift_id, operation_type, status, n, amount)
  SELECT NEW.shift_id, NEW.operation_type, NEW.status, 1, NEW.total_amount
  WHERE (SELECT closed_at FROM shifts WHERE id = NEW.shift_id) IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;

-- A closed shift never opens again (migration 0004): its counts leave row_counts once.
CREATE TRIGGER shift_counts_close AFTER UPDATE OF closed_at ON shifts
WHEN OLD.closed_at IS NULL AND NEW.closed_at IS NOT NULL BEGIN
  INSERT INTO shift_counts (shift_id, operation_type, status, n, amount)
  SELECT NEW.id, operation_type, status, n, amount FROM row_counts WHERE name = 'shift ' || NEW.id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  DELETE FROM row_counts WHERE name = 'shift ' || NEW.id;
END;
