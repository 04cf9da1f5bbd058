-- rebuilds a table other tables reference
-- Sales keyed by their fiscal operation's seq, without the unique index of their operation's
-- UUID, and with their payments in their row, without the table sale_payments: two b-trees
-- every sale's durable commit wrote a page of (issue 28, docs/benchmarks.md "Issue 28: WAL per
-- sale, schema 29"). An operation's sale is now found by its seq, the table's own key: the
-- lists and reports join `s.seq = o.seq`, and a page of the sales list reads its sales by the
-- page's seqs. A new sale's row goes at the end of the table (seq grows), where the next finds
-- the leaf; one sale per operation is the key's uniqueness, and the sale's operation UUID is the
-- operation's (read through the join), so the column goes. A sale's payments are read only with
-- their sale (SaleStore; a card charge names its payment by position, as before), so they are a
-- JSON array in its row (StoredPayment: paymentType, amount, rrn, notes, in their order).
--
-- This rebuilds the table (one row per sale, copied in order, so the new tree is only appended
-- to; the index of sale ids is built after, sorted once): the runner turns the foreign keys off
-- around it, as SQLite's procedure for a rebuild asks (sale items, refunds, card charges, receipt
-- deliveries and others reference sales(id), kept), and checks every reference before the commit.
CREATE TABLE sales_keyed (
  seq INTEGER PRIMARY KEY REFERENCES fiscal_operations (seq),
  id TEXT NOT NULL,
  purchase_id TEXT NOT NULL,
  subtotal INTEGER NOT NULL,
  cart_discount_amount INTEGER NOT NULL,
  cart_markup_amount INTEGER NOT NULL,
  total INTEGER NOT NULL,
  amount_received INTEGER NOT NULL,
  change_amount INTEGER NOT NULL,
  delivery_json TEXT,
  print_receipt INTEGER NOT NULL,
  cashier_id TEXT,
  cashier_name TEXT,
  created_at TEXT NOT NULL,
  payments_json TEXT NOT NULL
);
-- Each sale's operation seq, found walking both indexes of operation UUIDs in the same order
-- (a lookup per sale in sale order would read a random leaf of the operations' index each).
CREATE TEMP TABLE sale_operation (sale INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
INSERT INTO temp.sale_operation (sale, seq)
SELECT s.rowid, o.seq
FROM sales s INDEXED BY sqlite_autoindex_sales_2
CROSS JOIN fiscal_operations o INDEXED BY sqlite_autoindex_fiscal_operations_1 ON o.id = s.fiscal_operation_id
ORDER BY s.fiscal_operation_id;
-- Each sale's payments as an array, by sale id, written in that order (appended): the array
-- takes a sale's payments in the order the scan of their key (sale id, position) gives them, by
-- position (an ORDER BY inside json_group_array sorts each sale's few rows apart).
CREATE TEMP TABLE sale_payments_json (sale_id TEXT PRIMARY KEY, payments TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO temp.sale_payments_json (sale_id, payments)
SELECT p.sale_id, json_group_array(json_object('paymentType', p.payment_type, 'amount', p.amount, 'rrn', p.rrn,
  'notes', p.notes))
FROM sale_payments p
GROUP BY p.sale_id;
INSERT INTO sales_keyed (seq, id, purchase_id, subtotal, cart_discount_amount, cart_markup_amount, total,
  amount_received, change_amount, delivery_json, print_receipt, cashier_id, cashier_name, created_at, payments_json)
SELECT m.seq, s.id, s.purchase_id, s.subtotal, s.cart_discount_amount, s.cart_markup_amount, s.total,
  s.amount_received, s.change_amount, s.delivery_json, s.print_receipt, s.cashier_id, s.cashier_name, s.created_at,
  COALESCE(j.payments, '[]')
FROM sales s CROSS JOIN temp.sale_operation m ON m.sale = s.rowid
LEFT JOIN temp.sale_payments_json j ON j.sale_id = s.id
ORDER BY s.rowid;
DROP TABLE temp.sale_operation;
DROP TABLE temp.sale_payments_json;
DROP TABLE sale_payments;
DROP TABLE sales;
ALTER TABLE sales_keyed RENAME TO sales;
CREATE UNIQUE INDEX sales_id ON sales (id);
