-- A sale's items and payments are keyed by (sale_id, position) and read by it only. As tables
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
