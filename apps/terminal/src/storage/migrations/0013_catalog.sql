-- The merchant's catalog as the cloud's feed gives it (docs/platform.md), kept on the terminal
-- so that it can sell and log cashiers in while the cloud is away. Rows are upserted by id and
-- removed by the feed's tombstones; catalog_state holds the change cursor, written in the same
-- transaction as the page it follows.
CREATE TABLE catalog_products (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  sku TEXT,
  name_json TEXT NOT NULL,
  -- every translation of the name, lower-cased, for the case-insensitive substring search
  search_text TEXT NOT NULL,
  price_bani INTEGER NOT NULL,
  vat_code TEXT NOT NULL,
  unit TEXT NOT NULL,
  category_id TEXT,
  active INTEGER NOT NULL,
  version INTEGER NOT NULL
);
CREATE INDEX catalog_products_category ON catalog_products (category_id, id);

CREATE TABLE catalog_product_barcodes (
  barcode TEXT NOT NULL,
  product_id TEXT NOT NULL REFERENCES catalog_products (id) ON DELETE CASCADE,
  PRIMARY KEY (barcode, product_id)
);
CREATE INDEX catalog_product_barcodes_product ON catalog_product_barcodes (product_id);

CREATE TABLE catalog_categories (
  id TEXT PRIMARY KEY,
  parent_id TEXT,
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  version INTEGER NOT NULL
);

CREATE TABLE catalog_vat_rates (
  code TEXT PRIMARY KEY,
  rate_basis_points INTEGER NOT NULL,
  exempt INTEGER NOT NULL,
  version INTEGER NOT NULL
);

-- pin_verifier: scrypt parameters, salt and hash as the feed gives them (never a PIN)
CREATE TABLE catalog_cashiers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  pin_verifier TEXT NOT NULL,
  version INTEGER NOT NULL
);

CREATE TABLE catalog_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  cursor TEXT NOT NULL DEFAULT '0',
  last_sync_at TEXT,
  last_error TEXT,
  last_error_at TEXT
);
INSERT INTO catalog_state (id) VALUES (1);
