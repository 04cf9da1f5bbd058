-- Returns (POST /api/sales/{saleId}/refund): each one is a fiscal operation of type `refund`
-- (its total, VAT per code, payments and cash delta are on the operation, as for a sale); these
-- rows say what it returned of which sale, so that what is left to return, per line and per
-- payment type, is known. Written in the operation's own transaction.
CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  sale_id TEXT NOT NULL REFERENCES sales(id),
  fiscal_operation_id TEXT NOT NULL UNIQUE REFERENCES fiscal_operations(id),
  total INTEGER NOT NULL CHECK (total > 0),
  reason TEXT,
  print_receipt INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX refunds_sale ON refunds (sale_id);

-- item_index: the position in the sale's items (GET /api/sales/{saleId}).
CREATE TABLE refund_items (
  refund_id TEXT NOT NULL REFERENCES refunds(id),
  item_index INTEGER NOT NULL,
  quantity_milli INTEGER NOT NULL CHECK (quantity_milli > 0),
  amount INTEGER NOT NULL,
  vat_amount INTEGER NOT NULL,
  PRIMARY KEY (refund_id, item_index)
) WITHOUT ROWID;

-- card_transaction_id: the card journal's refund when the terminal gave it back on its card
-- terminal; null for cash and for a card payment charged elsewhere (recorded only).
CREATE TABLE refund_payments (
  refund_id TEXT NOT NULL REFERENCES refunds(id),
  position INTEGER NOT NULL,
  payment_type TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  card_transaction_id TEXT REFERENCES card_transactions(id),
  PRIMARY KEY (refund_id, position)
) WITHOUT ROWID;

-- What went back of a card purchase, by its RRN or cheque number (card-journal.ts returnedOf).
CREATE INDEX card_transactions_target_rrn ON card_transactions (target_rrn) WHERE target_rrn IS NOT NULL;
CREATE INDEX card_transactions_target_cheque ON card_transactions (target_cheque_number)
  WHERE target_cheque_number IS NOT NULL;
