-- Shifts become records of their own (POST /api/shifts/open and /close): a sequential number,
-- how and by whom they were opened, the drawer when they opened, and, frozen at the close, the
-- totals and the cash counted. A closed shift never changes again.
ALTER TABLE shifts ADD COLUMN number INTEGER;
ALTER TABLE shifts ADD COLUMN opened_by TEXT NOT NULL DEFAULT 'first_operation'
  CHECK (opened_by IN ('request', 'first_operation'));
ALTER TABLE shifts ADD COLUMN cashier_id TEXT;
ALTER TABLE shifts ADD COLUMN cashier_name TEXT;
-- the drawer balance (bani) when the shift opened, and what the cashier counted then, if given
ALTER TABLE shifts ADD COLUMN opening_cash_balance INTEGER NOT NULL DEFAULT 0;
ALTER TABLE shifts ADD COLUMN opening_cash_declared INTEGER;
-- at the close: what the cashier counted, if given, and the totals as they were
ALTER TABLE shifts ADD COLUMN counted_cash INTEGER;
ALTER TABLE shifts ADD COLUMN totals_json TEXT;

-- Shifts opened before this version (by their first operation, none of them closed): numbered
-- in the order they opened, and their opening drawer is what every counted document before
-- their first one left in it (the drawer carries over Z reports).
UPDATE shifts SET number = (
  SELECT COUNT(*) FROM shifts AS earlier
  WHERE earlier.opened_at < shifts.opened_at OR (earlier.opened_at = shifts.opened_at AND earlier.id <= shifts.id)
);
UPDATE shifts SET opening_cash_balance = COALESCE((
  SELECT SUM(o.cash_delta) FROM fiscal_operations o
  WHERE o.status != 'failed'
    AND o.seq < (SELECT MIN(f.seq) FROM fiscal_operations f WHERE f.shift_id = shifts.id)
), 0);
CREATE UNIQUE INDEX shifts_number ON shifts (number);
CREATE INDEX fiscal_operations_shift ON fiscal_operations (shift_id);

-- Duplicate copies of sale receipts (POST /api/sales/{saleId}/duplicate), one row per copy
-- printed; the count is what the duplicate limit is checked against.
CREATE TABLE receipt_copies (
  sale_id TEXT NOT NULL REFERENCES sales(id),
  copy_number INTEGER NOT NULL CHECK (copy_number >= 1),
  printed_at TEXT NOT NULL,
  PRIMARY KEY (sale_id, copy_number)
);
