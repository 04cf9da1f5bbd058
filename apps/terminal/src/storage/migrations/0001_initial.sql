-- Terminal fiscal store, version 1. Amounts are integer minor units (bani), quantities integer
-- thousandths, VAT rates basis points; times are ISO 8601 UTC strings.

-- One row: the device's identity and its fiscal counters.
CREATE TABLE terminal_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  terminal_id TEXT NOT NULL,
  -- number of the Z report currently open (the next Z report closes it)
  report_number INTEGER NOT NULL,
  -- last receipt number issued within the open Z report (0 = none yet)
  last_receipt_number INTEGER NOT NULL,
  -- time of the first fiscal document of the open day; the day expires 24 hours later
  day_started_at TEXT,
  -- secret for offline fiscal codes; never leaves the device
  offline_secret TEXT NOT NULL
);

CREATE TABLE shifts (
  id TEXT PRIMARY KEY,
  opened_at TEXT NOT NULL,
  closed_at TEXT
);
CREATE UNIQUE INDEX shifts_one_open ON shifts ((1)) WHERE closed_at IS NULL;

-- Every document registered (or to be registered) with the fiscal server. `seq` is the order in
-- which they happened, which is the order in which they must reach the server.
CREATE TABLE fiscal_operations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  operation_type TEXT NOT NULL CHECK (operation_type IN ('receipt','refund','cash_in','cash_out','x_report','z_report')),
  receipt_number INTEGER,
  report_number INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','sent','success','failed','offline')),
  is_offline INTEGER NOT NULL DEFAULT 0,
  total_amount INTEGER NOT NULL,
  -- effect on the cash drawer: cash-in +, cash-out -, sale: cash paid - change
  cash_delta INTEGER NOT NULL DEFAULT 0,
  vat_json TEXT NOT NULL,
  payments_json TEXT NOT NULL,
  mev_id TEXT,
  fiscal_code TEXT,
  offline_fiscal_code TEXT,
  mev_response_xml TEXT,
  error_message TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  shift_id TEXT REFERENCES shifts(id),
  created_at TEXT NOT NULL,
  completed_at TEXT,
  UNIQUE (report_number, receipt_number)
);
CREATE INDEX fiscal_operations_created ON fiscal_operations (created_at);
CREATE INDEX fiscal_operations_report ON fiscal_operations (report_number, status);
CREATE INDEX fiscal_operations_queue ON fiscal_operations (status) WHERE status IN ('pending','sent','offline');

CREATE TABLE sales (
  id TEXT PRIMARY KEY,
  purchase_id TEXT NOT NULL,
  fiscal_operation_id TEXT NOT NULL UNIQUE REFERENCES fiscal_operations(id),
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
  created_at TEXT NOT NULL
);
CREATE INDEX sales_created ON sales (created_at);

CREATE TABLE sale_items (
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
  PRIMARY KEY (sale_id, position)
);

CREATE TABLE sale_payments (
  sale_id TEXT NOT NULL REFERENCES sales(id),
  position INTEGER NOT NULL,
  payment_type TEXT NOT NULL,
  amount INTEGER NOT NULL,
  rrn TEXT,
  notes TEXT,
  PRIMARY KEY (sale_id, position)
);

CREATE TABLE cash_operations (
  id TEXT PRIMARY KEY,
  fiscal_operation_id TEXT NOT NULL UNIQUE REFERENCES fiscal_operations(id),
  operation_type TEXT NOT NULL CHECK (operation_type IN ('cashIn','cashOut')),
  amount INTEGER NOT NULL,
  reason TEXT,
  new_balance INTEGER NOT NULL,
  print_receipt INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

-- Idempotency-Key records. `resource_*` is linked in the same transaction that writes the
-- operation, so a retry after a crash finds the operation instead of creating a second one.
CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('processing','completed')),
  status_code INTEGER,
  response_body TEXT,
  resource_kind TEXT,
  resource_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
