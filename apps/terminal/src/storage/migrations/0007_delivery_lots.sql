-- Delivery lots: a cart an ERP prepares, sold once from its QR code. The webhook's state is a
-- column of the lot, set to `pending` in the sale's own transaction, so that a crash between
-- the sale and the webhook leaves a row the next start sends (once: `attempted` is written
-- before the request goes out, so a webhook is never sent twice).
CREATE TABLE delivery_lots (
  id TEXT PRIMARY KEY,
  reference TEXT,
  webhook_url TEXT,
  status TEXT NOT NULL CHECK (status IN ('open', 'sold', 'cancelled', 'expired')),
  expires_at TEXT,
  created_at TEXT NOT NULL,
  closed_at TEXT,
  sale_id TEXT UNIQUE REFERENCES sales (id),
  webhook_state TEXT CHECK (webhook_state IN ('pending', 'attempted')),
  webhook_status_code INTEGER,
  webhook_error TEXT,
  webhook_at TEXT,
  -- What the sale did to the lot (the webhook body), fixed in the sale's transaction.
  sold_json TEXT
);

CREATE INDEX delivery_lots_created ON delivery_lots (created_at);

CREATE TABLE delivery_lot_lines (
  lot_id TEXT NOT NULL REFERENCES delivery_lots (id),
  position INTEGER NOT NULL,
  lot_line_id TEXT NOT NULL,
  product_id TEXT,
  name TEXT NOT NULL,
  quantity_milli INTEGER NOT NULL,
  unit_price INTEGER NOT NULL,
  vat_code TEXT NOT NULL,
  allow_decimals INTEGER NOT NULL,
  discount_bp INTEGER NOT NULL,
  discount_absolute INTEGER NOT NULL,
  markup_bp INTEGER NOT NULL,
  markup_absolute INTEGER NOT NULL,
  PRIMARY KEY (lot_id, position),
  UNIQUE (lot_id, lot_line_id)
);

-- Which sale item sold which lot line; extra lines have none.
ALTER TABLE sale_items ADD COLUMN lot_line_id TEXT;
