-- What a sale reads and writes under the fiscal lock (issue 28, docs/benchmarks.md "Issue 28:
-- the sale's own work").
--
-- 1. A sale's items and payments are keyed by (sale_id, position) and read by it only. As tables
-- with a rowid each kept that key twice, in the table and in the index of its primary key, so
-- every sale wrote two b-tree pages per table to its durable commit. WITHOUT ROWID they are
-- the one b-tree of their key: two pages fewer in the WAL per sale (docs/benchmarks.md, "Issue
-- 28: the sale's own work"). Their rows are small (a line, a payment), which is where WITHOUT
-- ROWID pays. Nothing refers to these tables, so they are rebuilt and renamed in place.
CREATE TABLE sale_items_keyed (
  sale_id TEXT NOT NULL REFERENCES sales(id),
  position INTEGER NOT NULL,
  product_id TEXT,
  name TEXT NOT NULL,
  quantity_milli INTEGER NOT NULL,
  unit_price INTEGER NOT NULL,
  original_amount INTEGER NOT NULL,
  discount_amount INTEGER NOT NULL,
  markup_amount INTEGER NOT NULL,
  net_amount INTEGER NOT NULL,
  vat_code TEXT NOT NULL,
  vat_rate_bp INTEGER,
  vat_amount INTEGER NOT NULL,
  -- Which lot line it sold (migration 0007); extra lines have none.
  lot_line_id TEXT,
  PRIMARY KEY (sale_id, position)
) WITHOUT ROWID;
INSERT INTO sale_items_keyed (sale_id, position, product_id, name, quantity_milli, unit_price,
  original_amount, discount_amount, markup_amount, net_amount, vat_code, vat_rate_bp, vat_amount, lot_line_id)
SELECT sale_id, position, product_id, name, quantity_milli, unit_price,
  original_amount, discount_amount, markup_amount, net_amount, vat_code, vat_rate_bp, vat_amount, lot_line_id
FROM sale_items;
DROP TABLE sale_items;
ALTER TABLE sale_items_keyed RENAME TO sale_items;

CREATE TABLE sale_payments_keyed (
  sale_id TEXT NOT NULL REFERENCES sales(id),
  position INTEGER NOT NULL,
  payment_type TEXT NOT NULL,
  amount INTEGER NOT NULL,
  rrn TEXT,
  notes TEXT,
  PRIMARY KEY (sale_id, position)
) WITHOUT ROWID;
INSERT INTO sale_payments_keyed (sale_id, position, payment_type, amount, rrn, notes)
SELECT sale_id, position, payment_type, amount, rrn, notes FROM sale_payments;
DROP TABLE sale_payments;
ALTER TABLE sale_payments_keyed RENAME TO sale_payments;

-- 2. The open report's turnover, for the day's limit (packages/fiscal money/limits.ts): every
-- document that moves money summed total_amount over every operation of the day under the
-- fiscal lock (2-3 ms at 2,000 sales, growing with the day). The open report's counts and
-- amounts are kept beside the shift's (migration 0019), named 'report <n>', by triggers, on the
-- row_counts page a sale already writes; they leave row_counts when the Z report closes the
-- report (nothing reads a closed report's turnover: its Z report holds its totals). A status
-- change of an operation of a closed report (an offline one registered later) finds no row.
INSERT INTO row_counts (name, operation_type, status, n, amount)
SELECT 'report ' || report_number, operation_type, status, COUNT(*), SUM(total_amount)
FROM fiscal_operations WHERE report_number = (SELECT report_number FROM terminal_state)
GROUP BY report_number, operation_type, status;

CREATE TRIGGER report_counts_insert AFTER INSERT ON fiscal_operations
WHEN NEW.report_number = (SELECT report_number FROM terminal_state) BEGIN
  INSERT INTO row_counts (name, operation_type, status, n, amount)
  VALUES ('report ' || NEW.report_number, NEW.operation_type, NEW.status, 1, NEW.total_amount)
  ON CONFLICT DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;

CREATE TRIGGER report_counts_status AFTER UPDATE OF status ON fiscal_operations
WHEN OLD.status != NEW.status AND NEW.report_number = (SELECT report_number FROM terminal_state) BEGIN
  UPDATE row_counts SET n = n - 1, amount = amount - OLD.total_amount
  WHERE name = 'report ' || OLD.report_number AND operation_type = OLD.operation_type AND status = OLD.status;
  INSERT INTO row_counts (name, operation_type, status, n, amount)
  VALUES ('report ' || NEW.report_number, NEW.operation_type, NEW.status, 1, NEW.total_amount)
  ON CONFLICT DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;

CREATE TRIGGER report_counts_close AFTER UPDATE OF report_number ON terminal_state
WHEN OLD.report_number != NEW.report_number BEGIN
  DELETE FROM row_counts WHERE name = 'report ' || OLD.report_number;
END;
